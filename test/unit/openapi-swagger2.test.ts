import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { loadSpec } from '../../src/content/openapi/load-spec';
import { makeSite, removeSite } from '../helpers';

// A Swagger 2.0 document is read converted to OpenAPI 3.0: operations, parameters, bodies, form fields,
// responses, schemas and security schemes in their OpenAPI 3 places, references rewritten.

const sites: string[] = [];
after(() => sites.forEach(removeSite));

async function load(spec: unknown) {
  const text = JSON.stringify(spec, null, 2);
  const dir = makeSite({ 'api/swagger.json': text }, null);
  sites.push(dir);
  return { text, spec: await loadSpec(join(dir, 'api/swagger.json'), dir) };
}

const SWAGGER = {
  swagger: '2.0',
  info: { title: 'Pets', version: '1' },
  host: 'pets.example',
  basePath: '/v1',
  schemes: ['https'],
  consumes: ['application/json'],
  produces: ['application/json'],
  securityDefinitions: {
    key: { type: 'apiKey', name: 'X-Key', in: 'header' },
    basic: { type: 'basic' },
    oauth: { type: 'oauth2', flow: 'accessCode', authorizationUrl: 'https://pets.example/auth', tokenUrl: 'https://pets.example/token', scopes: { read: 'Read pets' } },
  },
  parameters: { limit: { name: 'limit', in: 'query', type: 'integer', minimum: 1 } },
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        parameters: [{ $ref: '#/parameters/limit' }, { name: 'tags', in: 'query', type: 'array', items: { type: 'string' }, collectionFormat: 'multi' }],
        responses: { '200': { description: 'The pets', schema: { type: 'array', items: { $ref: '#/definitions/Pet' } }, headers: { 'X-Total': { type: 'integer', description: 'How many' } } } },
      },
      post: {
        operationId: 'addPet',
        security: [{ oauth: ['read'] }],
        parameters: [{ name: 'pet', in: 'body', required: true, schema: { $ref: '#/definitions/Pet' } }],
        responses: { '201': { description: 'Added' } },
      },
    },
    '/pets/{id}/photo': {
      post: {
        operationId: 'uploadPhoto',
        consumes: ['multipart/form-data'],
        parameters: [
          { name: 'id', in: 'path', required: true, type: 'string' },
          { name: 'file', in: 'formData', type: 'file', required: true },
        ],
        responses: { '204': { description: 'Stored' } },
      },
    },
  },
  definitions: { Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, nickname: { type: 'string', 'x-nullable': true } } } },
};

test('a Swagger 2.0 document is converted to OpenAPI 3.0.3, with a warning saying so', async () => {
  const { spec } = await load(SWAGGER);
  const document = spec.document as unknown as Record<string, any>;
  assert.equal(document.openapi, '3.0.3');
  assert.deepEqual(document.servers, [{ url: 'https://pets.example/v1' }]);
  assert.deepEqual(spec.warnings.map((warning) => warning.pointer), ['#/swagger'], 'nothing else to say: the converted document is valid');
  assert.match(spec.warnings[0]!.message, /a Swagger 2\.0 document: docsite builds the reference from it converted to OpenAPI 3\.0\.3/);

  const list = document.paths['/pets'].get;
  assert.deepEqual(list.parameters, [{ $ref: '#/components/parameters/limit' }, { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } }, style: 'form', explode: true }]);
  assert.deepEqual(document.components.parameters.limit, { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 } });
  assert.deepEqual(list.responses['200'].content['application/json'].schema, { type: 'array', items: { $ref: '#/components/schemas/Pet' } });
  assert.deepEqual(list.responses['200'].headers['X-Total'], { description: 'How many', schema: { type: 'integer' } });

  assert.deepEqual(document.paths['/pets'].post.requestBody, { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } });
  const upload = document.paths['/pets/{id}/photo'].post;
  assert.deepEqual(upload.parameters, [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
  assert.deepEqual(upload.requestBody.content['multipart/form-data'].schema, { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] });

  assert.equal(document.components.schemas.Pet.properties.nickname.nullable, true);
  assert.deepEqual(document.components.securitySchemes.basic, { type: 'http', scheme: 'basic' });
  assert.deepEqual(document.components.securitySchemes.oauth, { type: 'oauth2', flows: { authorizationCode: { authorizationUrl: 'https://pets.example/auth', tokenUrl: 'https://pets.example/token', scopes: { read: 'Read pets' } } } });
  assert.match(spec.publishedText, /"openapi": "3\.0\.3"/, 'the converted document is published');
});

test('a violation in a converted part is reported at its line in the Swagger file', async () => {
  const bad = structuredClone(SWAGGER) as Record<string, any>;
  bad.definitions.Pet.properties.name.type = 'strinG';
  const { text, spec } = await load(bad);
  const warning = spec.warnings.find((candidate) => candidate.pointer === '#/components/schemas/Pet/properties/name/type');
  assert.ok(warning, spec.warnings.map((candidate) => candidate.pointer).join(', '));
  assert.equal(spec.locate(warning.pointer)?.line, text.split('\n').findIndex((line) => line.includes('"strinG"')) + 1);
});

test('swagger: 2.0 written unquoted in YAML (the number 2) is a Swagger 2.0 document too', async () => {
  const dir = makeSite({ 'api/swagger.yaml': "swagger: 2.0\ninfo:\n  title: Pets\n  version: '1'\npaths:\n  /pets:\n    get:\n      operationId: listPets\n      responses:\n        '200':\n          description: The pets\n" }, null);
  sites.push(dir);
  const spec = await loadSpec(join(dir, 'api/swagger.yaml'), dir);
  assert.deepEqual(spec.warnings.map((warning) => warning.pointer), ['#/swagger']);
});

test('references under names that are also keywords (a `default` response, a property named `default` or `example`) are rewritten; example and default values are left as data', async () => {
  const spec = structuredClone(SWAGGER) as Record<string, any>;
  spec.definitions.Limits = {
    type: 'object',
    properties: {
      default: { type: 'object', additionalProperties: { $ref: '#/definitions/Pet' } },
      example: { $ref: '#/definitions/Pet' },
      tag: { type: 'object', default: { $ref: '#/definitions/kept-as-data' }, example: { $ref: '#/definitions/kept-too' } },
    },
  };
  spec.paths['/pets'].get.responses.default = { description: 'Anything else', schema: { $ref: '#/definitions/Limits' } };
  const { spec: loaded } = await load(spec);
  const document = loaded.document as unknown as Record<string, any>;
  const limits = document.components.schemas.Limits.properties;
  assert.deepEqual(limits.default.additionalProperties, { $ref: '#/components/schemas/Pet' });
  assert.deepEqual(limits.example, { $ref: '#/components/schemas/Pet' });
  assert.deepEqual(limits.tag.default, { $ref: '#/definitions/kept-as-data' });
  assert.deepEqual(limits.tag.example, { $ref: '#/definitions/kept-too' });
  assert.deepEqual(document.paths['/pets'].get.responses.default.content['application/json'].schema, { $ref: '#/components/schemas/Limits' });
});
