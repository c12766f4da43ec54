import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { stringify } from 'yaml';
import { validateConfig } from '../../src/config/load';
import { loadApiReference } from '../../src/content/openapi';
import { loadSpec } from '../../src/content/openapi/load-spec';
import { createMarkdownRenderer } from '../../src/content/openapi/markdown';
import { schemaTree } from '../../src/content/openapi/schema-tree';
import type { OpenApiDocument, SchemaObject } from '../../src/content/openapi/types';
import { DocsiteError } from '../../src/core/errors';
import type { SchemaNode } from '../../src/shared/api';
import { makeSite, removeSite } from '../helpers';

// OpenAPI 3.1 with JSON Schema 2020-12: `$id` and `$anchor` references, `$defs`, `$ref` beside other
// keywords, the 2020-12 keywords the reference shows, webhooks, and the 3.1 fields of `info`.

const sites: string[] = [];
after(() => sites.forEach(removeSite));

const markdown = createMarkdownRenderer((path) => path);
const byName = (node: SchemaNode | undefined, name: string) => node?.properties?.find((property) => property.name === name);
const ok = { '200': { description: 'OK' } };
const jsonBody = (schema: SchemaObject) => ({ description: 'OK', content: { 'application/json': { schema } } });

function document(schemas: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/a': { get: { operationId: 'a', responses: { '200': jsonBody({ $ref: '#/components/schemas/Root' }) } } } }, components: { schemas }, ...extra };
}

async function load(spec: unknown, extraFiles: Record<string, string> = {}) {
  const dir = makeSite({ 'api/openapi.yaml': typeof spec === 'string' ? spec : stringify(spec), ...extraFiles }, null);
  sites.push(dir);
  return loadSpec(join(dir, 'api/openapi.yaml'), dir);
}

async function loadError(spec: unknown): Promise<DocsiteError> {
  try {
    await load(spec);
  } catch (error) {
    assert.ok(error instanceof DocsiteError, String(error));
    return error;
  }
  assert.fail('the document loaded without an error');
}

const rootTree = (spec: { document: OpenApiDocument }) => schemaTree({ $ref: '#/components/schemas/Root' }, { document: spec.document, markdown });

/** A schema with an `$id`, refs to it and to an `$anchor` in it, relative refs inside it: the shape of the 3.1 petstore example. */
const withIds = {
  Root: {
    type: 'object',
    properties: {
      detailsId: { type: 'integer', format: 'int64', $ref: '/schemas/details#details_id' },
      details: { $ref: '/schemas/details' },
      sibling: { $ref: '#sibling' },
    },
  },
  Details: {
    $id: '/schemas/details',
    type: 'object',
    properties: {
      id: { $anchor: 'details_id', type: 'integer', minimum: 1 },
      colour: { $ref: 'colour' },
      shade: { $ref: '#/$defs/Shade' },
      owner: { $ref: '#/components/schemas/Owner' },
    },
    $defs: { Shade: { type: 'string', enum: ['light', 'dark'] } },
  },
  Colour: { $id: '/schemas/colour', type: 'string', enum: ['red', 'blue'] },
  Owner: { type: 'object', properties: { name: { type: 'string' } } },
  Sibling: { $anchor: 'sibling', type: 'boolean' },
};

test('$id and $anchor: every $ref through them becomes the pointer of its schema, relative refs resolve against the $id', async () => {
  const spec = await load(document(withIds));
  const properties = (spec.document.components!.schemas!.Root as SchemaObject).properties!;
  assert.equal(properties.detailsId!.$ref, '#/components/schemas/Details/properties/id');
  assert.equal(properties.details!.$ref, '#/components/schemas/Details');
  assert.equal(properties.sibling!.$ref, '#/components/schemas/Sibling');
  const details = spec.document.components!.schemas!.Details!.properties!;
  assert.equal(details.colour!.$ref, '#/components/schemas/Colour', 'resolved against the $id of the schema it sits in');
  assert.equal(details.shade!.$ref, '#/components/schemas/Details/$defs/Shade', "#/... under an $id is a pointer into that schema's resource");
  assert.equal(details.owner!.$ref, '#/components/schemas/Owner', "...and the document's when the schema has nothing there");
  assert.match(spec.publishedText, /\$ref: \/schemas\/details#details_id/, 'the published document is the author’s, untouched');

  const tree = rootTree(spec);
  const detailsId = byName(tree, 'detailsId')!;
  assert.equal(detailsId.type, 'integer<int64>', 'the keywords beside the $ref and the target merge');
  assert.deepEqual(detailsId.constraints, ['>= 1']);
  assert.equal(detailsId.title, undefined, 'a ref into a schema is not named after the property it points at');
  const nested = byName(tree, 'details')!;
  assert.equal(nested.type, 'Details');
  assert.deepEqual(byName(nested, 'colour')!.enum, ['"red"', '"blue"']);
  assert.deepEqual(byName(nested, 'shade')!.enum, ['"light"', '"dark"']);
  assert.equal(byName(nested, 'owner')!.type, 'Owner');
  assert.equal(byName(tree, 'sibling')!.type, 'boolean');
});

test('$ref beside other schema keywords: both apply, properties and required lists add up', async () => {
  const spec = await load(
    document({
      Base: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
      Root: { $ref: '#/components/schemas/Base', description: 'A base with a name.', required: ['name'], properties: { name: { type: 'string' } } },
    }),
  );
  const tree = rootTree(spec);
  assert.equal(tree.descriptionHtml, '<p>A base with a name.</p>');
  assert.deepEqual(tree.properties?.map((property) => [property.name, property.required ?? false]), [['id', true], ['name', true]]);
});

test('$id refs next to refs to other files: both resolved, the bundle has only pointers', async () => {
  const spec = await load(document({ ...withIds, Root: { type: 'object', properties: { details: { $ref: '/schemas/details' }, dog: { $ref: './dog.yaml#/Dog' } } } }), {
    'api/dog.yaml': stringify({ Dog: { type: 'object', properties: { bark: { type: 'string' } } } }),
  });
  const root = spec.document.components!.schemas!.Root!.properties!;
  assert.equal(root.details!.$ref, '#/components/schemas/Details');
  assert.equal(root.dog!.title, 'Dog', 'the external schema is inlined');
  assert.doesNotMatch(spec.publishedText, /dog\.yaml|\/schemas\/details/);
  assert.equal(byName(byName(rootTree(spec), 'details'), 'owner')!.type, 'Owner');
});

test('$id and $anchor mistakes fail at the $ref or the keyword, with its line', async () => {
  const unknownAnchor = await loadError(document({ ...withIds, Root: { type: 'object', properties: { x: { $ref: '/schemas/details#nope' } } } }));
  assert.match(unknownAnchor.message, /the \$ref "\/schemas\/details#nope" names the anchor "nope", but no schema under #\/components\/schemas\/Details declares `\$anchor: nope` \(at #\/components\/schemas\/Root\/properties\/x\/\$ref\)/);
  assert.ok(unknownAnchor.line && unknownAnchor.line > 1);

  const unknownId = await loadError(document({ ...withIds, Colour: { type: 'string' } }));
  assert.match(unknownId.message, /the \$ref "colour" resolves to \/schemas\/colour: no schema of the document has the \$id "\/schemas\/colour" \(at #\/components\/schemas\/Details\/properties\/colour\/\$ref\)/);

  const duplicate = await loadError(document({ ...withIds, Owner: { $id: '/schemas/colour' } }));
  assert.match(duplicate.message, /the \$id "\/schemas\/colour" is also declared by the schema at #\/components\/schemas\/Colour/);

  const bareAnchor = await loadError(document({ Root: { $ref: '#missing' } }));
  assert.match(bareAnchor.message, /names the anchor "missing", but no schema declares `\$anchor: missing`/);

  const malformed = await loadError(document({ Root: { $ref: '#%zz' } }));
  assert.match(malformed.message, /names the anchor "%zz"/);
});

test('$id, $anchor and $ref inside example data or extensions are data, not keywords', async () => {
  const spec = await load(
    document({
      ...withIds,
      Owner: {
        type: 'object',
        properties: { example: { type: 'string' } },
        example: { $id: '/schemas/details', $ref: '#nowhere' },
        examples: [{ $anchor: 'details_id' }],
        'x-sample': { $ref: 'https://elsewhere.example/none' },
      },
    }),
  );
  assert.equal(spec.document.components!.schemas!.Root!.properties!.details!.$ref, '#/components/schemas/Details');
  assert.deepEqual(spec.document.components!.schemas!.Owner!.example, { $id: '/schemas/details', $ref: '#nowhere' });
});

test('schema tree: const, examples, tuples, type lists with null, content of strings, closed objects', async () => {
  const spec = await load(
    document({
      Root: {
        type: 'object',
        unevaluatedProperties: false,
        properties: {
          kind: { const: 'bird' },
          name: { type: 'string', examples: ['Robin', 'Wren'] },
          nickname: { type: ['string', 'null'] },
          either: { type: ['string', 'integer'] },
          nothing: { type: 'null' },
          position: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false },
          tagged: { type: 'array', prefixItems: [{ type: 'string' }], items: { type: 'integer' } },
          photo: { type: 'string', contentMediaType: 'image/png', contentEncoding: 'base64' },
          strict: { type: 'object', additionalProperties: false, properties: { a: { type: 'string' } } },
          counts: { type: 'object', unevaluatedProperties: { type: 'integer' } },
        },
      },
    }),
  );
  const tree = rootTree(spec);
  assert.equal(tree.noOtherProperties, 'unevaluatedProperties');
  const kind = byName(tree, 'kind')!;
  assert.deepEqual([kind.type, kind.const, kind.enum], ['string', '"bird"', undefined]);
  const name = byName(tree, 'name')!;
  assert.deepEqual([name.example, name.examples], ['"Robin"', ['"Robin"', '"Wren"']]);
  assert.deepEqual([byName(tree, 'nickname')!.type, byName(tree, 'nickname')!.nullable], ['string', true]);
  assert.equal(byName(tree, 'either')!.type, 'string | integer');
  assert.equal(byName(tree, 'nothing')!.type, 'null');
  const position = byName(tree, 'position')!;
  assert.deepEqual([position.type, position.noOtherItems, position.prefixItems?.length], ['[number, number]', true, 2]);
  assert.equal(byName(tree, 'tagged')!.type, '[string, ...integer[]]');
  const photo = byName(tree, 'photo')!;
  assert.deepEqual([photo.contentMediaType, photo.contentEncoding], ['image/png', 'base64']);
  assert.equal(byName(tree, 'strict')!.noOtherProperties, 'additionalProperties');
  assert.equal(byName(tree, 'counts')!.type, 'map<string, integer>');
});

test('a webhooks-only document builds: a page per webhook under Webhooks, its payload, no request sample', async () => {
  const dir = makeSite(
    {
      'api/openapi.yaml': stringify({
        openapi: '3.1.0',
        jsonSchemaDialect: 'https://example.com/my-dialect',
        info: { title: 'Hooks', summary: 'Events we send.', version: '1', license: { name: 'MIT License', identifier: 'MIT' } },
        security: [{ key: [] }],
        components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'x-key' } } },
        webhooks: {
          orderShipped: {
            post: {
              summary: 'Order shipped',
              requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { orderId: { type: 'string', examples: ['o-1'] } } } } } },
              responses: ok,
            },
          },
        },
      }),
    },
    null,
  );
  sites.push(dir);
  const config = validateConfig({ title: 'T', url: 'https://t.example', api: { spec: 'api/openapi.yaml' } }, 'docsite.config.ts');
  const spec = await loadSpec(join(dir, 'api/openapi.yaml'), dir);
  assert.deepEqual(spec.warnings.map((warning) => warning.pointer), ['#/jsonSchemaDialect'], 'an unknown dialect is a warning');
  const api = (await loadApiReference(dir, config, (path) => path))!;
  assert.deepEqual(api.operations.map((operation) => operation.path), ['/docs/api/post-order-shipped']);
  assert.deepEqual(
    api.sidebar.map((item) => (item.type === 'category' ? [item.label, item.items.map((link) => (link.type === 'link' ? `${link.badge} ${link.label}` : ''))] : item.label)),
    ['Introduction', ['Webhooks', ['POST Order shipped']]],
  );
  const page = api.operations[0]!.data;
  assert.equal(page.webhook, true);
  assert.deepEqual(page.samples, []);
  assert.deepEqual(page.security, [], "the document's security is for calling the API, not for the requests it sends");
  assert.equal(page.server, undefined);
  assert.deepEqual(page.toc.map((item) => item.value), ['Payload', 'Responses', '200 OK']);
  assert.match(page.requestBody!.content[0]!.exampleHtml!, /o-1/);
  assert.deepEqual(page.breadcrumbs.map((crumb) => crumb.label), ['API', 'Webhooks']);
  const intro = api.intro.data;
  assert.deepEqual(intro.webhooks.map((webhook) => [webhook.path, webhook.webhook]), [['orderShipped', true]]);
  assert.deepEqual(intro.toc.map((item) => item.id), ['authentication', 'webhooks']);
  assert.equal(intro.summary, 'Events we send.');
  assert.deepEqual(intro.license, { name: 'MIT License', url: 'https://spdx.org/licenses/MIT.html', identifier: 'MIT' });
});
