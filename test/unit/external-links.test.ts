import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ExternalLink } from '../../src/links/check-links';
import { checkExternalLinks, EXTERNAL_CHECK_DEFAULTS, type ExternalCheckOptions } from '../../src/links/check-external';
import { CACHE_TTL_MS, ExternalLinkCache } from '../../src/links/external-cache';
import { createHostLimiter } from '../../src/links/host-limiter';
import { parseRetryAfter, probeUrl } from '../../src/links/probe-url';

// External link probes against a server on 127.0.0.1: never the internet.

let server: Server;
let origin: string;
const hits = new Map<string, string[]>();

before(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, [...(hits.get(path) ?? []), req.method ?? '']);
    const count = hits.get(path)!.length;
    if (path === '/ok') return res.end('fine');
    if (path === '/gone') return (res.statusCode = 404), res.end();
    if (path === '/no-head') return (res.statusCode = req.method === 'HEAD' ? 405 : 200), res.end();
    if (path === '/slow') return void setTimeout(() => res.end('late'), 2000).unref();
    if (path.startsWith('/flaky')) return count === 1 ? (res.writeHead(503, { 'Retry-After': '0' }), res.end()) : res.end('back');
    if (path === '/busy') return res.writeHead(429, { 'Retry-After': '0' }), res.end();
    if (path === '/redirect') return res.writeHead(301, { Location: '/ok' }), res.end();
    res.statusCode = 500;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

const fast: ExternalCheckOptions = { ...EXTERNAL_CHECK_DEFAULTS, timeoutMs: 200, retryDelayMs: 5 };

describe('probeUrl', () => {
  test('200 is ok, after redirects too', async () => {
    assert.deepEqual(await probeUrl(`${origin}/ok`, fast), { verdict: 'ok', status: 200 });
    assert.deepEqual(await probeUrl(`${origin}/redirect`, fast), { verdict: 'ok', status: 200 });
  });

  test('404 is broken, after trying GET as well', async () => {
    assert.deepEqual(await probeUrl(`${origin}/gone`, fast), { verdict: 'broken', status: 404, reason: 'HTTP 404' });
    assert.deepEqual(hits.get('/gone'), ['HEAD', 'GET']);
  });

  test('a server that refuses HEAD is asked with GET', async () => {
    assert.deepEqual(await probeUrl(`${origin}/no-head`, fast), { verdict: 'ok', status: 200 });
    assert.deepEqual(hits.get('/no-head'), ['HEAD', 'GET']);
  });

  test('503 is retried (Retry-After honoured) and then ok', async () => {
    assert.deepEqual(await probeUrl(`${origin}/flaky-1`, fast), { verdict: 'ok', status: 200 });
    assert.deepEqual(hits.get('/flaky-1'), ['HEAD', 'HEAD']);
  });

  test('429 that never ends is unsure, not broken, after the retries', async () => {
    assert.deepEqual(await probeUrl(`${origin}/busy`, fast), { verdict: 'unsure', status: 429, reason: 'HTTP 429' });
    assert.equal(hits.get('/busy')!.length, 1 + fast.retries);
  });

  test('a slow server times out after the retries', async () => {
    const started = performance.now();
    assert.deepEqual(await probeUrl(`${origin}/slow`, fast), { verdict: 'broken', reason: 'timed out' });
    assert.equal(hits.get('/slow')!.length, 1 + fast.retries);
    assert.ok(performance.now() - started < 1500);
  });

  test('a closed port could not connect; an invalid URL is broken', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    assert.deepEqual(await probeUrl(`http://127.0.0.1:${port}/`, fast), { verdict: 'broken', reason: 'could not connect (ECONNREFUSED)' });
    assert.deepEqual(await probeUrl('http://', fast), { verdict: 'broken', reason: 'not a valid URL' });
  });
});

test('Retry-After in seconds or as a date', () => {
  assert.equal(parseRetryAfter('3', 0), 3000);
  assert.equal(parseRetryAfter(new Date(10_000).toUTCString(), 4000), 6000);
  assert.equal(parseRetryAfter('soon', 0), undefined);
  assert.equal(parseRetryAfter(null, 0), undefined);
});

test('the host limiter runs at most `total` tasks, and `perHost` per host, at once', async () => {
  const limit = createHostLimiter({ total: 3, perHost: 2 });
  const running = new Map<string, number>();
  let most = 0;
  let mostPerHost = 0;
  const task = (host: string) => async () => {
    running.set(host, (running.get(host) ?? 0) + 1);
    most = Math.max(most, [...running.values()].reduce((a, b) => a + b, 0));
    mostPerHost = Math.max(mostPerHost, running.get(host)!);
    await new Promise((resolve) => setTimeout(resolve, 5));
    running.set(host, running.get(host)! - 1);
    return host;
  };
  const hosts = ['a', 'a', 'a', 'a', 'b', 'b', 'c', 'c', 'c'];
  assert.deepEqual(await Promise.all(hosts.map((host) => limit(host, task(host)))), hosts);
  assert.equal(most, 3);
  assert.equal(mostPerHost, 2);
});

describe('checkExternalLinks', () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'docsite-external-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  const link = (path: string, source = 'docs/a.md'): ExternalLink => ({ url: `${origin}${path}`, href: `${origin}${path}`, locations: [{ source, line: 3, column: 1, page: '/a' }, { source: '/b', page: '/b' }] });

  test('reports broken links at each place, busy servers as warnings, in link order', async () => {
    const result = await checkExternalLinks([link('/gone'), link('/ok'), link('/busy'), link('/slow')], fast);
    assert.deepEqual(result.broken.map((problem) => [problem.source, problem.href.slice(origin.length), problem.reason, problem.kind]), [
      ['docs/a.md', '/gone', 'HTTP 404', 'external'],
      ['/b', '/gone', 'HTTP 404', 'external'],
      ['docs/a.md', '/slow', 'timed out', 'external'],
      ['/b', '/slow', 'timed out', 'external'],
    ]);
    assert.deepEqual(result.warnings.map((problem) => problem.reason), ['HTTP 429', 'HTTP 429']);
    assert.equal(result.checked, 4);
  });

  test('good results are reused from the cache for a day; failures are checked again', async () => {
    const cacheFile = join(dir, 'cache', 'external-links.json');
    const links = [link('/ok'), link('/flaky-cache'), link('/gone')];
    await checkExternalLinks(links, { ...fast, cacheFile });
    const saved = JSON.parse(readFileSync(cacheFile, 'utf8')) as Record<string, { ok: boolean; status: number; checkedAt: string }>;
    assert.equal(saved[`${origin}/ok`]!.ok, true);
    assert.equal(saved[`${origin}/ok`]!.status, 200);
    assert.equal(saved[`${origin}/gone`]!.ok, false);
    assert.ok(Date.parse(saved[`${origin}/ok`]!.checkedAt) <= Date.now());

    const before = { ok: hits.get('/ok')!.length, gone: hits.get('/gone')!.length };
    const second = await checkExternalLinks(links, { ...fast, cacheFile });
    assert.equal(second.fromCache, 2, '/ok and /flaky-cache (ok after a retry)');
    assert.equal(hits.get('/ok')!.length, before.ok, 'not asked again');
    assert.ok(hits.get('/gone')!.length > before.gone, 'asked again');

    // A day later the good result is stale.
    saved[`${origin}/ok`]!.checkedAt = new Date(Date.now() - CACHE_TTL_MS - 1000).toISOString();
    writeFileSync(cacheFile, JSON.stringify(saved));
    assert.equal((await ExternalLinkCache.load(cacheFile)).reusable(`${origin}/ok`, Date.now()), undefined);
  });

  test('an unreadable cache file is an empty cache', async () => {
    const cacheFile = join(dir, 'broken.json');
    writeFileSync(cacheFile, '{ not json');
    const result = await checkExternalLinks([link('/ok')], { ...fast, cacheFile });
    assert.equal(result.broken.length, 0);
    assert.ok(JSON.parse(readFileSync(cacheFile, 'utf8'))[`${origin}/ok`]);
  });
});
