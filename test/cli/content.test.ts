import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ROOT, runCli } from '../helpers';

// The bundled Memora site builds with strict link checking and carries the site-wide chrome.

describe('the bundled Memora site', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'docsite-content-'));
  const page = (route: string) => readFileSync(join(outDir, route, 'index.html'), 'utf8');

  before(async () => {
    const result = await runCli(['build', join(ROOT, 'content'), '--out-dir', outDir]);
    assert.equal(result.code, 0, result.stderr);
  });
  after(() => rmSync(outDir, { recursive: true, force: true }));

  test('check-links passes', async () => {
    const result = await runCli(['check-links', join(ROOT, 'content')]);
    assert.equal(result.code, 0, result.stderr);
  });

  test('every docs section has a page, /docs leads to the introduction', () => {
    for (const route of ['docs/overview/introduction', 'docs/overview/quick-start', 'docs/install/requirements', 'docs/install/docker-compose', 'docs/administration/backup-and-restore', 'docs/features/automatic-backup', 'docs/guides/database-queries', 'docs/developer/setup', 'docs/FAQ']) {
      assert.ok(existsSync(join(outDir, route, 'index.html')), route);
    }
    assert.match(page('docs'), /\/docs\/overview\/introduction/);
    assert.ok(existsSync(join(outDir, '404.html')));
  });

  test('pages carry the announcement, the dark default, the footer columns and the licence line', () => {
    const html = page('docs/overview/introduction');
    assert.match(html, /<html lang="en" dir="ltr" data-theme="dark">/);
    assert.match(html, /role="banner" class="announcement-bar"/);
    assert.match(html, /very active development/);
    for (const column of ['Overview', 'Community', 'Links']) assert.match(html, new RegExp(`footer-title">${column}<`));
    assert.match(html, /GNU Affero General Public License v3/);
    assert.match(html, /Version: (<!-- -->)?Next/);
  });
});
