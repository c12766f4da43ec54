import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { validateConfig } from '../../src/config/load';
import { loadApiReference } from '../../src/content/openapi';
import { loadSpec } from '../../src/content/openapi/load-spec';
import { DocsiteError } from '../../src/core/errors';
import { makeSite, removeSite } from '../helpers';

// Without api.strict, schema violations the reference can be built despite are warnings at their line
// and JSON pointer; the document is mended (unknown keys ignored, wrong values left out) and built.

const sites: string[] = [];
after(() => sites.forEach(removeSite));

function siteWith(spec: string): string {
  const dir = makeSite({ 'api/openapi.json': spec }, null);
  sites.push(dir);
  return dir;
}

/** A document with the kinds of violations real ones have, as indented JSON so that lines are known. */
const SLOPPY = JSON.stringify(
  {
    openapi: '3.0.3',
    info: { title: 'Pets', version: '1', description: 42 },
    paths: {
      '/pets/{id}': {
        get: {
          operationId: 'getPet',
          description: ['not', 'a', 'string'],
          tags: ['pets', 7],
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'strinG' } },
            { in: 'query', schema: { type: 'string' } },
          ],
          responses: { '200': { content: { 'application/json': { schema: { type: 'object', extra: true } } } } },
        },
      },
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', in: 'header' } } },
  },
  null,
  2,
);

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

test('violations that do not stop the pages are warnings with the line and JSON pointer; the document is mended', async () => {
  const dir = siteWith(SLOPPY);
  const spec = await loadSpec(join(dir, 'api/openapi.json'), dir);
  const warnings = new Map(spec.warnings.map((warning) => [warning.pointer, warning.message]));

  assert.match(warnings.get('#/components/securitySchemes/bearer/in')!, /unknown field `in` \(at #\/components\/securitySchemes\/bearer\/in\); ignored, as api\.strict is not set/);
  assert.equal(spec.locate('#/components/securitySchemes/bearer/in')?.line, lineOf(SLOPPY, '"in": "header"'));
  assert.equal(spec.document.components?.securitySchemes?.bearer?.scheme, 'bearer', 'an HTTP scheme, not an API key scheme missing its name');

  assert.match(warnings.get('#/info/description')!, /must be string \(at #\/info\/description\); it is left out of the reference/);
  assert.equal(spec.document.info.description, undefined);
  assert.match(warnings.get('#/paths/~1pets~1{id}/get/description')!, /must be string/);
  assert.deepEqual(spec.document.paths!['/pets/{id}']!.get!.tags, ['pets'], 'the one bad tag is left out');
  assert.match(warnings.get('#/paths/~1pets~1{id}/get/parameters/0/schema/type')!, /must be one of "array", "boolean", "integer", "number", "object", "string"/);
  assert.match(warnings.get('#/paths/~1pets~1{id}/get/parameters/1')!, /missing the required field `name` .*; it is left out of the reference/);
  assert.equal(spec.document.paths!['/pets/{id}']!.get!.parameters!.length, 1);
  assert.match(warnings.get('#/paths/~1pets~1{id}/get/responses/200')!, /missing the required field `description` .*; ignored/);
  assert.equal(spec.warnings.length, warnings.size, 'one warning per violation');
});

test('api.strict: the first violation fails the build, at its line', async () => {
  const dir = siteWith(SLOPPY);
  await assert.rejects(loadSpec(join(dir, 'api/openapi.json'), dir, { strict: true }), (error: DocsiteError) => {
    assert.ok(error instanceof DocsiteError);
    assert.match(error.message, /invalid OpenAPI 3\.0\.3 document/);
    assert.ok(error.line && error.line > 1);
    return true;
  });
});

test('what leaves nothing to build still fails: not an object, no paths, a broken $ref, colliding slugs', async () => {
  const fails = async (spec: string, pattern: RegExp) => {
    const dir = siteWith(spec);
    const config = validateConfig({ title: 'T', url: 'https://t.example', api: { spec: 'api/openapi.json' } }, 'docsite.config.ts');
    await assert.rejects(loadApiReference(dir, config, (path) => path), (error: DocsiteError) => {
      assert.ok(error instanceof DocsiteError, String(error));
      assert.match(error.message, pattern);
      return true;
    });
  };
  await fails('[1, 2]', /not an OpenAPI document/);
  await fails(JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' } }), /missing the required field `paths`.*nothing to build the API reference from/);
  await fails(JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: 'none' }), /nothing to build the API reference from/);
  const ok = { '200': { description: 'OK' } };
  await fails(
    JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: { '/a': { get: { responses: { '200': { $ref: '#/components/responses/Gone' } } } } } }),
    /broken \$ref "#\/components\/responses\/Gone"/,
  );
  await fails(JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/a': { get: { operationId: 'getA', responses: ok } }, '/b': { get: { operationId: 'get_a', responses: ok } } } }), /page slug "get-a" is already taken/);
});

test('a wrong info title is taken as "API"; a path template without its parameter is a warning; pages are built', async () => {
  const dir = siteWith(JSON.stringify({ openapi: '3.1.0', info: { title: 5, version: '1' }, paths: { '/a/{id}': { get: { operationId: 'getA', responses: { '200': { description: 'OK' } } } } } }, null, 2));
  const config = validateConfig({ title: 'T', url: 'https://t.example', api: { spec: 'api/openapi.json' } }, 'docsite.config.ts');
  const reference = await loadApiReference(dir, config, (path) => path, { cache: false });
  assert.equal(reference?.intro.data.title, 'API');
  assert.deepEqual(reference?.operations.map((operation) => operation.path), ['/docs/api/get-a']);
});
