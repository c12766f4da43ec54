import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createStaticHandler } from '../../src/server/static-handler';

// A tiny build on disk, served in-process: the URL rules of CONTRACT.md §2.
const files: Record<string, string> = {
  'index.html': '<title>home</title>',
  'docs/intro/index.html': '<title>intro</title>',
  'docs/flat.html': '<title>flat</title>',
  '404.html': '<title>Page Not Found</title>',
  'assets/app-ABC123.js': 'console.log(1)',
  'robots.txt': 'User-agent: *',
};

function serveDir(dir: string, base: string): Promise<{ server: Server; origin: string }> {
  const server = createServer(createStaticHandler({ dir, base }));
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, origin: `http://127.0.0.1:${port}` });
    });
  });
}

for (const base of ['/', '/sub/']) {
  describe(`static handler with base ${base}`, () => {
    let dir: string;
    let server: Server;
    let origin: string;
    const url = (path: string) => origin + base.slice(0, -1) + path;

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'docsite-static-'));
      for (const [name, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, name)), { recursive: true });
        writeFileSync(join(dir, name), text);
      }
      ({ server, origin } = await serveDir(dir, base));
    });
    after(() => {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const pages: Array<[string, string]> = [
      ['/', 'home'],
      ['/index.html', 'home'],
      ['/docs/intro', 'intro'],
      ['/docs/intro/', 'intro'],
      ['/docs/intro/index.html', 'intro'],
      ['/docs/intro.html', 'intro'],
      ['/docs/flat', 'flat'],
      ['/docs/flat.html', 'flat'],
    ];
    for (const [path, title] of pages) {
      test(`${path} answers 200 with the ${title} page`, async () => {
        const response = await fetch(url(path));
        assert.equal(response.status, 200);
        assert.match(await response.text(), new RegExp(`<title>${title}</title>`));
        assert.equal(response.headers.get('cache-control'), 'public, max-age=0, must-revalidate');
      });
    }

    test('unknown paths answer 404 with the not-found page', async () => {
      for (const path of ['/nope', '/docs/nope.html', '/docs/intro/extra', '/%E0%A4%A']) {
        const response = await fetch(url(path));
        assert.equal(response.status, 404, path);
        assert.match(await response.text(), /Page Not Found/);
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
