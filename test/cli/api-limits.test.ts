import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { FIXTURES, makeSite, removeSite, runCli, type CliResult } from '../helpers';

// Issue 22: inputs that make unbounded work. A few KB of OpenAPI that expand exponentially used to end in a V8
// heap abort ("FATAL ERROR: Reached heap limit", exit 134) or run for minutes; now the build stops with exit 1
// and an error naming the document and the operation, and the previous output is untouched. The builds run
// with a small heap, so that an abort would come quickly.

const sites: string[] = [];
after(() => sites.forEach(removeSite));

const SMALL_SPEC = "openapi: 3.1.0\ninfo:\n  title: Small\n  version: '1'\npaths:\n  /boom:\n    get:\n      operationId: getBoom\n      responses:\n        '200':\n          description: ok\n";

/** The fixture site, built once with a small document; then `files` written over it. */
async function builtSite(files: Record<string, string>): Promise<string> {
  const dir = makeSite({ 'api/openapi.yaml': SMALL_SPEC }, 'api-explosion');
  sites.push(dir);
  const good = await runCli(['build', dir, '--quiet']);
  assert.equal(good.code, 0, good.stderr);
  writeFileSync(join(dir, 'build', 'marker.txt'), 'previous build');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

function buildWithHeap(dir: string, megabytes: number): Promise<CliResult> {
  return runCli(['build', dir, '--quiet'], { env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=${megabytes}`.trim() } });
}

function assertCleanFailure(result: CliResult, dir: string, expected: RegExp): void {
  assert.equal(result.code, 1, `exit 1, not a crash (code ${result.code}); stderr:\n${result.stderr.slice(0, 2000)}`);
  assert.doesNotMatch(result.stderr, /FATAL ERROR|heap out of memory|Maximum call stack/);
  assert.doesNotMatch(result.stderr, /^\s+at /m, 'no stack trace');
  assert.match(result.stderr, expected);
  assert.equal(readFileSync(join(dir, 'build', 'marker.txt'), 'utf8'), 'previous build', 'the previous output is untouched');
  assert.deepEqual(readdirSync(dir).filter((entry) => entry.includes('.tmp-') || entry.includes('.old-')), [], 'no staging left');
}

const fixture = (name: string) => readFileSync(join(FIXTURES, 'api-explosion', 'api', name), 'utf8');

/**
 * `levels` object schemas of `width` properties each using the next, kept as properties of one component
 * (`#/components/schemas/Levels/properties/L0`): subschemas have no page of their own (only component schemas
 * do, issue 26), so every use is expanded and the work grows as width^levels.
 */
function subschemaLevels(levels: number, width: number, operations: string[]): string {
  let spec = "openapi: 3.1.0\ninfo:\n  title: Levels\n  version: '1'\npaths:\n";
  for (const [index, name] of operations.entries()) {
    spec += `  /${name}:\n    get:\n      operationId: ${index === 0 && name === 'boom' ? 'getBoom' : name}\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                $ref: '#/components/schemas/Levels/properties/L0'\n`;
  }
  spec += 'components:\n  schemas:\n    Levels:\n      type: object\n      properties:\n';
  for (let level = 0; level < levels; level++) {
    // An example on the top level: no example is generated, the schema tree alone is the work.
    spec += `        L${level}:\n${level === 0 ? '          example: {}\n' : ''}          type: object\n          properties:\n`;
    for (let property = 0; property < width; property++) {
      spec += `            p${property}:\n              ${level + 1 < levels ? `$ref: '#/components/schemas/Levels/properties/L${level + 1}'` : 'type: string'}\n`;
    }
  }
  return spec;
}

test('subschemas whose properties each use the next level (5^25 nodes): exit 1 naming the file, the operation and the schemas', async () => {
  const dir = await builtSite({ 'api/openapi.yaml': subschemaLevels(25, 5, ['boom']) });
  const started = Date.now();
  const result = await buildWithHeap(dir, 256);
  assertCleanFailure(result, dir, /^error api\/openapi\.yaml:7:5: the API reference of GET \/boom \(getBoom\) is too large: the schema of the 200 response \(application\/json\) expands to more than 250,000 nodes, expanding #\/components\/schemas\/Levels\/properties\/L0 \(line \d+\) down to #\/components\/schemas\/Levels\/properties\/L\d+ \(line \d+\)/m);
  assert.ok(Date.now() - started < 60_000, 'stopped in well under a minute');
});

test('an allOf chain (2^25 merges): exit 1 naming the file and the operation, in seconds rather than minutes', async () => {
  const dir = await builtSite({ 'api/openapi.yaml': fixture('allof.yaml') });
  const result = await buildWithHeap(dir, 256);
  assertCleanFailure(result, dir, /^error api\/openapi\.yaml:8:5: the API reference of GET \/boom \(getBoom\) is too large: the (example generated for|schema of) the 200 response \(application\/json\) (takes|expands to) more than 250,000 (values|nodes), expanding #\/components\/schemas\/L0 \(line 20\)/m);
  assert.doesNotMatch(result.stderr, /allOf: schemas with different types/, "the example generator's warnings never flood the terminal");
});

test('many operations, each under the limit, that together outgrow the heap: stopped at a safe point, naming the operation', async () => {
  // 100 operations answering with the same schema of 11,111 nodes (10 properties, 4 levels of subschemas,
  // expanded at every use): every page holds its own copy, about 4 MB each, more than a 128 MB heap takes.
  const dir = await builtSite({ 'api/openapi.yaml': subschemaLevels(4, 10, Array.from({ length: 100 }, (_, index) => `op${index}`)) });
  const result = await buildWithHeap(dir, 128);
  assertCleanFailure(result, dir, /^error api\/openapi\.yaml:\d+:5: the API reference is too large: stopped at \d+ MB of 128 MB heap, while expanding GET \/op\d+ \(op\d+\)/m);
});

test('YAML aliases: one inside its own anchor, and aliases of aliases, are errors naming the file', async () => {
  const cycle = `${SMALL_SPEC}components:\n  schemas:\n    Node: &node\n      type: object\n      properties:\n        child: *node\n`;
  let dir = await builtSite({ 'api/openapi.yaml': cycle });
  assertCleanFailure(await buildWithHeap(dir, 256), dir, /^error api\/openapi\.yaml:17:16: the YAML alias \*node is inside the node its anchor &node names/m);

  const laughs = ['x-a: &a [x, x, x, x, x, x, x, x, x, x]', ...'bcdefgh'.split('').map((name, index) => `x-${name}: &${name} [${Array(10).fill(`*${'abcdefg'[index]}`).join(', ')}]`)].join('\n');
  dir = await builtSite({ 'api/openapi.yaml': `${SMALL_SPEC}${laughs}\n` });
  assertCleanFailure(await buildWithHeap(dir, 256), dir, /^error api\/openapi\.yaml: invalid YAML: its aliases expand to more than 10,000 nodes/m);
});
