import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { request, type IncomingMessage } from 'node:http';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { makeSite, rawRequest, removeSite, runCli, startServe, type ServeProcess } from '../helpers';

// `docsite serve` end to end: a real build served by the real command on a free port.

const sites: string[] = [];
after(() => sites.forEach(removeSite));



describe('docsite serve on a built site', () => {
  let dir: string;
  let served: ServeProcess;
  const BIG = 48 * 1024 * 1024;

  before(async () => {
    dir = makeSite({ 'static/site.webmanifest': '{"name":"Fixture","icons":[]}', 'static/data/openapi.yaml': `openapi: 3.1.0\n${'# padding\n'.repeat(200)}` });
    sites.push(dir);
    const build = await runCli(['build', dir]);
    assert.equal(build.code, 0, build.stderr);
    served = await startServe(dir);
  });
  after(() => served.child.kill('SIGKILL'));

  test("a Content-Security-Policy that allows exactly the page's inline scripts, by hash", async () => {
    const page = await rawRequest(served.port, '/docs/intro');
    const policy = String(page.headers['content-security-policy']);
    assert.ok(page.headers['content-security-policy'], 'a CSP is sent');
    assert.doesNotMatch(policy, /script-src[^;]*'unsafe-inline'/);
    const scriptSources = /script-src ([^;]*)/.exec(policy)![1]!.split(' ');
    const inline = [...page.body.toString().matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
    assert.equal(inline.length, 2, 'the colour-mode and base-URL scripts');
    for (const hash of inline) assert.ok(scriptSources.includes(hash), `${hash} in ${policy}`);
    assert.deepEqual(scriptSources.filter((source) => source.startsWith("'sha256-")).sort(), [...new Set(inline)].sort(), 'no other inline script allowed');
    assert.match(policy, /object-src 'none'/);
    assert.match(policy, /frame-ancestors 'self'/);
    assert.match(String(page.headers['permissions-policy']), /camera=\(\)/);
    const missing = await rawRequest(served.port, '/no/such/page');
    assert.equal(missing.headers['content-security-policy'], policy, 'not-found answers carry it too');
    assert.equal((await rawRequest(served.port, '/_headers')).status, 404, 'the headers file is not served');
  });

  test('pages: HTML, revalidated, security headers, ETag and 304, HEAD without a body', async () => {
    const page = await rawRequest(served.port, '/docs/intro');
    assert.equal(page.status, 200);
    assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(page.headers['cache-control'], 'public, max-age=0, must-revalidate');
    assert.equal(page.headers['x-content-type-options'], 'nosniff');
    assert.equal(page.headers['referrer-policy'], 'strict-origin-when-cross-origin');
    assert.equal(page.headers['x-frame-options'], 'SAMEORIGIN');
    assert.deepEqual(page.body, readFileSync(join(dir, 'build/docs/intro/index.html')));
    const again = await rawRequest(served.port, '/docs/intro', { headers: { 'If-None-Match': page.headers.etag! } });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
    const head = await rawRequest(served.port, '/docs/intro', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers['content-length'], String(page.body.length));
    assert.equal(head.body.length, 0);
    for (const path of ['/docs/intro/', '/docs/intro.html', '/docs/intro/index.html', '/docs/intro?tab=a']) assert.equal((await rawRequest(served.port, path)).status, 200, path);
  });

  test('hashed assets: cached for a year, compressed; decoded they are the file', async () => {
    const html = page(readFileSync(join(dir, 'build/docs/intro/index.html'), 'utf8'));
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    assert.ok(script, 'the page names its script');
    const file = readFileSync(join(dir, 'build', script));
    const br = await rawRequest(served.port, script, { headers: { 'Accept-Encoding': 'gzip, br' } });
    assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(br.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers.vary, 'Accept-Encoding');
    assert.equal(br.headers['content-length'], String(br.body.length));
    assert.deepEqual(brotliDecompressSync(br.body), file);
    const gzip = await rawRequest(served.port, script, { headers: { 'Accept-Encoding': 'gzip' } });
    assert.deepEqual(gunzipSync(gzip.body), file);
    const head = await rawRequest(served.port, script, { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    assert.equal(head.headers['content-length'], String(br.body.length));
    assert.equal(head.body.length, 0);
  });

  test('static files with their content types', async () => {
    const manifest = await rawRequest(served.port, '/site.webmanifest');
    assert.equal(manifest.headers['content-type'], 'application/manifest+json; charset=utf-8');
    const yaml = await rawRequest(served.port, '/data/openapi.yaml', { headers: { 'Accept-Encoding': 'br' } });
    assert.equal(yaml.headers['content-type'], 'application/yaml; charset=utf-8');
    assert.equal(yaml.headers['content-encoding'], 'br');
    const robots = await rawRequest(served.port, '/robots.txt');
    assert.equal(robots.headers['content-type'], 'text/plain; charset=utf-8');
  });

  test('byte ranges (issue 22): one range is 206; malformed ones are ignored, never a dropped connection', async () => {
    const file = readFileSync(join(dir, 'build/data/openapi.yaml'));
    const range = await rawRequest(served.port, '/data/openapi.yaml', { headers: { Range: 'bytes=0-13', 'Accept-Encoding': 'br' } });
    assert.equal(range.status, 206);
    assert.equal(range.headers['content-range'], `bytes 0-13/${file.length}`);
    assert.equal(range.headers['content-length'], '14');
    assert.equal(range.headers['content-encoding'], undefined);
    assert.equal(range.body.toString(), 'openapi: 3.1.0');
    const suffix = await rawRequest(served.port, '/data/openapi.yaml', { headers: { Range: 'bytes=-10' } });
    assert.equal(suffix.status, 206);
    assert.deepEqual(suffix.body, file.subarray(file.length - 10));
    // `bytes=5-2` used to reach a read stream with start > end: the connection was dropped without an answer.
    for (const malformed of ['bytes=5-2', 'bytes=abc', 'bytes=0-0,5-9']) {
      const whole = await rawRequest(served.port, '/data/openapi.yaml', { headers: { Range: malformed } });
      assert.equal(whole.status, 200, malformed);
      assert.deepEqual(whole.body, file, malformed);
    }
    const unsatisfiable = await rawRequest(served.port, '/data/openapi.yaml', { headers: { Range: 'bytes=999999-' } });
    assert.equal(unsatisfiable.status, 416);
    assert.equal(unsatisfiable.headers['content-range'], `bytes */${file.length}`);
    assert.doesNotMatch(served.output(), /could not answer|out of range/);
  });

  test('unknown paths and folders: 404 with the not-found page', async () => {
    for (const path of ['/docs/nope', '/assets/', '/data/', '/data']) {
      const response = await rawRequest(served.port, path);
      assert.equal(response.status, 404, path);
      assert.match(response.body.toString(), /Page Not Found/, path);
    }
    const head = await rawRequest(served.port, '/docs/nope', { method: 'HEAD' });
    assert.equal(head.status, 404);
    assert.equal(head.body.length, 0);
  });

  test('hostile paths never reach the site folder beside the build', async () => {
    const config = readFileSync(join(dir, 'docsite.config.ts'), 'utf8');
    for (const path of ['/../docsite.config.ts', '/..%2fdocsite.config.ts', '/%2e%2e/docsite.config.ts', '/%252e%252e/docsite.config.ts', '/..\\docsite.config.ts', '/%5c..%5cdocsite.config.ts', '/docsite.config.ts%00', '/docs/../../docsite.config.ts', '//../docsite.config.ts']) {
      const response = await rawRequest(served.port, path);
      assert.ok([400, 404].includes(response.status), `${path}: ${response.status}`);
      assert.ok(!response.body.toString().includes(config.slice(0, 60)), path);
    }
  });

  test('only GET and HEAD', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const response = await rawRequest(served.port, '/docs/intro', { method });
      assert.equal(response.status, 405, method);
      assert.equal(response.headers.allow, 'GET, HEAD');
    }
  });

  test('a new build into the served folder is served without a restart', async () => {
    writeFileSync(join(dir, 'static', 'fresh.txt'), 'from the second build');
    const build = await runCli(['build', dir]);
    assert.equal(build.code, 0, build.stderr);
    const fresh = await rawRequest(served.port, '/fresh.txt');
    assert.equal(fresh.status, 200);
    assert.equal(fresh.body.toString(), 'from the second build');
    assert.deepEqual((await rawRequest(served.port, '/docs/intro')).body, readFileSync(join(dir, 'build/docs/intro/index.html')));
  });

  test('SIGTERM: no new connections, the download in progress finishes, exit 0', async () => {
    writeFileSync(join(dir, 'build', 'big.bin'), Buffer.alloc(BIG, 7));
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      request({ host: '127.0.0.1', port: served.port, path: '/big.bin', agent: false }, resolve).on('error', reject).end();
    });
    assert.equal(response.statusCode, 200);
    response.pause();
    served.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(served.child.exitCode, null, 'still sending');
    await assert.rejects(rawRequest(served.port, '/docs/intro'), /ECONNREFUSED/);
    let received = 0;
    response.on('data', (chunk: Buffer) => (received += chunk.length));
    const ended = new Promise((resolve) => response.on('end', resolve));
    response.resume();
    await ended;
    assert.equal(received, BIG);
    assert.equal(await served.exited, 0);
    assert.match(served.output(), /SIGTERM: stopping the server/);
  });
});

/** The markup of a page without its inline scripts' contents (some mention .js paths). */
function page(html: string): string {
  return html.replace(/<script>[\s\S]*?<\/script>/g, '');
}

test('a second signal stops at once', async () => {
  const dir = handMadeSite({ 'build/index.html': '<title>home</title>', 'build/big.bin': Buffer.alloc(48 * 1024 * 1024, 1) });
  const served = await startServe(dir);
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    request({ host: '127.0.0.1', port: served.port, path: '/big.bin', agent: false }, resolve).on('error', reject).end();
  });
  response.pause();
  served.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 200));
  served.child.kill('SIGINT');
  assert.equal(await served.exited, 130);
  response.destroy();
});

/** A site folder with a config and a build written by hand: serving needs no real build. */
function handMadeSite(files: Record<string, string | Buffer>, config = "export default { title: 'x', url: 'https://x.example' };\n"): string {
  const dir = makeSite({}, null);
  sites.push(dir);
  writeFileSync(join(dir, 'docsite.config.ts'), config);
  for (const [name, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), contents);
  }
  return dir;
}

describe("trailing-slash redirects follow the config's trailingSlash", () => {
  const cases: { setting: string | undefined; files: Record<string, string>; redirect: [string, string] | undefined; fine: string[] }[] = [
    { setting: 'true', files: { 'build/index.html': 'home', 'build/docs/intro/index.html': 'intro' }, redirect: ['/docs/intro?tab=a', '/docs/intro/?tab=a'], fine: ['/docs/intro/', '/docs/intro/index.html'] },
    { setting: 'false', files: { 'build/index.html': 'home', 'build/docs/intro.html': 'intro' }, redirect: ['/docs/intro/?tab=a', '/docs/intro?tab=a'], fine: ['/docs/intro', '/docs/intro.html'] },
    { setting: undefined, files: { 'build/index.html': 'home', 'build/docs/intro/index.html': 'intro' }, redirect: undefined, fine: ['/docs/intro', '/docs/intro/'] },
  ];
  for (const { setting, files, redirect, fine } of cases) {
    test(`trailingSlash ${setting ?? 'unset'}`, async () => {
      const dir = handMadeSite(files, `export default { title: 'x', url: 'https://x.example'${setting ? `, trailingSlash: ${setting}` : ''} };\n`);
      const served = await startServe(dir);
      try {
        if (redirect) {
          const response = await rawRequest(served.port, redirect[0]);
          assert.equal(response.status, 301);
          assert.equal(response.headers.location, redirect[1]);
        }
        for (const path of fine) assert.equal((await rawRequest(served.port, path)).status, 200, path);
        assert.equal((await rawRequest(served.port, '/docs/intro.txt')).status, 404);
      } finally {
        served.child.kill('SIGTERM');
        assert.equal(await served.exited, 0);
      }
    });
  }
});

test('serving a folder without a build is an error that says what to do', async () => {
  const dir = handMadeSite({});
  const result = await runCli(['serve', dir, '--port', '0']);
  assert.equal(result.code, 1);
  assert.match(result.stderr, /no build found .*run `docsite build` first/);
});
