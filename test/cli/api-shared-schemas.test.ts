import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { makeSite, removeSite, runCli, type CliResult } from '../helpers';
import { anyOfWeb } from '../openapi-documents';

// Issue 26: documents whose shared schemas use each other many times over (a payments API's expandable
// fields: `anyOf: [id string, the object]` everywhere, schemas that reach each other in cycles) ran the build out
// of memory, as every page expanded every use. Component schemas are now expanded two levels deep at most
// and otherwise linked to their own page: such documents build in a small heap, with a page per operation and
// per schema, and each page's data is bounded whatever the document's depth. The unit side is
// test/unit/openapi-shared-schemas.test.ts.

const sites: string[] = [];
after(() => sites.forEach(removeSite));

function buildWithHeap(dir: string, megabytes: number): Promise<CliResult> {
  return runCli(['build', dir, '--quiet'], { env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=${megabytes}`.trim() } });
}

/** The route chunk holding a page's data (`docs-api-<slug>-<hash>.js`). */
function routeChunk(dir: string, slug: string): string {
  const routes = join(dir, 'build', 'assets', 'routes');
  const name = readdirSync(routes).find((file) => new RegExp(`^docs-api-${slug}-[A-Z0-9]+\\.js$`).test(file));
  assert.ok(name, `a route chunk for ${slug}`);
  return join(routes, name);
}

test('a recursive anyOf web of 60 schemas and 120 operations builds in a 256 MB heap, every page bounded', async () => {
  const dir = makeSite({ 'api/openapi.yaml': anyOfWeb(60, 8) }, 'api-explosion');
  sites.push(dir);
  const result = await buildWithHeap(dir, 256);
  assert.equal(result.code, 0, result.stderr.slice(0, 2000));
  for (let index = 0; index < 60; index++) {
    for (const slug of [`get-s${index}`, `update-s${index}`]) {
      assert.ok(existsSync(join(dir, 'build', 'docs', 'api', slug, 'index.html')), `a page for ${slug}`);
      // Two schemas (request and response) of 10 properties, each of their 25 uses of another (small) schema
      // expanded once, no deeper: about 2 x 260 nodes, a few hundred KB at most; expanded at every use, 8^depth.
      const size = statSync(routeChunk(dir, slug)).size;
      assert.ok(size < 400_000, `${slug}: ${size} bytes of page data`);
    }
    assert.ok(existsSync(join(dir, 'build', 'docs', 'api', 'schemas', `s${index}`, 'index.html')), `a page for schema S${index}`);
  }
  const page = readFileSync(join(dir, 'build', 'docs', 'api', 'get-s0', 'index.html'), 'utf8');
  assert.match(page, /<a class="schema-type schema-reference" href="\/docs\/api\/schemas\/s\d+"/, 'deeper schemas are links to their pages');
  const schemaPage = readFileSync(join(dir, 'build', 'docs', 'api', 'schemas', 's0', 'index.html'), 'utf8');
  assert.match(schemaPage, /<h1[^>]*>S0<\/h1>/);
  assert.match(schemaPage, /Schema number 0\./);
  assert.match(schemaPage, /<code class="schema-name">f7<\/code>/, 'the schema page shows its properties');
});

test('component schemas 5 wide and 25 deep (5^25 nodes expanded at every use): built, the third level linked', async () => {
  const dir = makeSite({}, 'api-explosion');
  sites.push(dir);
  const result = await buildWithHeap(dir, 256);
  assert.equal(result.code, 0, result.stderr.slice(0, 2000));
  const page = readFileSync(join(dir, 'build', 'docs', 'api', 'get-boom', 'index.html'), 'utf8');
  assert.equal(page.match(/href="\/docs\/api\/schemas\/l2"/g)?.length, 25, 'L0 and its five L1 properties expanded, their 25 L2 properties linked');
  assert.ok(statSync(routeChunk(dir, 'get-boom')).size < 100_000);
  for (let level = 0; level < 25; level++) assert.ok(existsSync(join(dir, 'build', 'docs', 'api', 'schemas', `l${level}`, 'index.html')), `a page for L${level}`);
});
