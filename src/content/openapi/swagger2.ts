import { isRecord } from '../../shared/is-record';
import { holdsData } from './data-values';
import type { OpenApiDocument } from './types';

// Swagger 2.0 documents are still common (Go's swag writes them, redocusaurus and the Docusaurus OpenAPI
// plugins read them). docsite reads OpenAPI 3, so a Swagger 2.0 document is converted in memory first:
// the same operations, parameters, bodies, responses, schemas and security schemes, in their OpenAPI 3.0
// places. Anything converted wrongly is then caught by the same schema check as any document.

type Json = Record<string, unknown>;

const DEFAULT_MEDIA_TYPE = 'application/json';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];

/** Where Swagger 2.0 keeps reusable parts -> where OpenAPI 3 does. */
const REF_PREFIXES: [from: string, to: string][] = [
  ['#/definitions/', '#/components/schemas/'],
  ['#/parameters/', '#/components/parameters/'],
  ['#/responses/', '#/components/responses/'],
];

/** The Swagger 2.0 pointer a converted pointer came from, as near as it exists (for lines in messages). */
export function swaggerPointerOf(pointer: string): string {
  for (const [from, to] of [...REF_PREFIXES, ['#/securityDefinitions/', '#/components/securitySchemes/'] as const]) {
    if (pointer.startsWith(to)) return from + pointer.slice(to.length);
  }
  // A body parameter became the request body; the operation is the nearest place both documents share.
  return pointer.replace(/\/requestBody(\/.*)?$/, '').replace(/\/responses\/([^/]+)\/content\/[^/]+\/schema/, '/responses/$1/schema');
}

export function convertSwagger2(swagger: Json): OpenApiDocument {
  const globalConsumes = stringList(swagger.consumes) ?? [];
  const globalProduces = stringList(swagger.produces) ?? [];
  const sharedParameters = isRecord(swagger.parameters) ? swagger.parameters : {};
  const document: Json = { openapi: '3.0.3', info: swagger.info };
  const servers = serversOf(swagger);
  if (servers.length) document.servers = servers;
  for (const key of ['tags', 'externalDocs', 'security']) if (swagger[key] !== undefined) document[key] = swagger[key];
  for (const [key, value] of Object.entries(swagger)) if (key.startsWith('x-')) document[key] = value;

  const paths: Json = {};
  for (const [path, rawItem] of Object.entries(isRecord(swagger.paths) ? swagger.paths : {})) {
    if (!isRecord(rawItem)) {
      paths[path] = rawItem;
      continue;
    }
    const item: Json = {};
    const itemParameters = Array.isArray(rawItem.parameters) ? rawItem.parameters : [];
    for (const [key, value] of Object.entries(rawItem)) {
      if (METHODS.includes(key) && isRecord(value)) item[key] = operationOf(value, itemParameters, { consumes: globalConsumes, produces: globalProduces, sharedParameters });
      else if (key === 'parameters') {
        const plain = itemParameters.filter((parameter) => !isBodyLike(resolveShared(parameter, sharedParameters)));
        if (plain.length) item.parameters = plain.map(parameterOf);
      } else item[key] = value;
    }
    paths[path] = item;
  }
  document.paths = paths;

  const components: Json = {};
  if (isRecord(swagger.definitions)) components.schemas = mapValues(swagger.definitions, schemaOf);
  const plainShared = Object.entries(sharedParameters).filter(([, parameter]) => !isBodyLike(parameter));
  if (plainShared.length) components.parameters = Object.fromEntries(plainShared.map(([name, parameter]) => [name, parameterOf(parameter)]));
  if (isRecord(swagger.responses)) components.responses = mapValues(swagger.responses, (response) => responseOf(response, globalProduces));
  if (isRecord(swagger.securityDefinitions)) components.securitySchemes = mapValues(swagger.securityDefinitions, securitySchemeOf);
  if (Object.keys(components).length) document.components = components;
  return rewriteRefs(document) as unknown as OpenApiDocument;
}

interface Defaults {
  consumes: string[];
  produces: string[];
  sharedParameters: Json;
}

function operationOf(operation: Json, itemParameters: unknown[], defaults: Defaults): Json {
  const converted: Json = {};
  const consumes = stringList(operation.consumes) ?? defaults.consumes;
  const produces = stringList(operation.produces) ?? defaults.produces;
  for (const [key, value] of Object.entries(operation)) {
    if (['parameters', 'responses', 'consumes', 'produces', 'schemes'].includes(key)) continue;
    converted[key] = value;
  }
  const own = Array.isArray(operation.parameters) ? operation.parameters : [];
  const plain = own.filter((parameter) => !isBodyLike(resolveShared(parameter, defaults.sharedParameters)));
  if (plain.length) converted.parameters = plain.map(parameterOf);
  // The body (or form fields) of the operation, else the path's: the operation's override the path's.
  const bodyLike = [...itemParameters, ...own].map((parameter) => resolveShared(parameter, defaults.sharedParameters)).filter(isBodyLike);
  const requestBody = requestBodyOf(bodyLike, consumes);
  if (requestBody) converted.requestBody = requestBody;
  if (isRecord(operation.responses)) converted.responses = mapValues(operation.responses, (response) => responseOf(response, produces));
  return converted;
}

function requestBodyOf(parameters: Json[], consumes: string[]): Json | undefined {
  const body = parameters.filter((parameter) => parameter.in === 'body').at(-1);
  if (body) {
    const schema = schemaOf(body.schema);
    return {
      ...(typeof body.description === 'string' ? { description: body.description } : {}),
      ...(body.required === true ? { required: true } : {}),
      content: Object.fromEntries((consumes.length ? consumes : [DEFAULT_MEDIA_TYPE]).map((type) => [type, { schema }])),
    };
  }
  const fields = parameters.filter((parameter) => parameter.in === 'formData');
  if (!fields.length) return undefined;
  const hasFile = fields.some((field) => field.type === 'file');
  const types = consumes.filter((type) => type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded');
  const mediaTypes = types.length ? types : [hasFile ? 'multipart/form-data' : 'application/x-www-form-urlencoded'];
  const required = fields.filter((field) => field.required === true).map((field) => String(field.name));
  const schema: Json = {
    type: 'object',
    properties: Object.fromEntries(fields.map((field) => [String(field.name), { ...schemaOf(plainSchemaOf(field)), ...(typeof field.description === 'string' ? { description: field.description } : {}) }])),
    ...(required.length ? { required } : {}),
  };
  return { ...(required.length ? { required: true } : {}), content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])) };
}

/** A query, path, header or form parameter: its type keys move into `schema`. */
function parameterOf(raw: unknown): unknown {
  if (!isRecord(raw) || typeof raw.$ref === 'string') return raw;
  const parameter: Json = {};
  for (const key of ['name', 'in', 'description', 'required', 'deprecated', 'allowEmptyValue']) if (raw[key] !== undefined) parameter[key] = raw[key];
  for (const [key, value] of Object.entries(raw)) if (key.startsWith('x-')) parameter[key] = value;
  parameter.schema = schemaOf(plainSchemaOf(raw));
  // A query array is comma-separated unless `multi` (the name repeated), as OpenAPI 3's form style says with explode.
  if (raw.type === 'array' && raw.in === 'query') Object.assign(parameter, { style: 'form', explode: raw.collectionFormat === 'multi' });
  return parameter;
}

/** The JSON Schema keys of a non-body parameter or a header. */
function plainSchemaOf(raw: Json): Json {
  const keys = ['type', 'format', 'items', 'enum', 'default', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems', 'uniqueItems', 'multipleOf'];
  return Object.fromEntries(keys.filter((key) => raw[key] !== undefined).map((key) => [key, raw[key]]));
}

function responseOf(raw: unknown, produces: string[]): unknown {
  if (!isRecord(raw) || typeof raw.$ref === 'string') return raw;
  const response: Json = { description: typeof raw.description === 'string' ? raw.description : '' };
  const examples = isRecord(raw.examples) ? raw.examples : {};
  if (raw.schema !== undefined || Object.keys(examples).length) {
    const types = [...new Set([...(produces.length ? produces : [DEFAULT_MEDIA_TYPE]), ...Object.keys(examples)])];
    response.content = Object.fromEntries(
      types.map((type) => [type, { ...(raw.schema !== undefined ? { schema: schemaOf(raw.schema) } : {}), ...(examples[type] !== undefined ? { example: examples[type] } : {}) }]),
    );
  }
  if (isRecord(raw.headers)) {
    response.headers = mapValues(raw.headers, (header) => (isRecord(header) ? { ...(typeof header.description === 'string' ? { description: header.description } : {}), schema: schemaOf(plainSchemaOf(header)) } : header));
  }
  for (const [key, value] of Object.entries(raw)) if (key.startsWith('x-')) response[key] = value;
  return response;
}

/** Swagger 2.0 schemas are nearly OpenAPI 3.0's: `type: file`, `x-nullable` and the discriminator differ. */
function schemaOf(raw: unknown): Json {
  if (!isRecord(raw)) return {};
  const schema: Json = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'x-nullable') schema.nullable = value === true;
    else if (key === 'discriminator' && typeof value === 'string') schema.discriminator = { propertyName: value };
    else if (key === 'type' && value === 'file') Object.assign(schema, { type: 'string', format: 'binary' });
    else if (key === 'items' || key === 'additionalProperties') schema[key] = isRecord(value) ? schemaOf(value) : value;
    else if (key === 'properties' && isRecord(value)) schema.properties = mapValues(value, schemaOf);
    else if (key === 'allOf' && Array.isArray(value)) schema.allOf = value.map(schemaOf);
    else schema[key] = value;
  }
  return schema;
}

function securitySchemeOf(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  const description = typeof raw.description === 'string' ? { description: raw.description } : {};
  if (raw.type === 'basic') return { type: 'http', scheme: 'basic', ...description };
  if (raw.type !== 'oauth2') return raw;
  const scopes = isRecord(raw.scopes) ? raw.scopes : {};
  const urls = { ...(typeof raw.authorizationUrl === 'string' ? { authorizationUrl: raw.authorizationUrl } : {}), ...(typeof raw.tokenUrl === 'string' ? { tokenUrl: raw.tokenUrl } : {}) };
  const flow = ({ implicit: 'implicit', password: 'password', application: 'clientCredentials', accessCode: 'authorizationCode' } as Record<string, string>)[String(raw.flow)] ?? 'implicit';
  return { type: 'oauth2', ...description, flows: { [flow]: { ...urls, scopes } } };
}

function serversOf(swagger: Json): Json[] {
  const basePath = typeof swagger.basePath === 'string' ? swagger.basePath : '';
  if (typeof swagger.host !== 'string') return basePath && basePath !== '/' ? [{ url: basePath }] : [];
  const schemes = stringList(swagger.schemes) ?? ['https'];
  return (schemes.length ? schemes : ['https']).map((scheme) => ({ url: `${scheme}://${swagger.host as string}${basePath === '/' ? '' : basePath}` }));
}

function isBodyLike(parameter: unknown): parameter is Json {
  return isRecord(parameter) && (parameter.in === 'body' || parameter.in === 'formData');
}

/** A `#/parameters/X` reference, resolved: a shared body parameter becomes a request body, not a parameter. */
function resolveShared(parameter: unknown, shared: Json): unknown {
  if (isRecord(parameter) && typeof parameter.$ref === 'string' && parameter.$ref.startsWith('#/parameters/')) return shared[parameter.$ref.slice('#/parameters/'.length)] ?? parameter;
  return parameter;
}

function rewriteRefs(value: unknown, path: (string | number)[] = []): unknown {
  if (Array.isArray(value)) return value.map((item, index) => rewriteRefs(item, [...path, index]));
  if (!isRecord(value)) return value;
  const result: Json = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string') {
      const prefix = REF_PREFIXES.find(([from]) => child.startsWith(from));
      result[key] = prefix ? prefix[1] + child.slice(prefix[0].length) : child;
    } else result[key] = holdsData(path, key, child) ? child : rewriteRefs(child, [...path, key]);
  }
  return result;
}

function mapValues(record: Json, map: (value: unknown) => unknown): Json {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
}
