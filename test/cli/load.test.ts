import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import autocannon from 'autocannon';
import { builtMemoraSite, startServe, type ServeProcess } from '../helpers';

// A bounded load on `docsite serve` (127.0.0.1 only): 100 connections for LOAD_SECONDS (20 by default)
// cycling through pages, assets, search files, the sitemap and missing paths, some asking for gzip
// or brotli. No error, no timeout, every path answered with the status it should get, and the server's
// memory flat. The request rate and latency are printed for the record, never asserted (CONTRACT: no
// timed tests; speed is measured by the bench scripts).

const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const memora = builtMemoraSite();
let served: ServeProcess;

before(async () => {
  served = await startServe(await memora.ready());
});
after(() => {
  served?.child.kill('SIGKILL');
});

/** The server's resident memory in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

test('100 connections: no errors, the right status for every path, flat memory', async (t) => {
  const build = join(memora.dir, 'build');
  const home = readFileSync(join(build, 'index.html'), 'utf8');
  const assets = [...home.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  const searchFiles = readdirSync(build).filter((file) => /^(search-doc|lunr-index)-\d+\.json$/.test(file)).map((file) => `/${file}`);
  assert.ok(assets.length >= 2 && searchFiles.length === 2, 'the build has assets and search files');
  const mix: Array<{ path: string; status: number; encoding?: string }> = [
    { path: '/', status: 200 },
    { path: '/docs/overview/introduction', status: 200, encoding: 'br' },
    { path: '/docs/api/create-shared-link', status: 200, encoding: 'gzip' },
    { path: '/blog', status: 200 },
    { path: '/docs/overview/introduction/', status: 200 },
    ...assets.slice(0, 4).map((path) => ({ path, status: 200, encoding: 'br' })),
    ...searchFiles.map((path) => ({ path, status: 200, encoding: 'gzip' })),
    { path: '/sitemap.xml', status: 200 },
    { path: '/no/such/page', status: 404 },
    { path: '/assets/missing-0000.js', status: 404, encoding: 'gzip' },
  ];
  const wrong: string[] = [];
  const answered = new Map<string, number>();
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssMb(served.child.pid!)), 500);
  const before = rssMb(served.child.pid!);
  const result = await autocannon({
    url: served.origin,
    connections: 100,
    duration: SECONDS,
    requests: mix.map(({ path, status, encoding }) => ({
      method: 'GET',
      path,
      ...(encoding ? { headers: { 'accept-encoding': encoding } } : {}),
      onResponse: (code: number) => {
        answered.set(path, (answered.get(path) ?? 0) + 1);
        if (code !== status && wrong.length < 20) wrong.push(`${path}: ${code}, expected ${status}`);
      },
    })),
  });
  clearInterval(sampler);
  t.diagnostic(`${result.requests.total} requests in ${SECONDS} s (${Math.round(result.requests.average)}/s), latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; RSS ${Math.round(before)} MB before, ${Math.round(Math.max(...samples))} MB at most`);
  assert.equal(result.errors, 0, 'connection errors');
  assert.equal(result.timeouts, 0, 'timeouts');
  assert.deepEqual(wrong, []);
  // Not a rate: only that the status checks above saw every path at least once.
  assert.deepEqual(mix.filter(({ path }) => !answered.has(path)).map(({ path }) => path), [], 'paths never answered');
  // Flat: the second half of the run holds no more than the first half did, give or take 40 MB of GC slack.
  const half = Math.floor(samples.length / 2);
  const firstHalf = Math.max(...samples.slice(0, half));
  const secondHalf = Math.max(...samples.slice(half));
  assert.ok(secondHalf <= firstHalf + 40, `RSS grew from ${Math.round(firstHalf)} to ${Math.round(secondHalf)} MB`);
});
