import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { builtMemoraSite, ROOT, runCli } from '../helpers';

// The bundled Memora site builds (the build `npm test` shares, strict link checking on) and carries the site-wide chrome.

/** The docs pages of the contract (CONTRACT.md section 2), per section in sidebar order. */
const DOCS_PAGES: Record<string, string[]> = {
  overview: ['introduction', 'quick-start', 'Comparison', 'help', 'logo', 'support-the-project'],
  install: ['requirements', 'docker-compose', 'script', 'all-in-one', 'kubernetes', 'portainer', 'truenas', 'unraid', 'config-file', 'environment-variables', 'post-install'],
  administration: ['backup-and-restore', 'jobs', 'oauth', 'password-login', 'reverse-proxy', 'server-commands', 'storage-template', 'user-management'],
  features: ['automatic-backup', 'command-line-interface', 'facial-recognition', 'hardware-transcoding', 'libraries', 'ml-hardware-acceleration', 'mobile-app', 'partner-sharing', 'reverse-geocoding', 'search', 'user-settings', 'xmp-sidecars'],
  guides: ['database-gui', 'database-queries', 'docker-help', 'external-library', 'python-file-upload', 'remote-access', 'remote-machine-learning', 'remove-offline-files', 'template-backup-script'],
  developer: ['architecture', 'database-migrations', 'directories', 'open-api', 'pr-checklist', 'setup', 'testing', 'troubleshooting'],
};

const EXPECTED_DOCS = [...Object.entries(DOCS_PAGES).flatMap(([section, pages]) => pages.map((name) => `/docs/${section}/${name}`)), '/docs/FAQ'];

/** Words of prose in a rendered doc: the Markdown body without code blocks, tags or entities. */
function bodyWords(html: string): number {
  const body = html.slice(html.indexOf('<div class="markdown"'), html.indexOf('</article>'));
  const text = body
    .replace(/<pre[\s\S]*?<\/pre>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z0-9#]+;/gi, ' ');
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

describe('the bundled Memora site', () => {
  const memora = builtMemoraSite();
  const page = (route: string) => readFileSync(join(memora.dir, 'build', route, 'index.html'), 'utf8');

  test('check-links passes', async () => {
    const result = await runCli(['check-links', join(ROOT, 'content')]);
    assert.equal(result.code, 0, result.stderr);
  });

  test('every docs page of the contract exists with at least 200 words of body text', () => {
    for (const route of EXPECTED_DOCS) {
      assert.ok(existsSync(join(memora.dir, 'build', route, 'index.html')), `${route} was not built`);
      const words = bodyWords(page(route));
      assert.ok(words >= 200, `${route} has ${words} words of body text`);
    }
  });

  test('the sidebar orders the docs as the contract does (followed through the Next links)', () => {
    const visited = ['/docs/overview/introduction'];
    for (;;) {
      const next = /class="pagination-link pagination-next" href="([^"]+)"/.exec(page(visited.at(-1)!.slice(1)))?.[1];
      if (!next || visited.includes(next)) break;
      visited.push(next);
    }
    assert.deepEqual(visited, EXPECTED_DOCS);
  });

  test('/docs leads to the introduction; the lowercase Comparison path forwards to the canonical one', () => {
    assert.match(page('docs'), /http-equiv="refresh" content="0; url=\/docs\/overview\/introduction"/);
    assert.match(page('docs/overview/comparison'), /http-equiv="refresh" content="0; url=\/docs\/overview\/Comparison"/);
    assert.doesNotMatch(readFileSync(join(memora.dir, 'build', 'sitemap.xml'), 'utf8'), /overview\/comparison/);
    assert.ok(existsSync(join(memora.dir, 'build', '404.html')));
  });

  test('the navbar marks the most specific item: API on API pages, Docs on the other docs', () => {
    const active = (route: string) => [...page(route).matchAll(/class="navbar-item navbar-link active" href="([^"]+)"/g)].map((match) => match[1]);
    assert.deepEqual(active('docs/api'), ['/docs/api']);
    assert.deepEqual(active('docs/api/get-my-user'), ['/docs/api']);
    assert.deepEqual(active('docs/install/requirements'), ['/docs/overview/introduction']);
  });

  test('several docs carry tags, and the tags index lists them', () => {
    const tagsIndex = page('docs/tags');
    const tagLinks = new Set([...tagsIndex.matchAll(/href="\/docs\/tags\/([a-z0-9-]+)"/g)].map((match) => match[1]));
    assert.ok(tagLinks.size >= 10, `tags: ${[...tagLinks].join(', ')}`);
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
