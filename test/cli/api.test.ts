import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { makeSite, removeSite, runCli } from '../helpers';

// The API reference in a real build: pages, the published document, search entries; and a bad
// document fails the build at its JSON pointer, leaving the last good output.

let dir = '';
let spec = '';
let goodPage = '';
before(async () => {
  dir = makeSite({}, 'api');
  const result = await runCli(['build', dir]);
  assert.equal(result.code, 0, result.stderr);
  spec = readFileSync(join(dir, 'api', 'openapi.yaml'), 'utf8');
  goodPage = readFileSync(join(dir, 'build', 'docs', 'api', 'list-dogs', 'index.html'), 'utf8');
});
after(() => removeSite(dir));

test('every operation has a page, the document is published in one file, operations are searchable', () => {
  for (const slug of ['list-dogs', 'add-dog', 'get-dog', 'remove-dog', 'upload-dog-photo', 'get-pen-tree', 'get-pens-pen-id-occupant', 'ping']) {
    assert.ok(existsSync(join(dir, 'build', 'docs', 'api', slug, 'index.html')), slug);
  }
  assert.match(goodPage, /<title>List dogs \| Kennel<\/title>/);
  assert.match(goodPage, /<meta name="description" content="Returns every dog, newest first, a page at a time\."/);
  const published = readFileSync(join(dir, 'build', 'docs', 'api', 'openapi.yaml'), 'utf8');
  assert.match(published, /title: Kennel API/);
  assert.doesNotMatch(published, /schemas\.yaml/, 'external files are bundled in');
  const searchFile = readFileSync(join(dir, 'build', findSearchDocs()), 'utf8');
  const entries = JSON.parse(searchFile) as { t: string; u: string; b: string }[];
  const entry = entries.find((candidate) => candidate.u === '/docs/api/list-dogs');
  assert.ok(entry, 'the operation is in the search index');
  assert.equal(entry.t, 'List dogs');
  assert.match(entry.b, /GET \/dogs.*listDogs.*Parameters: page, size, x-request-id/);
  const intro = readFileSync(join(dir, 'build', 'docs', 'api', 'index.html'), 'utf8');
  assert.match(intro, /Getting started/, 'the introduction Markdown is on the page');
});

function findSearchDocs(): string {
  const names = readdirSync(join(dir, 'build')).filter((name) => name.startsWith('search-doc-'));
  assert.equal(names.length, 1);
  return names[0]!;
}

const cases: [name: string, edit: (text: string) => string, expected: RegExp, strict?: boolean][] = [
  ['not an OpenAPI document', () => 'title: just YAML\n', /api\/openapi\.yaml.*not an OpenAPI document/],
  ['a broken $ref', (text) => text.replace("$ref: '#/components/schemas/Pen'", "$ref: '#/components/schemas/Pne'"), /api\/openapi\.yaml:\d+:\d+.*broken \$ref "#\/components\/schemas\/Pne".*#\/paths\/~1pens\/get\/responses\/200\/content\/application~1json\/schema/],
  ['duplicate operation ids', (text) => text.replace('operationId: getDog', 'operationId: listDogs'), /api\/openapi\.yaml:\d+:\d+.*duplicate operationId "listDogs".*#\/paths\/~1dogs~1\{dogId\}\/get\/operationId/],
  ['colliding slugs', (text) => text.replace('operationId: getDog', 'operationId: list_dogs'), /page slug "list-dogs" is already taken/],
  // A schema violation the pages can be built despite fails only with api.strict (see below for the default).
  ['an invalid structure with api.strict', (text) => text.replace("'204': { description: Removed. }", "'204': { descriptio: Removed. }"), /api\/openapi\.yaml:\d+:\d+.*missing the required field `description`.*#\/paths\/~1dogs~1\{dogId\}\/delete\/responses\/204/, true],
];

/** The fixture's config with `api.strict` set. */
function strictConfig(config: string): string {
  return config.replace("api: { spec: 'api/openapi.yaml',", "api: { strict: true, spec: 'api/openapi.yaml',");
}

for (const [name, edit, expected, strict] of cases) {
  test(`${name}: exit 1 with the pointer, the previous build untouched`, async () => {
    const config = readFileSync(join(dir, 'docsite.config.ts'), 'utf8');
    writeFileSync(join(dir, 'api', 'openapi.yaml'), edit(spec));
    if (strict) writeFileSync(join(dir, 'docsite.config.ts'), strictConfig(config));
    try {
      const result = await runCli(['build', dir]);
      assert.equal(result.code, 1, result.stdout + result.stderr);
      assert.match(result.stderr, expected);
      assert.equal(readFileSync(join(dir, 'build', 'docs', 'api', 'list-dogs', 'index.html'), 'utf8'), goodPage);
    } finally {
      writeFileSync(join(dir, 'api', 'openapi.yaml'), spec);
      writeFileSync(join(dir, 'docsite.config.ts'), config);
    }
  });
}

test('without api.strict, violations the pages survive are warnings at their line and pointer; the build succeeds', async () => {
  const lenient = spec
    .replace("'204': { description: Removed. }", "'204': { descriptio: Removed. }")
    .replace('operationId: getDog', 'operationId: getDog\n      description: 42');
  assert.notEqual(lenient, spec);
  writeFileSync(join(dir, 'api', 'openapi.yaml'), lenient);
  try {
    const result = await runCli(['build', dir]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /api\/openapi\.yaml:\d+:\d+: invalid OpenAPI [\d.]+ document: unknown field `descriptio` \(at #\/paths\/~1dogs~1\{dogId\}\/delete\/responses\/204\/descriptio\); ignored, as api\.strict is not set/);
    assert.match(result.stderr, /api\/openapi\.yaml:\d+:\d+: invalid OpenAPI [\d.]+ document: must be string \(at #\/paths\/~1dogs~1\{dogId\}\/get\/description\); it is left out of the reference/);
    assert.ok(existsSync(join(dir, 'build', 'docs', 'api', 'get-dog', 'index.html')));
    assert.ok(existsSync(join(dir, 'build', 'docs', 'api', 'remove-dog', 'index.html')));
  } finally {
    writeFileSync(join(dir, 'api', 'openapi.yaml'), spec);
  }
});
