import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { stringify } from 'yaml';
import { validateConfig } from '../../src/config/load';
import { loadApiReference } from '../../src/content/openapi';
import { codeSamples, pythonLiteral } from '../../src/content/openapi/code-samples';
import { mediaTypeExamples, schemaExample } from '../../src/content/openapi/examples';
import { loadSpec } from '../../src/content/openapi/load-spec';
import { createMarkdownRenderer } from '../../src/content/openapi/markdown';
import { schemaTree } from '../../src/content/openapi/schema-tree';
import { kebabCase, operationSlug } from '../../src/content/openapi/slug';
import type { OpenApiDocument, SchemaObject } from '../../src/content/openapi/types';
import { DocsiteError } from '../../src/core/errors';
import type { SchemaNode } from '../../src/shared/api';
import { makeSite, removeSite } from '../helpers';

const sites: string[] = [];
after(() => sites.forEach(removeSite));

const markdown = createMarkdownRenderer((path) => path);

function documentWith(schemas: Record<string, SchemaObject>, extra: Partial<OpenApiDocument> = {}): OpenApiDocument {
  return { openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: {}, components: { schemas }, ...extra };
}

const tree = (document: OpenApiDocument, name: string) => schemaTree({ $ref: `#/components/schemas/${name}` }, { document, markdown });
const byName = (node: SchemaNode | undefined, name: string) => node?.properties?.find((property) => property.name === name);

/** Writes a spec (object -> YAML) into a scratch site and loads it. */
async function load(spec: unknown, extraFiles: Record<string, string> = {}, options: { strict?: boolean } = {}) {
  const dir = makeSite({ 'api/openapi.yaml': typeof spec === 'string' ? spec : stringify(spec), ...extraFiles }, null);
  sites.push(dir);
  return loadSpec(join(dir, 'api/openapi.yaml'), dir, options);
}

/** The error loading a spec fails with; with `api.strict`, as every schema violation is then an error. */
async function loadError(spec: unknown, extraFiles: Record<string, string> = {}): Promise<DocsiteError> {
  try {
    await load(spec, extraFiles, { strict: true });
  } catch (error) {
    assert.ok(error instanceof DocsiteError, String(error));
    return error;
  }
  assert.fail('the document loaded without an error');
}

const minimal = (paths: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths, ...extra });
const ok = { '200': { description: 'OK' } };

test('slugs: operation ids in kebab case, method and path without an id', () => {
  assert.equal(kebabCase('addAssetsToAlbum'), 'add-assets-to-album');
  assert.equal(kebabCase('finishOAuth'), 'finish-o-auth');
  assert.equal(kebabCase('linkOAuthAccount'), 'link-o-auth-account');
  assert.equal(kebabCase('getAPIKeys'), 'get-api-keys');
  assert.equal(kebabCase('getV2Albums'), 'get-v2-albums');
  assert.equal(kebabCase('search'), 'search');
  assert.equal(kebabCase('get_all_users'), 'get-all-users');
  assert.equal(operationSlug(undefined, 'get', '/pens/{penId}/occupant'), 'get-pens-pen-id-occupant');
  assert.equal(operationSlug('', 'delete', '/'), 'delete');
});

test('parsing: YAML and JSON, external $refs bundled, the published file is one document', async () => {
  const spec = await load(
    minimal({ '/dogs': { get: { operationId: 'listDogs', responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: './dog.yaml#/Dog' } } } } } } } }),
    { 'api/dog.yaml': stringify({ Dog: { type: 'object', properties: { name: { type: 'string' } } } }) },
  );
  const schema = spec.document.paths!['/dogs']!.get!.responses!['200']!.content!['application/json']!.schema!;
  assert.equal(schema.type, 'object', 'the external schema is inlined');
  assert.doesNotMatch(spec.publishedText, /dog\.yaml/);

  const dir = makeSite({ 'spec.json': JSON.stringify(minimal({ '/a': { get: { operationId: 'a', responses: ok } } }, { openapi: '3.0.3' })) }, null);
  sites.push(dir);
  const json = await loadSpec(join(dir, 'spec.json'), dir);
  assert.equal(json.format, 'json');
  assert.equal(json.document.openapi, '3.0.3');
});

test('bad documents fail with the JSON pointer and the line of the problem', async () => {
  const notOpenApi = await loadError({ title: 'hello' });
  assert.match(notOpenApi.message, /not an OpenAPI document/);
  assert.equal(notOpenApi.file, 'api/openapi.yaml');

  const broken = await loadError(minimal({ '/a': { get: { operationId: 'a', responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Nope' } } } } } } } }));
  assert.match(broken.message, /broken \$ref "#\/components\/schemas\/Nope".*#\/paths\/~1a\/get\/responses\/200\/content\/application~1json\/schema\/\$ref/);
  assert.ok(broken.line && broken.line > 1, 'the line of the $ref');

  const missingFile = await loadError(minimal({ '/a': { get: { operationId: 'a', responses: { '200': { $ref: './gone.yaml#/R' } } } } }));
  // The mistake is the $ref: reported at its line of the main file, naming the file it could not read.
  assert.match(missingFile.message, /the \$ref "\.\/gone\.yaml#\/R" names api\/gone\.yaml: no such file \(at #\/paths\/~1a\/get\/responses\/200\/\$ref\)/);
  assert.equal(missingFile.file, 'api/openapi.yaml');
  assert.ok(missingFile.line && missingFile.line > 1, 'the line of the $ref');

  // 3.1 Schema Objects are checked against JSON Schema 2020-12: a misspelt type is caught at its line.
  const misspeltType = await loadError(minimal({ '/a': { get: { operationId: 'a', responses: { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'strinG' } } } } } } } } } }));
  assert.match(misspeltType.message, /properties\/id\/type/);
  assert.match(misspeltType.message, /must be one of "array", "boolean", "integer", "null", "number", "object", "string"/);
  assert.ok(misspeltType.line && misspeltType.line > 1, 'the line of the type');

  const structure = await loadError(`openapi: 3.1.0
info:
  title: T
  version: '1'
paths:
  /a:
    get:
      operationId: a
      responses:
        '200':
          descriptio: OK
`);
  assert.match(structure.message, /#\/paths\/~1a\/get\/responses\/200/);
  assert.equal(structure.line, 10);

  const duplicate = await loadDuplicate();
  assert.match(duplicate.message, /duplicate operationId "getDog".*#\/paths\/~1dogs~1\{id\}\/get/);
  assert.match(duplicate.message, /at #\/paths\/~1dogs\/post\/operationId/);

  const yamlError = await loadError('openapi: 3.1.0\ninfo: [unclosed\n');
  assert.match(yamlError.message, /invalid YAML/);
  assert.equal(yamlError.line, 3);

  // Swagger 2.0 is converted (openapi-swagger2.test.ts); older Swagger versions are not.
  const swagger = await loadError({ swagger: '1.2', info: { title: 'T', version: '1' }, paths: {} });
  assert.match(swagger.message, /Swagger 1\.2 is not supported/);
});

async function loadDuplicate(): Promise<DocsiteError> {
  const dir = makeSite(
    {
      'docsite.config.ts': '',
      'api/openapi.yaml': stringify(minimal({ '/dogs/{id}': { get: { operationId: 'getDog', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: ok } }, '/dogs': { post: { operationId: 'getDog', responses: ok } } })),
    },
    null,
  );
  sites.push(dir);
  const config = validateConfig({ title: 'T', url: 'https://t.example', api: { spec: 'api/openapi.yaml' } }, 'docsite.config.ts');
  try {
    await loadApiReference(dir, config, (path) => path);
  } catch (error) {
    assert.ok(error instanceof DocsiteError);
    return error;
  }
  assert.fail('duplicate ids were accepted');
}

test('colliding slugs, and with api.strict path templates without their parameters, are errors at the operation', async () => {
  const config = validateConfig({ title: 'T', url: 'https://t.example', api: { spec: 'api/openapi.yaml', strict: true } }, 'docsite.config.ts');
  const attempt = async (paths: Record<string, unknown>) => {
    const dir = makeSite({ 'api/openapi.yaml': stringify(minimal(paths)) }, null);
    sites.push(dir);
    return loadApiReference(dir, config, (path) => path).then(
      () => assert.fail('accepted'),
      (error: DocsiteError) => error,
    );
  };
  const collision = await attempt({ '/a': { get: { operationId: 'getAlbum', responses: ok } }, '/b': { get: { operationId: 'get_album', responses: ok } } });
  assert.match(collision.message, /page slug "get-album" is already taken.*#\/paths\/~1a\/get.*at #\/paths\/~1b\/get\/operationId/);
  const template = await attempt({ '/a/{id}': { get: { operationId: 'a', responses: ok } } });
  assert.match(template.message, /\{id\} but the operation declares no path parameter "id".*#\/paths\/~1a~1\{id\}\/get/);
});

test('schema tree: types, formats, flags, enums, defaults, examples and limits', () => {
  const document = documentWith({
    Asset: {
      type: 'object',
      description: 'A **photo** or video.',
      required: ['id'],
      properties: {
        id: { type: 'string', format: 'uuid', readOnly: true },
        kind: { type: 'string', enum: ['IMAGE', 'VIDEO'], default: 'IMAGE' },
        takenAt: { type: ['string', 'null'], format: 'date-time', example: '2024-05-01T10:00:00Z' },
        rating: { type: 'integer', minimum: 0, maximum: 5 },
        name: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[^/]+$' },
        tags: { type: 'array', items: { type: 'string' }, uniqueItems: true, maxItems: 10 },
        legacy: { type: 'boolean', deprecated: true },
        password: { type: 'string', writeOnly: true },
        exif: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
  });
  const root = tree(document, 'Asset');
  assert.equal(root.type, 'Asset');
  assert.equal(root.title, 'Asset');
  assert.equal(root.descriptionHtml, '<p>A <strong>photo</strong> or video.</p>');
  assert.deepEqual(byName(root, 'id'), { name: 'id', required: true, type: 'string<uuid>', readOnly: true });
  assert.deepEqual(byName(root, 'kind')?.enum, ['"IMAGE"', '"VIDEO"']);
  assert.equal(byName(root, 'kind')?.default, '"IMAGE"');
  assert.equal(byName(root, 'takenAt')?.type, 'string<date-time>');
  assert.equal(byName(root, 'takenAt')?.nullable, true);
  assert.equal(byName(root, 'takenAt')?.example, '"2024-05-01T10:00:00Z"');
  assert.deepEqual(byName(root, 'rating')?.constraints, ['>= 0', '<= 5']);
  assert.deepEqual(byName(root, 'name')?.constraints, ['1 to 255 characters', 'pattern ^[^/]+$']);
  assert.equal(byName(root, 'tags')?.type, 'string[]');
  assert.deepEqual(byName(root, 'tags')?.constraints, ['at most 10 items', 'unique items']);
  assert.equal(byName(root, 'legacy')?.deprecated, true);
  assert.equal(byName(root, 'password')?.writeOnly, true);
  assert.equal(byName(root, 'exif')?.type, 'map<string, string>');
});

test('schema tree: recursive schemas end in a recursive leaf, directly and through other schemas', () => {
  const document = documentWith({
    Folder: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Folder' } }, owner: { $ref: '#/components/schemas/User' } } },
    User: { type: 'object', properties: { home: { $ref: '#/components/schemas/Folder' } } },
    Self: { $ref: '#/components/schemas/Self' },
  });
  const root = tree(document, 'Folder');
  const children = byName(root, 'children')!;
  assert.equal(children.type, 'Folder[]');
  assert.deepEqual(children.items, { type: 'Folder', title: 'Folder', recursive: true });
  const home = byName(byName(root, 'owner'), 'home')!;
  assert.equal(home.recursive, true, 'Folder -> User -> Folder stops at the second Folder');
  // A schema that is only a reference to itself terminates too.
  assert.doesNotThrow(() => tree(document, 'Self'));
});

test('schema tree: allOf merged, oneOf/anyOf as choices, a self-extending allOf does not loop', () => {
  const document = documentWith({
    Base: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
    Album: { allOf: [{ $ref: '#/components/schemas/Base' }, { type: 'object', required: ['title'], properties: { title: { type: 'string' } } }], description: 'An album.' },
    Pet: { oneOf: [{ $ref: '#/components/schemas/Dog' }, { type: 'object', title: 'Cat', properties: { lives: { type: 'integer' } } }] },
    Either: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    Dog: { type: 'object', properties: { barks: { type: 'boolean' } } },
    Loop: { allOf: [{ $ref: '#/components/schemas/Loop' }, { type: 'object', properties: { a: { type: 'string' } } }] },
  });
  const album = tree(document, 'Album');
  assert.equal(album.type, 'Album');
  assert.deepEqual(album.properties?.map((property) => [property.name, property.required ?? false]), [
    ['id', true],
    ['title', true],
  ]);
  assert.equal(album.descriptionHtml, '<p>An album.</p>');
  const pet = tree(document, 'Pet');
  assert.equal(pet.choice?.kind, 'oneOf');
  assert.deepEqual(pet.choice?.options.map((option) => option.title), ['Dog', 'Cat']);
  assert.equal(pet.type, 'one of');
  const either = tree(document, 'Either');
  assert.deepEqual(either.choice?.options.map((option) => option.type), ['string', 'integer']);
  assert.deepEqual(tree(document, 'Loop').properties?.map((property) => property.name), ['a']);
});

test('examples: the document first (media type, named examples, schema), else generated without read-only fields in requests', () => {
  const document = documentWith({
    User: { type: 'object', required: ['id', 'email'], properties: { id: { type: 'string', format: 'uuid', readOnly: true }, email: { type: 'string', format: 'email' }, password: { type: 'string', writeOnly: true }, age: { type: 'integer', minimum: 18 } } },
    Tree: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } } },
  });
  const ref = { $ref: '#/components/schemas/User' };
  assert.deepEqual(mediaTypeExamples(document, { schema: ref, example: { email: 'a@b.c' } }, 'request'), [{ name: 'Example', value: { email: 'a@b.c' } }]);
  assert.deepEqual(
    mediaTypeExamples(document, { schema: ref, examples: { first: { summary: 'One', value: 1 }, second: { value: 2 } } }, 'request').map((example) => example.name),
    ['first', 'second'],
  );
  const request = schemaExample(document, ref, 'request') as Record<string, unknown>;
  assert.equal(request.id, undefined, 'read-only id left out of a request');
  assert.equal(typeof request.password, 'string');
  const response = schemaExample(document, ref, 'response') as Record<string, unknown>;
  assert.equal(typeof response.id, 'string');
  assert.equal(response.password, undefined, 'write-only password left out of a response');
  assert.equal(response.age, 18);
  assert.ok(schemaExample(document, { $ref: '#/components/schemas/Tree' }, 'response'), 'recursive schemas still get an example');
  assert.deepEqual(schemaExample(document, { type: 'object', example: { given: true } }, 'response'), { given: true });
});

test('code samples: curl, fetch and requests with the URL, headers and body', () => {
  const [curl, js, python] = codeSamples({ method: 'post', url: 'https://x.example/api/albums?key=a b', headers: [['x-api-key', 'YOUR_API_KEY']], body: { mediaType: 'application/json', json: { name: "Rex's", ok: true, none: null } } });
  assert.equal(curl!.code, `curl -X POST 'https://x.example/api/albums?key=a b' \\\n  -H 'x-api-key: YOUR_API_KEY' \\\n  -H 'Content-Type: application/json' \\\n  -d '{\n  "name": "Rex'\\''s",\n  "ok": true,\n  "none": null\n}'`);
  assert.match(js!.code, /await fetch\("https:\/\/x\.example\/api\/albums\?key=a b", \{\n  method: "POST",\n  headers: \{\n    "x-api-key": "YOUR_API_KEY",\n    "Content-Type": "application\/json",\n  \},\n  body: JSON\.stringify\(payload\),\n\}\);/);
  assert.match(js!.code, /^const payload = \{\n  "name": "Rex's",\n  "ok": true,\n  "none": null\n\};\n\nconst response = /);
  assert.match(python!.code, /payload = \{\n    "name": "Rex's",\n    "ok": True,\n    "none": None,\n\}\n\nresponse = requests\.post\("https:\/\/x\.example\/api\/albums\?key=a b", headers=headers, json=payload\)/);
  const upload = codeSamples({ method: 'post', url: 'https://x/api/assets', headers: [], body: { mediaType: 'multipart/form-data', form: [['file', './photo.jpg', true], ['caption', 'Hi', false]] } });
  assert.match(upload[0]!.code, /-F 'file=@\.\/photo\.jpg' \\\n  -F 'caption=Hi'/);
  assert.match(upload[1]!.code, /form\.append\("file", await fileFromDisk\("\.\/photo\.jpg"\)\)/);
  assert.match(upload[2]!.code, /files = \{\n    "file": open\("\.\/photo\.jpg", "rb"\),\n\}/);
  assert.equal(pythonLiteral([], ''), '[]');
});

test('the fixture reference: routes, sidebar by tag in spec order with method badges, operation pages', async () => {
  const dir = makeSite({}, 'api');
  sites.push(dir);
  const config = validateConfig({ title: 'Kennel', url: 'https://kennel.example', api: { spec: 'api/openapi.yaml' } }, 'docsite.config.ts');
  const api = (await loadApiReference(dir, config, (path) => path))!;
  assert.deepEqual(api.operations.map((operation) => operation.path), [
    '/docs/api/list-dogs',
    '/docs/api/add-dog',
    '/docs/api/get-dog',
    '/docs/api/remove-dog',
    '/docs/api/upload-dog-photo',
    '/docs/api/get-pen-tree',
    '/docs/api/get-pens-pen-id-occupant',
    '/docs/api/ping',
  ]);
  assert.deepEqual(
    api.sidebar.map((item) => (item.type === 'category' ? [item.label, item.items.map((link) => (link.type === 'link' ? `${link.badge ? `${link.badge} ` : ''}${link.label}` : ''))] : item.label)),
    ['Introduction', ['Dogs', ['GET List dogs', 'POST Add a dog', 'GET Get a dog', 'DEL Remove a dog', 'PUT Upload a photo']], ['Pens', ['GET Pen tree', 'GET Who is in a pen']], ['Other operations', ['GET Health check']], ['Schemas', ['Pen', 'Cat', 'Error']]],
  );
  // A page per component schema with structure (issue 26), which operation pages link to past two levels.
  assert.deepEqual(api.schemas.map((schema) => [schema.path, schema.data.title, schema.data.schema.properties?.length]), [
    ['/docs/api/schemas/pen', 'Pen', 2],
    ['/docs/api/schemas/cat', 'Cat', 1],
    ['/docs/api/schemas/error', 'Error', 1],
  ]);
  const list = api.operations[0]!.data;
  assert.equal(list.title, 'List dogs');
  assert.equal(list.server, 'https://kennel.example/api');
  // The Try it panel's data: every server with its variables, and how each scheme's credential is sent.
  assert.deepEqual(list.servers, [
    { url: 'https://kennel.example/api', description: 'Production' },
    { url: '{scheme}://{host}/api', description: 'Your own server.', variables: [{ name: 'scheme', default: 'http', enum: ['http', 'https'] }, { name: 'host', default: 'localhost:8080' }] },
  ]);
  assert.deepEqual(list.security.map((alternative) => alternative.map((scheme) => scheme.credential)), [[{ kind: 'apiKey', in: 'header', name: 'x-api-key' }], [{ kind: 'bearer' }]]);
  assert.deepEqual(list.parameters.map((parameter) => [parameter.in, parameter.name, parameter.required]), [
    ['query', 'page', false],
    ['query', 'size', true],
    ['header', 'x-request-id', false],
  ]);
  assert.equal(list.parameters[0]!.schema?.default, '1');
  assert.deepEqual(list.security.map((alternative) => alternative.map((scheme) => scheme.label)), [['API key in header x-api-key'], ['Bearer token (JWT) in the Authorization header']]);
  assert.deepEqual(list.responses.map((response) => response.status), ['200', '401']);
  assert.equal(list.responses[0]!.headers[0]!.name, 'X-Total-Count');
  assert.equal(list.responses[0]!.content[0]!.schema?.type, 'Dog[]');
  assert.match(list.samples[0]!.code, /curl -X GET 'https:\/\/kennel\.example\/api\/dogs\?size=50'/);
  assert.deepEqual(list.samples.map((sample) => sample.label), ['curl', 'JavaScript', 'Python']);
  assert.match(list.samples[0]!.html, /class="shiki/);
  assert.deepEqual(list.toc.map((item) => item.value), ['Authorization', 'Request sample', 'Parameters', 'Query parameters', 'Header parameters', 'Responses', '200 OK', '401 Unauthorized']);
  assert.match(api.operations[0]!.searchText, /GET \/dogs\. listDogs\. Returns every dog, newest first, a page at a time\.\. Parameters: page, size, x-request-id/);

  const remove = api.operations[3]!.data;
  assert.equal(remove.deprecated, true);
  const ping = api.operations.at(-1)!.data;
  assert.deepEqual(ping.security, [], 'security: [] makes an operation public');
  assert.doesNotMatch(ping.samples[0]!.code, /x-api-key/);
  const add = api.operations[1]!.data;
  assert.equal(add.requestBody?.required, true);
  assert.deepEqual(add.requestBody?.content[0]!.examples?.map((example) => example.summary), ['A small dog', 'A large dog']);
  assert.match(add.samples[0]!.code, /"name": "Pip"/);
  const upload = api.operations[4]!.data;
  assert.match(upload.samples[0]!.code, /-F 'file=@/);

  assert.deepEqual(api.intro.data.tags.map((tag) => [tag.name, tag.operations.length]), [
    ['Dogs', 5],
    ['Pens', 2],
    ['Other operations', 1],
  ]);
  assert.equal(api.specFile.path, 'docs/api/openapi.yaml');
  assert.deepEqual(api.intro.data.securitySchemes.map((scheme) => scheme.key), ['api_key', 'bearer']);
});

test('a $ref key inside example data is data: not read as a file or URL, not checked, kept as written', async () => {
  const spec = await load(
    minimal({
      '/users': {
        get: {
          responses: {
            default: { description: 'A user', content: { 'application/json': { schema: { $ref: '#/components/schemas/User' }, example: { meta: { $ref: 'https://users.example/v2/Users/1' } } } } },
          },
        },
      },
    }, { components: { schemas: { User: { type: 'object', properties: { default: { $ref: '#/components/schemas/Link' }, link: { $ref: '#/components/schemas/Link', default: { $ref: 'other.yaml#/not/read' } } } }, Link: { type: 'string' } } } }),
  );
  const content = (spec.document.paths?.['/users'] as any).get.responses.default.content['application/json'];
  assert.deepEqual(content.example, { meta: { $ref: 'https://users.example/v2/Users/1' } });
  assert.equal(spec.publishedText.includes('other.yaml#/not/read'), true, 'the document is not bundled: no file is named by a reference');
});

test('a broken $ref under a name that is also a keyword (a property or response called `default`) is still found', async () => {
  const error = await loadError(minimal({ '/users': { get: { responses: { default: { $ref: '#/components/responses/Missing' } } } } }));
  assert.match(error.message, /broken \$ref "#\/components\/responses\/Missing"/);
});
