import type { ApiCredential, ApiMediaType, ApiOperationPageData, ApiParameter, ApiResponse, ApiSecurityScheme, ApiServerChoice } from '../../shared/api';
import type { TocItem } from '../../shared/types';
import type { ExpansionBudget } from './budget';
import { codeSamples, type SampleRequest } from './code-samples';
import { mediaTypeExamples, parameterValue, type NamedExample } from './examples';
import type { OperationEntry } from './operations';
import { deref } from './refs';
import { schemaTree, type SchemaTreeContext } from './schema-tree';
import type { HeaderObject, MediaTypeObject, OpenApiDocument, ParameterObject, RequestBodyObject, ResponseObject, SecuritySchemeObject, ServerObject } from './types';
import { plainText } from './markdown';

// One operation -> the data of its page: parameters by location, request body, responses with
// schema trees and examples, authentication, and code samples. Highlighting is the caller's
// (`highlight`), so this stays synchronous and testable.

export interface OperationPageContext {
  document: OpenApiDocument;
  markdown(text: string | undefined): string | undefined;
  /** Code -> highlighted HTML block; code in sections that each start at the language's top level is highlighted section by section. */
  highlight(code: string | readonly string[], lang: string): string;
  /** Bounds the expansion of the operation's schemas and examples (budget.ts); its `part` names what is being expanded. */
  budget?: ExpansionBudget;
  /** How far shared schemas are expanded inline, and the pages of those shown as links (schema-tree.ts). */
  components?: Pick<SchemaTreeContext, 'inlineComponents' | 'inlineComponentSize' | 'componentHref'>;
}

export type OperationPageCore = Omit<ApiOperationPageData, 'permalink' | 'specUrl' | 'breadcrumbs' | 'previous' | 'next' | 'versionLabel'>;

const LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;
const LOCATION_TITLES = { path: 'Path parameters', query: 'Query parameters', header: 'Header parameters', cookie: 'Cookie parameters' };

export function operationPage(entry: OperationEntry, context: OperationPageContext): OperationPageCore {
  const { document, markdown } = context;
  const { operation } = entry;

  const { budget } = context;
  /** Names the part of the operation being expanded, for an error when its budget runs out. */
  const expanding = (part: string) => {
    if (budget) budget.part = part;
  };

  const parameters = entry.parameters.map((parameter): ApiParameter => {
    expanding(`the ${parameter.in} parameter "${parameter.name}"`);
    return parameterData(parameter, parameter.name, parameter.in, context);
  });
  const body = operation.requestBody ? deref<RequestBodyObject>(document, operation.requestBody).value : undefined;
  // Examples of each request media type, worked out once: the page shows them, the code samples send the first.
  const bodyMedia = Object.entries(body?.content ?? {}).map(([mediaType, media]) => {
    expanding(`the request body (${mediaType})`);
    return { mediaType, media, examples: bodyExamples(mediaType, media, 'request', document, budget) };
  });
  const requestBody = body && {
    required: body.required === true,
    ...optional('descriptionHtml', markdown(body.description)),
    content: bodyMedia.map(({ mediaType, media, examples }) => {
      expanding(`the request body (${mediaType})`);
      return mediaTypeData(mediaType, media, examples, context);
    }),
  };
  // A schema that an earlier response already shows (a 201 like the 200, a 401 like the 400) is shown once.
  const shownSchemas = new Map<string, string>();
  const responses = Object.entries(operation.responses ?? {}).map(([status, raw]): ApiResponse => {
    const response = deref<ResponseObject>(document, raw).value ?? {};
    return {
      status,
      ...optional('statusText', statusText(status)),
      ...optional('descriptionHtml', markdown(response.description)),
      headers: Object.entries(response.headers ?? {}).map(([name, header]) => {
        expanding(`the header "${name}" of the ${status} response`);
        return parameterData(deref<HeaderObject>(document, header).value ?? {}, name, 'header', context);
      }),
      content: Object.entries(response.content ?? {}).map(([mediaType, media]) => {
        expanding(`the ${status} response (${mediaType})`);
        const examples = bodyExamples(mediaType, media, 'response', document, budget);
        const key = schemaKey(mediaType, media);
        const sameAs = key === undefined ? undefined : shownSchemas.get(key);
        if (sameAs !== undefined) return { ...mediaTypeData(mediaType, { ...media, schema: undefined }, examples, context), schemaSameAs: sameAs };
        if (key !== undefined) shownSchemas.set(key, status);
        return mediaTypeData(mediaType, media, examples, context);
      }),
    };
  });
  const security = securityOf(entry, document, markdown);
  // A webhook is a request the API sends: no server of the API's to call, no "call it" sample; its payload is the sample.
  const server = entry.webhook ? '' : serverUrl(entry.servers);
  const samples = entry.webhook ? [] : codeSamples(sampleRequest(entry, bodyMedia[0], security, server, document)).map((sample) => ({ language: sample.language, label: sample.label, code: sample.code, html: context.highlight(sample.sections, sample.highlight) }));

  const toc: TocItem[] = [];
  if (security.length) toc.push({ id: 'authorization', value: 'Authorization', level: 2 });
  if (!entry.webhook) toc.push({ id: 'request-sample', value: 'Request sample', level: 2 });
  if (parameters.length) {
    toc.push({ id: 'parameters', value: 'Parameters', level: 2 });
    for (const location of LOCATIONS) if (parameters.some((parameter) => parameter.in === location)) toc.push({ id: `${location}-parameters`, value: LOCATION_TITLES[location], level: 3 });
  }
  if (requestBody) toc.push({ id: 'request-body', value: entry.webhook ? 'Payload' : 'Request body', level: 2 });
  if (responses.length) {
    toc.push({ id: 'responses', value: 'Responses', level: 2 });
    for (const response of responses) toc.push({ id: `response-${response.status.toLowerCase()}`, value: `${response.status} ${response.statusText ?? ''}`.trim(), level: 3 });
  }

  const description = plainText(operation.description) ?? plainText(operation.summary);
  return {
    kind: 'apiOperation',
    method: entry.method,
    path: entry.path,
    title: operation.summary?.trim() || operation.operationId || `${entry.method.toUpperCase()} ${entry.path}`,
    deprecated: operation.deprecated === true,
    ...(entry.webhook ? { webhook: true } : {}),
    ...(operation.operationId ? { operationId: operation.operationId } : {}),
    ...(description ? { description } : {}),
    ...optional('descriptionHtml', markdown(operation.description)),
    tags: entry.tags,
    ...(server ? { server } : {}),
    ...(entry.servers?.length ? { servers: entry.servers.map(serverChoice) } : {}),
    security,
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses,
    samples,
    toc,
  };
}

/** A parameter, or a response header (named by its key, always in the header). */
function parameterData(parameter: Partial<ParameterObject>, name: string, location: ApiParameter['in'], context: OperationPageContext): ApiParameter {
  const { document, markdown } = context;
  const schema = parameter.schema ?? Object.values(parameter.content ?? {})[0]?.schema;
  const example = parameter.example ?? firstExample(parameter.examples, document);
  return {
    name,
    in: location,
    required: parameter.required === true || location === 'path',
    deprecated: parameter.deprecated === true,
    ...optional('descriptionHtml', markdown(parameter.description)),
    ...(schema ? { schema: schemaTree(schema, treeContext(context)) } : {}),
    ...(example !== undefined ? { example: JSON.stringify(example) } : {}),
  };
}

/** JSON bodies get examples; others (files, text) show their schema only. */
function bodyExamples(mediaType: string, media: MediaTypeObject, direction: 'request' | 'response', document: OpenApiDocument, budget: ExpansionBudget | undefined): NamedExample[] {
  return isJsonLike(mediaType) ? mediaTypeExamples(document, media, direction, budget) : [];
}

function mediaTypeData(mediaType: string, media: MediaTypeObject, examples: NamedExample[], context: OperationPageContext): ApiMediaType {
  const render = (value: unknown) => context.highlight(typeof value === 'string' && !isJsonLike(mediaType) ? value : JSON.stringify(value, null, 2), 'json');
  return {
    mediaType,
    ...(media.schema ? { schema: schemaTree(media.schema, treeContext(context)) } : {}),
    ...(examples.length === 1 ? { exampleHtml: render(examples[0]!.value) } : {}),
    ...(examples.length > 1 ? { examples: examples.map((example) => ({ name: example.name, ...(example.summary ? { summary: example.summary } : {}), html: render(example.value) })) } : {}),
  };
}

/** Identifies a media type's schema as written (a `$ref`, or the inline schema's text); undefined when it has none. */
function schemaKey(mediaType: string, media: MediaTypeObject): string | undefined {
  if (!media.schema) return undefined;
  try {
    return `${mediaType}\0${JSON.stringify(media.schema)}`;
  } catch {
    // Not plain data (a cycle the loader left): never called the same as another.
    return undefined;
  }
}

function treeContext({ document, markdown, budget, components }: OperationPageContext): SchemaTreeContext {
  return { document, markdown, ...(budget ? { budget } : {}), ...components };
}

function isJsonLike(mediaType: string): boolean {
  return /[/+]json\b/i.test(mediaType) || mediaType === '*/*';
}

function firstExample(examples: ParameterObject['examples'], document: OpenApiDocument): unknown {
  const first = Object.values(examples ?? {})[0];
  return first ? deref(document, first).value?.value : undefined;
}

/** `{ [key]: value }` when there is a value, `{}` otherwise: spread into data that omits empty fields. */
export function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value ? { [key]: value } : {}) as { [P in K]?: string };
}

/** The operation's security alternatives (or the document's), each scheme described for readers. */
function securityOf(entry: OperationEntry, document: OpenApiDocument, markdown: OperationPageContext['markdown']): ApiSecurityScheme[][] {
  // The document's `security` is how callers authenticate to the API; it says nothing of the requests the API sends (webhooks).
  const requirements = entry.operation.security ?? (entry.webhook ? [] : document.security) ?? [];
  return requirements
    .filter((requirement) => Object.keys(requirement).length > 0)
    .map((requirement) =>
      Object.entries(requirement).map(([key, scopes]) => {
        const scheme = deref<SecuritySchemeObject>(document, document.components?.securitySchemes?.[key] ?? ({} as SecuritySchemeObject)).value;
        return describeScheme(key, scheme, markdown, scopes);
      }),
    );
}

export function describeScheme(key: string, scheme: SecuritySchemeObject | undefined, markdown: OperationPageContext['markdown'], scopes: string[] = []): ApiSecurityScheme {
  const credential = credentialOf(scheme);
  return { key, label: schemeLabel(key, scheme), ...optional('descriptionHtml', markdown(scheme?.description)), ...(scopes.length ? { scopes } : {}), ...(credential ? { credential } : {}) };
}

function credentialOf(scheme: SecuritySchemeObject | undefined): ApiCredential | undefined {
  switch (scheme?.type) {
    case 'apiKey':
      return scheme.name && scheme.in ? { kind: 'apiKey', in: scheme.in, name: scheme.name } : undefined;
    case 'http': {
      const kind = scheme.scheme?.toLowerCase();
      return kind === 'bearer' || kind === 'basic' ? { kind } : undefined;
    }
    case 'oauth2':
    case 'openIdConnect':
      return { kind: 'bearer' };
    default:
      return undefined;
  }
}

function serverChoice(server: ServerObject): ApiServerChoice {
  const variables = Object.entries(server.variables ?? {}).map(([name, variable]) => ({ name, default: String(variable.default), ...(variable.enum ? { enum: variable.enum.map(String) } : {}) }));
  return { url: server.url, ...optional('description', server.description?.trim()), ...(variables.length ? { variables } : {}) };
}

function schemeLabel(key: string, scheme: SecuritySchemeObject | undefined): string {
  switch (scheme?.type) {
    case undefined:
      return key;
    case 'apiKey':
      if (scheme.in === 'cookie') return `Cookie ${scheme.name}`;
      return scheme.in === 'header' ? `API key in header ${scheme.name}` : `API key in query parameter ${scheme.name}`;
    case 'http':
      if (scheme.scheme?.toLowerCase() === 'bearer') return `Bearer token${scheme.bearerFormat ? ` (${scheme.bearerFormat})` : ''} in the Authorization header`;
      return scheme.scheme ? `HTTP ${scheme.scheme} authentication` : 'HTTP authentication';
    case 'oauth2':
      return 'OAuth 2.0';
    case 'openIdConnect':
      return 'OpenID Connect';
    default:
      return 'Mutual TLS';
  }
}

/** The first server's URL with its variables at their defaults; "" (site-relative) without servers. */
export function serverUrl(servers: OpenApiDocument['servers']): string {
  const server = servers?.[0];
  if (!server) return '';
  return server.url.replace(/\{([^}]+)\}/g, (_, name: string) => server.variables?.[name]?.default ?? `{${name}}`).replace(/\/$/, '');
}

function sampleRequest(entry: OperationEntry, body: { mediaType: string; media: MediaTypeObject; examples: NamedExample[] } | undefined, security: ApiSecurityScheme[][], server: string, document: OpenApiDocument): SampleRequest {
  const value = (parameter: ParameterObject) => parameterValue(document, parameter);
  const path = entry.path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const parameter = entry.parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
    return parameter ? encodeURIComponent(value(parameter)) : whole;
  });
  const query = entry.parameters
    .filter((parameter) => parameter.in === 'query' && parameter.required)
    .map((parameter) => `${encodeURIComponent(parameter.name)}=${encodeURIComponent(value(parameter))}`);
  const headers: [string, string][] = [];
  for (const scheme of security[0] ?? []) {
    const definition = deref<SecuritySchemeObject>(document, document.components?.securitySchemes?.[scheme.key] ?? ({} as SecuritySchemeObject)).value;
    if (definition?.type === 'apiKey' && definition.in === 'header' && definition.name) headers.push([definition.name, 'YOUR_API_KEY']);
    else if (definition?.type === 'apiKey' && definition.in === 'cookie' && definition.name) headers.push(['Cookie', `${definition.name}=YOUR_SESSION_TOKEN`]);
    else if (definition?.type === 'http' && definition.scheme?.toLowerCase() === 'basic') headers.push(['Authorization', 'Basic BASE64_USER_AND_PASSWORD']);
    else if (definition?.type === 'http' || definition?.type === 'oauth2' || definition?.type === 'openIdConnect') headers.push(['Authorization', 'Bearer YOUR_ACCESS_TOKEN']);
  }
  for (const parameter of entry.parameters) if (parameter.in === 'header' && parameter.required) headers.push([parameter.name, value(parameter)]);
  const accept = Object.values(entry.operation.responses ?? {})
    .map((response) => Object.keys(deref<ResponseObject>(document, response).value?.content ?? {}))
    .flat()[0];
  if (accept && accept !== 'application/json') headers.push(['Accept', accept]);
  else if (accept) headers.push(['Accept', 'application/json']);

  const request: SampleRequest = { method: entry.method, url: `${server}${path}${query.length ? `?${query.join('&')}` : ''}`, headers };
  if (body) {
    const { mediaType, media, examples } = body;
    if (/multipart\/form-data|application\/x-www-form-urlencoded/.test(mediaType)) request.body = { mediaType, form: formFields(media, document) };
    else request.body = { mediaType, ...(examples[0] ? { json: examples[0].value } : {}) };
  }
  return request;
}

function formFields(media: MediaTypeObject, document: OpenApiDocument): [string, string, boolean][] {
  const schema = media.schema ? deref(document, media.schema).value : undefined;
  const required = new Set(schema?.required ?? []);
  return Object.entries(schema?.properties ?? {})
    .filter(([name]) => required.size === 0 || required.has(name))
    .map(([name, raw]) => {
      const property = deref(document, raw).value ?? {};
      const isFile = property.format === 'binary' || property.contentMediaType !== undefined;
      const example = property.example ?? property.default;
      return [name, isFile ? `./${name === 'assetData' || name === 'file' ? 'photo.jpg' : `${name}.bin`}` : example === undefined ? `<${name}>` : String(example), isFile];
    });
}

const STATUS_TEXT: Record<string, string> = {
  '200': 'OK', '201': 'Created', '202': 'Accepted', '204': 'No Content', '206': 'Partial Content', '301': 'Moved Permanently', '302': 'Found', '304': 'Not Modified',
  '400': 'Bad Request', '401': 'Unauthorized', '403': 'Forbidden', '404': 'Not Found', '405': 'Method Not Allowed', '409': 'Conflict', '410': 'Gone', '413': 'Payload Too Large',
  '415': 'Unsupported Media Type', '422': 'Unprocessable Entity', '429': 'Too Many Requests', '500': 'Internal Server Error', '502': 'Bad Gateway', '503': 'Service Unavailable',
  '1XX': 'Informational', '2XX': 'Success', '3XX': 'Redirection', '4XX': 'Client error', '5XX': 'Server error', default: 'Other responses',
};

export function statusText(status: string): string {
  return STATUS_TEXT[status.toUpperCase()] ?? STATUS_TEXT[status] ?? '';
}
