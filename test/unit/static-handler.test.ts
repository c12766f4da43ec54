import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { StagedOutput } from '../../src/emit/output-dir';
import { CompressedFiles, negotiateEncoding } from '../../src/http/compression';
import { parseRequestPath } from '../../src/http/request-path';
import { rangeOf } from '../../src/http/ranges';
import { createStaticHandler, type StaticHandlerOptions } from '../../src/http/static-handler';
import { rawRequest } from '../helpers';
import { FileServer } from '../../src/http/file-server';
import { resolveFile } from '../../src/http/resolve-file';

// A tiny build on disk, served in-process: the URL rules of CONTRACT.md §2 and what a production
// static host sends (types, caching, compression, redirects, refusals).

const LONG_TEXT = 'Memora keeps every photo. '.repeat(200);
const files: Record<string, string> = {
  'index.html': '<title>home</title>',
  'docs/intro/index.html': '<title>intro</title>',
  'docs/flat.html': '<title>flat</title>',
  'docs/café/index.html': '<title>café</title>',
  'docs/long/index.html': `<title>long</title><p>${LONG_TEXT}</p>`,
  'blog/v1.2/index.html': '<title>dotted</title>',
  '404.html': `<title>Page Not Found</title><p>${LONG_TEXT}</p>`,
  'assets/app-ABC123.js': `console.log(${JSON.stringify(LONG_TEXT)});`,
  'assets/app-ABC123.css': 'body{}',
  'robots.txt': 'User-agent: *',
  'site.webmanifest': '{"name":"x"}',
  'docs/api/openapi.yaml': `openapi: 3.1.0\ninfo:\n  title: ${LONG_TEXT}\n`,
  'data.json': '{}',
  'sitemap.xml': '<urlset/>',
  'img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'fonts/a.woff2': 'wOF2'.repeat(400),
  'files/only.txt': 'a file in a folder without index.html',
  NOTES: 'a file without an extension',
  '.hidden': 'secret dotfile',
  '.well-known/security.txt': 'Contact: mailto:security@memora.example',
};
const SECRET = 'TOP-SECRET-OUTSIDE-THE-BUILD';

/** `<root>/build` with the files above, and secrets beside it that must never be served. */
function writeBuild(): { root: string; dir: string } {
  const root = mkdtempSync(join(tmpdir(), 'docsite-static-'));
  const dir = join(root, 'build');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  writeFileSync(join(root, 'secret.txt'), SECRET);
  writeFileSync(join(root, 'build-secret.txt'), SECRET);
  return { root, dir };
}

function serveDir(options: StaticHandlerOptions): Promise<{ server: Server; origin: string; port: number }> {
  const server = createServer(createStaticHandler(options));
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, origin: `http://127.0.0.1:${port}`, port });
    });
  });
}


function stop(server: Server): void {
  server.closeAllConnections();
  server.close();
}

for (const base of ['/', '/sub/']) {
  describe(`static handler with base ${base}`, () => {
    let root: string;
    let server: Server;
    let origin: string;
    const url = (path: string) => origin + base.slice(0, -1) + path;

    before(async () => {
      let dir: string;
      ({ root, dir } = writeBuild());
      ({ server, origin } = await serveDir({ dir, base }));
    });
    after(() => {
      stop(server);
      rmSync(root, { recursive: true, force: true });
    });

    const pages: Array<[string, string]> = [
      ['/', 'home'],
      ['/index.html', 'home'],
      ['/docs/intro', 'intro'],
      ['/docs/intro/', 'intro'],
      ['/docs/intro/index.html', 'intro'],
      ['/docs/intro.html', 'intro'],
      ['/docs/flat', 'flat'],
      ['/docs/flat/', 'flat'],
      ['/docs/flat.html', 'flat'],
      ['/docs/caf%C3%A9', 'café'],
      ['/docs/intro?tab=a', 'intro'],
    ];
    for (const [path, title] of pages) {
      test(`${path} answers 200 with the ${title} page`, async () => {
        const response = await fetch(url(path));
        assert.equal(response.status, 200);
        assert.match(await response.text(), new RegExp(`<title>${title}</title>`));
        assert.equal(response.headers.get('cache-control'), 'public, max-age=0, must-revalidate');
        assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
      });
    }

    test('unknown paths answer 404 with the not-found page, never cached', async () => {
      for (const path of ['/nope', '/docs/nope.html', '/docs/intro/extra', '/%E0%A4%A', '/docs//intro']) {
        const response = await fetch(url(path));
        assert.equal(response.status, 404, path);
        assert.match(await response.text(), /Page Not Found/);
        assert.equal(response.headers.get('cache-control'), 'no-store');
      }
    });

    test('hashed assets are cached for a year, other files revalidate', async () => {
      const asset = await fetch(url('/assets/app-ABC123.js'));
      assert.equal(asset.status, 200);
      assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      const robots = await fetch(url('/robots.txt'));
      assert.equal(robots.status, 200);
      assert.equal(robots.headers.get('cache-control'), 'public, max-age=0, must-revalidate');
    });

    if (base !== '/') {
      test('paths outside the base URL are not found', async () => {
        const response = await fetch(origin + '/docs/intro');
        assert.equal(response.status, 404);
      });
    }
  });
}

describe('what the production handler sends', () => {
  let root: string;
  let dir: string;
  let server: Server;
  let port: number;

  before(async () => {
    ({ root, dir } = writeBuild());
    ({ server, port } = await serveDir({ dir, base: '/' }));
  });
  after(() => {
    stop(server);
    rmSync(root, { recursive: true, force: true });
  });

  test('content types, text with its charset', async () => {
    const expected: Record<string, string> = {
      '/site.webmanifest': 'application/manifest+json; charset=utf-8',
      '/docs/api/openapi.yaml': 'application/yaml; charset=utf-8',
      '/data.json': 'application/json; charset=utf-8',
      '/sitemap.xml': 'application/xml; charset=utf-8',
      '/img/logo.svg': 'image/svg+xml; charset=utf-8',
      '/fonts/a.woff2': 'font/woff2',
      '/assets/app-ABC123.js': 'text/javascript; charset=utf-8',
      '/assets/app-ABC123.css': 'text/css; charset=utf-8',
      '/robots.txt': 'text/plain; charset=utf-8',
      '/NOTES': 'application/octet-stream',
    };
    for (const [path, type] of Object.entries(expected)) {
      const response = await rawRequest(port, path);
      assert.equal(response.status, 200, path);
      assert.equal(response.headers['content-type'], type, path);
      assert.equal(response.body.toString(), files[path.slice(1)], path);
    }
  });

  test('security headers on every answer', async () => {
    const answers = await Promise.all([rawRequest(port, '/'), rawRequest(port, '/nope'), rawRequest(port, '/', { method: 'POST' }), rawRequest(port, '/../secret.txt'), rawRequest(port, '/robots.txt', { headers: { 'If-None-Match': '*' } })]);
    assert.deepEqual(answers.map((answer) => answer.status), [200, 404, 405, 400, 304]);
    for (const answer of answers) {
      assert.equal(answer.headers['x-content-type-options'], 'nosniff');
      assert.equal(answer.headers['referrer-policy'], 'strict-origin-when-cross-origin');
      assert.equal(answer.headers['x-frame-options'], 'SAMEORIGIN');
      assert.equal(answer.headers['content-security-policy'], undefined);
    }
  });

  test('ETag and Last-Modified; 304 for If-None-Match (one tag, a list, weak or not, *) and If-Modified-Since', async () => {
    const first = await rawRequest(port, '/docs/intro');
    const etag = first.headers.etag!;
    assert.match(etag, /^W\/"\d+-\d+"$/);
    assert.ok(first.headers['last-modified']);
    for (const ifNoneMatch of [etag, `W/"other", ${etag}`, etag.replace(/^W\//, ''), '*']) {
      const again = await rawRequest(port, '/docs/intro', { headers: { 'If-None-Match': ifNoneMatch } });
      assert.equal(again.status, 304, ifNoneMatch);
      assert.equal(again.body.length, 0);
      assert.equal(again.headers.etag, etag);
      assert.equal(again.headers['cache-control'], 'public, max-age=0, must-revalidate');
    }
    assert.equal((await rawRequest(port, '/docs/intro', { headers: { 'If-None-Match': 'W/"other"' } })).status, 200);
    assert.equal((await rawRequest(port, '/docs/intro', { headers: { 'If-Modified-Since': first.headers['last-modified']! } })).status, 304);
    assert.equal((await rawRequest(port, '/docs/intro', { headers: { 'If-Modified-Since': new Date(0).toUTCString() } })).status, 200);
  });

  test('HEAD: the headers of GET, no body', async () => {
    for (const [path, headers] of [['/docs/intro', {}], ['/docs/long', { 'Accept-Encoding': 'br' }], ['/fonts/a.woff2', {}], ['/nope', {}]] as const) {
      const get = await rawRequest(port, path, { headers });
      const head = await rawRequest(port, path, { method: 'HEAD', headers });
      assert.equal(head.status, get.status, path);
      assert.equal(head.body.length, 0, path);
      assert.equal(head.headers['content-length'], String(get.body.length), path);
      assert.equal(head.headers['content-type'], get.headers['content-type'], path);
      assert.equal(head.headers['content-encoding'], get.headers['content-encoding'], path);
      assert.equal(head.headers.etag, get.headers.etag, path);
    }
  });

  test('methods other than GET and HEAD: 405 with Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const response = await rawRequest(port, '/docs/intro', { method });
      assert.equal(response.status, 405, method);
      assert.equal(response.headers.allow, 'GET, HEAD', method);
    }
  });

  test('folders are never listed; dotfiles are not served, .well-known is', async () => {
    for (const path of ['/files/', '/files', '/assets/', '/fonts', '/.hidden', '/.well-known/']) {
      assert.equal((await rawRequest(port, path)).status, 404, path);
    }
    assert.equal((await rawRequest(port, '/files/only.txt')).status, 200);
    assert.equal((await rawRequest(port, '/.well-known/security.txt')).status, 200);
  });

  test('hostile paths never read outside the served folder', async () => {
    const hostile = [
      '/../secret.txt',
      '/docs/../../secret.txt',
      '/..%2fsecret.txt',
      '/..%2Fsecret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E/%2e%2e/secret.txt',
      '/%252e%252e/secret.txt',
      '/%252e%252e%252fsecret.txt',
      '/..\\secret.txt',
      '/%5c..%5csecret.txt',
      '/..%5csecret.txt',
      '/secret.txt%00',
      '/%00/../secret.txt',
      '/index.html%00.txt',
      '//../secret.txt',
      '/./secret.txt',
      '/../build-secret.txt',
      '/.%2e/secret.txt',
      'http://127.0.0.1/../secret.txt',
    ];
    for (const path of hostile) {
      const response = await rawRequest(port, path);
      assert.ok([400, 404].includes(response.status), `${path}: ${response.status}`);
      assert.doesNotMatch(response.body.toString(), new RegExp(SECRET), path);
    }
    assert.equal((await rawRequest(port, '/../secret.txt')).status, 400);
    assert.equal((await rawRequest(port, '/secret.txt%00')).status, 400);
    assert.equal((await rawRequest(port, '/%252e%252e/secret.txt')).status, 404, 'decoded once: a folder named %2e%2e, which does not exist');
  });

  test('text is compressed with brotli (preferred) or gzip, decoded it is the file', async () => {
    const file = readFileSync(join(dir, 'docs/long/index.html'));
    const br = await rawRequest(port, '/docs/long', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers.vary, 'Accept-Encoding');
    assert.equal(br.headers['content-length'], String(br.body.length));
    assert.ok(br.body.length < file.length / 5, `${br.body.length} bytes`);
    assert.deepEqual(brotliDecompressSync(br.body), file);
    assert.match(br.headers.etag!, /-br"$/, 'each encoding is its own representation');

    const gzip = await rawRequest(port, '/docs/long', { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.deepEqual(gunzipSync(gzip.body), file);

    const plain = await rawRequest(port, '/docs/long');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.headers.vary, 'Accept-Encoding');
    assert.deepEqual(plain.body, file);

    const again = await rawRequest(port, '/docs/long', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.etag! } });
    assert.equal(again.status, 304);
    assert.equal(again.headers.vary, 'Accept-Encoding');
  });

  test('every compressible type is compressed; small files, binary files and ranges are not', async () => {
    for (const path of ['/assets/app-ABC123.js', '/docs/api/openapi.yaml', '/404-page-that-does-not-exist']) {
      const response = await rawRequest(port, path, { headers: { 'Accept-Encoding': 'br' } });
      assert.equal(response.headers['content-encoding'], 'br', path);
    }
    const small = await rawRequest(port, '/robots.txt', { headers: { 'Accept-Encoding': 'br' } });
    assert.equal(small.headers['content-encoding'], undefined);
    assert.equal(small.headers.vary, 'Accept-Encoding');
    const font = await rawRequest(port, '/fonts/a.woff2', { headers: { 'Accept-Encoding': 'br' } });
    assert.equal(font.headers['content-encoding'], undefined);
    assert.equal(font.headers.vary, undefined);
    const range = await rawRequest(port, '/docs/long', { headers: { 'Accept-Encoding': 'br', Range: 'bytes=0-9' } });
    assert.equal(range.status, 206);
    assert.equal(range.headers['content-encoding'], undefined);
    assert.equal(range.body.toString(), '<title>lon');
  });

  test('byte ranges (RFC 9110 §14): one range is 206 with its bytes, of the file as it is, never compressed', async () => {
    const file = readFileSync(join(dir, 'docs/long/index.html'));
    const size = file.length;
    const cases: Array<[string, number, number]> = [
      ['bytes=0-9', 0, 9],
      ['bytes=0-0', 0, 0],
      ['bytes=5-5', 5, 5],
      ['bytes=-500', size - 500, size - 1],
      ['bytes=500-', 500, size - 1],
      ['bytes=10-99999999', 10, size - 1],
      ['bytes=-99999999', 0, size - 1],
      [`bytes=${size - 1}-`, size - 1, size - 1],
      ['BYTES=1-3', 1, 3],
      ['bytes=0-4, ', 0, 4],
    ];
    for (const [range, start, end] of cases) {
      for (const acceptEncoding of ['br', 'identity']) {
        const response = await rawRequest(port, '/docs/long', { headers: { 'Accept-Encoding': acceptEncoding, Range: range } });
        assert.equal(response.status, 206, range);
        assert.equal(response.headers['content-range'], `bytes ${start}-${end}/${size}`, range);
        assert.equal(response.headers['content-length'], String(end - start + 1), range);
        assert.equal(response.headers['content-encoding'], undefined, range);
        assert.equal(response.headers['accept-ranges'], 'bytes', range);
        assert.equal(response.headers['content-type'], 'text/html; charset=utf-8', range);
        assert.deepEqual(response.body, file.subarray(start, end + 1), range);
      }
    }
  });

  test('an unsatisfiable range is 416 with the size; a malformed or multiple one is ignored (200, the whole file)', async () => {
    const file = readFileSync(join(dir, 'docs/long/index.html'));
    for (const range of ['bytes=999999-', `bytes=${file.length}-`, `bytes=${file.length}-${file.length + 10}`, 'bytes=-0', 'bytes=99999999999999999999-']) {
      const response = await rawRequest(port, '/docs/long', { headers: { Range: range } });
      assert.equal(response.status, 416, range);
      assert.equal(response.headers['content-range'], `bytes */${file.length}`, range);
      assert.equal(response.headers['content-length'], '0', range);
      assert.equal(response.body.length, 0, range);
    }
    const ignored = ['bytes=abc', 'bytes=5-2', 'bytes=0-0,5-9', 'bytes=-1,-2', 'items=0-5', 'bytes=', 'bytes=-', 'bytes=1-2-3', 'bytes=0x1-2', 'bytes=+1-2', '0-5', 'bytes=99999999999999999999-99999999999999999998'];
    for (const range of ignored) {
      const plain = await rawRequest(port, '/docs/long', { headers: { Range: range } });
      assert.equal(plain.status, 200, range);
      assert.equal(plain.headers['content-range'], undefined, range);
      assert.equal(plain.headers['content-length'], String(file.length), range);
      assert.equal(plain.headers['accept-ranges'], 'bytes', range);
      assert.deepEqual(plain.body, file, range);
      // Ignored is as if never sent: compressed when the client takes it.
      const br = await rawRequest(port, '/docs/long', { headers: { Range: range, 'Accept-Encoding': 'br' } });
      assert.equal(br.status, 200, range);
      assert.equal(br.headers['content-encoding'], 'br', range);
      assert.deepEqual(brotliDecompressSync(br.body), file, range);
    }
    const notFound = await rawRequest(port, '/nope', { headers: { Range: 'bytes=0-9' } });
    assert.equal(notFound.status, 404, 'a Range does not change a 404');
    assert.match(notFound.body.toString(), /Page Not Found/);
    assert.equal(notFound.headers['accept-ranges'], undefined);
  });

  test('Accept-Ranges only where ranges are offered; HEAD ignores Range; If-Range; 304 before ranges', async () => {
    const identity = await rawRequest(port, '/docs/long');
    assert.equal(identity.headers['accept-ranges'], 'bytes');
    const br = await rawRequest(port, '/docs/long', { headers: { 'Accept-Encoding': 'br' } });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers['accept-ranges'], undefined, "a compressed body's bytes are not the file's");
    assert.equal((await rawRequest(port, '/fonts/a.woff2')).headers['accept-ranges'], 'bytes');

    // Range handling is defined for GET only (§14.2): HEAD answers as without it.
    const head = await rawRequest(port, '/docs/long', { method: 'HEAD', headers: { Range: 'bytes=0-9' } });
    assert.equal(head.status, 200);
    assert.equal(head.headers['content-length'], String(identity.body.length));
    assert.equal(head.headers['content-range'], undefined);
    assert.equal(head.body.length, 0);

    const lastModified = identity.headers['last-modified']!;
    const sameDate = await rawRequest(port, '/docs/long', { headers: { Range: 'bytes=0-9', 'If-Range': lastModified } });
    assert.equal(sameDate.status, 206, 'If-Range with the Last-Modified date');
    assert.equal(sameDate.body.toString(), '<title>lon');
    for (const ifRange of [new Date(0).toUTCString(), identity.headers.etag!, '"other"', 'not a date']) {
      const whole = await rawRequest(port, '/docs/long', { headers: { Range: 'bytes=0-9', 'If-Range': ifRange } });
      assert.equal(whole.status, 200, `If-Range ${ifRange}: the whole file (a weak tag never matches)`);
      assert.deepEqual(whole.body, identity.body, ifRange);
    }
    const unchanged = await rawRequest(port, '/docs/long', { headers: { Range: 'bytes=0-9', 'If-None-Match': identity.headers.etag! } });
    assert.equal(unchanged.status, 304);
  });

  test('a file changed in place is served as it is now, compressed afresh', async () => {
    const file = join(dir, 'docs/api/openapi.yaml');
    const before = brotliDecompressSync((await rawRequest(port, '/docs/api/openapi.yaml', { headers: { 'Accept-Encoding': 'br' } })).body).toString();
    const changed = `${before}# one more line\n`;
    writeFileSync(file, changed);
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const after = await rawRequest(port, '/docs/api/openapi.yaml', { headers: { 'Accept-Encoding': 'br' } });
    assert.equal(brotliDecompressSync(after.body).toString(), changed);
    const identity = await rawRequest(port, '/docs/api/openapi.yaml');
    assert.equal(identity.body.toString(), changed);
    assert.equal(identity.headers['content-length'], String(Buffer.byteLength(changed)));
  });
});

test('rangeOf: the answer to a Range header for a size', () => {
  assert.deepEqual(rangeOf('bytes=0-9', 100), { kind: 'range', start: 0, end: 9 });
  assert.deepEqual(rangeOf('bytes=-10', 100), { kind: 'range', start: 90, end: 99 });
  assert.deepEqual(rangeOf('bytes=90-', 100), { kind: 'range', start: 90, end: 99 });
  assert.deepEqual(rangeOf(' bytes = 1-2 ', 100), { kind: 'range', start: 1, end: 2 });
  assert.deepEqual(rangeOf('bytes=0-', 0), { kind: 'unsatisfiable' }, 'nothing of an empty file can be sent');
  assert.deepEqual(rangeOf('bytes=-5', 0), { kind: 'unsatisfiable' });
  assert.deepEqual(rangeOf('bytes=100-', 100), { kind: 'unsatisfiable' });
  assert.deepEqual(rangeOf('bytes=-0', 100), { kind: 'unsatisfiable' });
  assert.deepEqual(rangeOf('bytes=5-2', 100), { kind: 'ignore' });
  assert.deepEqual(rangeOf('bytes=0-1,3-4', 100), { kind: 'ignore' });
  assert.deepEqual(rangeOf('bytes=,,0-1,', 100), { kind: 'range', start: 0, end: 1 }, 'empty list elements are allowed');
  assert.deepEqual(rangeOf('bytes=1.5-2', 100), { kind: 'ignore' });
});

test('compressed bodies are kept in memory per file version', async () => {
  const root = mkdtempSync(join(tmpdir(), 'docsite-compress-'));
  const file = join(root, 'a.html');
  writeFileSync(file, LONG_TEXT);
  const cache = new CompressedFiles();
  const version = { mtimeMs: 1, size: 1 };
  const [first, concurrent] = await Promise.all([cache.get(file, version, 'br'), cache.get(file, version, 'br')]);
  assert.equal(first, concurrent, 'one compression for two requests at once');
  const second = await cache.get(file, first.version, 'br');
  assert.equal(second.body, first.body, 'the same bytes, not compressed again');
  assert.notEqual((await cache.get(file, first.version, 'gzip')).body, first.body);
  writeFileSync(file, `${LONG_TEXT}!`);
  const third = await cache.get(file, { mtimeMs: first.version.mtimeMs + 1, size: first.version.size + 1 }, 'br');
  assert.equal(brotliDecompressSync(third.body).toString(), `${LONG_TEXT}!`);
  rmSync(root, { recursive: true, force: true });
});

test('Accept-Encoding negotiation', () => {
  assert.equal(negotiateEncoding('gzip, deflate, br, zstd'), 'br');
  assert.equal(negotiateEncoding('gzip'), 'gzip');
  assert.equal(negotiateEncoding('br;q=0.5, gzip;q=0.8'), 'gzip');
  assert.equal(negotiateEncoding('br;q=0, gzip'), 'gzip');
  assert.equal(negotiateEncoding('*'), 'br');
  assert.equal(negotiateEncoding('identity'), undefined);
  assert.equal(negotiateEncoding(undefined), undefined);
});

test('request paths: decoded once, hostile forms refused', () => {
  assert.deepEqual(parseRequestPath('/docs/caf%C3%A9?x=1#y'), { ok: true, pathname: '/docs/café', search: '?x=1' });
  assert.deepEqual(parseRequestPath('/a/%252e%252e'), { ok: true, pathname: '/a/%2e%2e', search: '' });
  assert.deepEqual(parseRequestPath('http://host/x?y'), { ok: true, pathname: '/x', search: '?y' });
  for (const path of ['/../x', '/%2e%2E/x', '/a%2fb', '/a%5Cb', '/a\\b', '/a%00', '/./x', '*']) assert.deepEqual(parseRequestPath(path), { ok: false, reason: 'bad request' }, path);
  for (const path of ['//evil.example/', '/a//b', '/%E0%A4%A']) assert.deepEqual(parseRequestPath(path), { ok: false, reason: 'not found' }, path);
});

describe('trailing-slash redirects follow the config', () => {
  const cases: Array<{ trailingSlash: boolean | undefined; base: string; expect: Array<[string, number, string?]> }> = [
    {
      trailingSlash: true,
      base: '/',
      expect: [
        ['/docs/intro', 301, '/docs/intro/'],
        ['/docs/intro?tab=a&b=1', 301, '/docs/intro/?tab=a&b=1'],
        ['/docs/flat', 301, '/docs/flat/'],
        ['/docs/caf%C3%A9', 301, '/docs/caf%C3%A9/'],
        ['/blog/v1.2', 301, '/blog/v1.2/'],
        ['/docs/intro/', 200],
        ['/docs/intro.html', 200],
        ['/docs/intro/index.html', 200],
        ['/robots.txt', 200],
        ['/NOTES', 200],
        ['/', 200],
        ['/nope', 404],
      ],
    },
    {
      trailingSlash: false,
      base: '/',
      expect: [
        ['/docs/intro/', 301, '/docs/intro'],
        ['/docs/intro/?tab=a', 301, '/docs/intro?tab=a'],
        ['/docs/flat/', 301, '/docs/flat'],
        ['/docs/intro', 200],
        ['/docs/intro/index.html', 200],
        ['/', 200],
        ['/nope/', 404],
        ['//evil.example/', 404],
      ],
    },
    { trailingSlash: undefined, base: '/', expect: [['/docs/intro', 200], ['/docs/intro/', 200], ['/docs/flat/', 200], ['/docs/flat', 200]] },
    { trailingSlash: true, base: '/sub/', expect: [['/sub/docs/intro?x', 301, '/sub/docs/intro/?x'], ['/sub', 200], ['/sub/', 200]] },
    { trailingSlash: false, base: '/sub/', expect: [['/sub/docs/intro/', 301, '/sub/docs/intro']] },
  ];
  for (const { trailingSlash, base, expect } of cases) {
    test(`trailingSlash ${trailingSlash}, base ${base}`, async () => {
      const { root, dir } = writeBuild();
      const { server, port } = await serveDir({ dir, base, ...(trailingSlash === undefined ? {} : { trailingSlash }) });
      try {
        for (const [path, status, location] of expect) {
          const response = await rawRequest(port, path);
          assert.equal(response.status, status, path);
          assert.equal(response.headers.location, location, path);
          if (status === 301) assert.equal(response.headers['cache-control'], 'public, max-age=0, must-revalidate');
        }
      } finally {
        stop(server);
        rmSync(root, { recursive: true, force: true });
      }
    });
  }
});

test('a new build swapped into the served folder is served at once, new files included', async () => {
  const { root, dir } = writeBuild();
  const { server, port } = await serveDir({ dir, base: '/' });
  try {
    assert.equal((await rawRequest(port, '/docs/intro')).status, 200);
    assert.equal((await rawRequest(port, '/fresh.txt')).status, 404);
    // Exactly what `docsite build` does: stage beside the folder, then rename over it.
    const staged = await StagedOutput.create(dir);
    const next = { ...files, 'index.html': '<title>home, rebuilt with a longer page</title>', 'fresh.txt': 'new in this build' };
    delete (next as Record<string, string>)['docs/flat.html'];
    for (const [name, text] of Object.entries(next)) {
      mkdirSync(dirname(join(staged.dir, name)), { recursive: true });
      writeFileSync(join(staged.dir, name), text);
    }
    await staged.commit();

    // A file both builds have, first: the old listing's size must not cut the new page short.
    const home = await rawRequest(port, '/');
    assert.equal(home.body.toString(), next['index.html']);
    assert.equal(home.headers['content-length'], String(next['index.html'].length));
    const fresh = await rawRequest(port, '/fresh.txt');
    assert.equal(fresh.status, 200);
    assert.equal(fresh.body.toString(), 'new in this build');
    assert.equal((await rawRequest(port, '/docs/flat')).status, 404, 'a file the new build lacks is gone');
  } finally {
    stop(server);
    rmSync(root, { recursive: true, force: true });
  }
});

test('dev mode: nothing cached, nothing compressed, no redirects', async () => {
  const { root, dir } = writeBuild();
  const { server, port } = await serveDir({ dir, base: '/', dev: true, trailingSlash: true });
  try {
    const page = await rawRequest(port, '/docs/long', { headers: { 'Accept-Encoding': 'br' } });
    assert.equal(page.status, 200);
    assert.equal(page.headers['cache-control'], 'no-store');
    assert.equal(page.headers['content-encoding'], undefined);
    assert.equal((await rawRequest(port, '/assets/app-ABC123.js')).headers['cache-control'], 'no-store');
    // The dev build is rewritten all the time: new files appear without any listing.
    writeFileSync(join(dir, 'late.txt'), 'late');
    assert.equal((await rawRequest(port, '/late.txt')).status, 200);
  } finally {
    stop(server);
    rmSync(root, { recursive: true, force: true });
  }
});

test('a file removed after the lookup ends that response, and the server keeps running', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsite-static-gone-'));
  writeFileSync(join(dir, 'gone.txt'), 'soon gone');
  const files = new FileServer(dir, false);
  const resolved = resolveFile(dir, '/gone.txt')!;
  // Removed between the handler's lookup and sirv opening it (what a build swapping folders can do).
  rmSync(join(dir, 'gone.txt'));
  const server = createServer((req, res) => files.serve(req, res, resolved, () => res.writeHead(404).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const outcome = await new Promise<string>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: '/gone.txt' }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(`complete ${res.statusCode}`));
        res.on('error', () => resolve('aborted'));
        res.on('aborted', () => resolve('aborted'));
      });
      req.on('error', () => resolve('aborted'));
      req.end();
    });
    assert.notEqual(outcome, 'complete 200', 'never a complete 200 without the file');
    assert.equal(server.listening, true);
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
