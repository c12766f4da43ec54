import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The OpenAPI corpus benchmark (issue 26): its pinned list, its offline behaviour without a cache, and the
// measuring of a build's whole process tree (memory summed over the processes it starts, time limit).

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = join(ROOT, 'scripts', 'bench-api.mjs');
const temp: string[] = [];
after(() => temp.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

test('the pinned corpus: at least 10 documents, each pinned to a commit with its operation count, of the shapes the issue names', () => {
  const { specs } = JSON.parse(readFileSync(join(ROOT, 'test', 'openapi', 'specs.json'), 'utf8')) as { specs: { name: string; repo: string; commit: string; path: string; include?: string[]; shape: string; operations: number }[] };
  assert.ok(specs.length >= 10, `${specs.length} documents`);
  assert.equal(new Set(specs.map((spec) => spec.name)).size, specs.length, 'names are unique');
  for (const spec of specs) {
    assert.match(spec.commit, /^[0-9a-f]{40}$/, spec.name);
    assert.ok(Number.isInteger(spec.operations) && spec.operations > 0, spec.name);
  }
  for (const shape of [/OpenAPI 3\.1/, /Swagger 2\.0/, /multi-file/]) assert.ok(specs.some((spec) => shape.test(spec.shape)), `a document of shape ${shape}`);
  assert.ok(specs.some((spec) => spec.include?.length), 'a document with extra files');
  for (const repo of ['stripe/openapi', 'kubernetes-client/python']) assert.ok(specs.some((spec) => spec.repo === repo), repo);
});

test('without a cache, --corpus says "not cached" and builds nothing', () => {
  const cache = mkdtempSync(join(tmpdir(), 'docsite-openapi-cache-'));
  temp.push(cache);
  const result = spawnSync(process.execPath, [SCRIPT, '--corpus', '--no-write'], { encoding: 'utf8', env: { ...process.env, DOCSITE_OPENAPI_CACHE: cache } });
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /OpenAPI corpus: not cached \(\d+ documents in test\/openapi\/specs\.json; fill \.cache\/openapi\/ with: node scripts\/bench-api\.mjs --populate/);
});

/** Runs `runMeasured` on a Node script in a child process and returns what it resolved to. */
function measure(script: string, timeoutMs: number): { exit: number | string; seconds: number; peakRssMb?: number } {
  const runner = pathToFileURL(join(ROOT, 'scripts', 'bench-api', 'process-tree.mjs')).href;
  const code = `import { runMeasured } from ${JSON.stringify(runner)};
const run = await runMeasured(process.execPath, ['-e', ${JSON.stringify(script)}], { env: process.env, timeoutMs: ${timeoutMs} });
console.log(JSON.stringify({ exit: run.exit, seconds: run.seconds, peakRssMb: run.peakRssMb }));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout);
}

test('peak memory is summed over the process tree, not the largest process', { skip: process.platform !== 'linux' && 'reads /proc' }, () => {
  // A parent and a child, each holding 150 MB for a second: the tree peaks above 300 MB, each process below 200.
  const hold = "const b = Buffer.alloc(150 * 1024 * 1024, 1); setTimeout(() => b.length, 1500);";
  const run = measure(`${hold} require('child_process').spawn(process.execPath, ['-e', ${JSON.stringify(hold)}], { stdio: 'inherit' });`, 30_000);
  assert.equal(run.exit, 0);
  assert.ok(run.peakRssMb !== undefined && run.peakRssMb > 300, `peak ${run.peakRssMb} MB`);
});

test('a command past its time limit is killed with its children and reported as a timeout', () => {
  const run = measure("require('child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'inherit' }); setInterval(() => {}, 1000);", 1_000);
  assert.equal(run.exit, 'timeout');
  assert.ok(run.seconds < 10, `${run.seconds} s`);
});
