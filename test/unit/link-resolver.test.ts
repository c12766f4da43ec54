import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { createLinkResolver } from '../../src/markdown/link-resolver';

// Markdown links to files resolve as in Docusaurus: `./` and `../` from the linking file only, `/x.md` from the
// content folder's root, and any other path from the root first, then from the linking file's folder.

const site = join('/', 'site');
const docs = join(site, 'docs');
const blog = join(site, 'blog');
const routes: Record<string, string> = {
  'docs/intro.md': '/docs/intro',
  'docs/migration.md': '/docs/migration',
  'docs/basics/options.md': '/docs/basics/options',
  'docs/basics/intro.md': '/docs/basics/intro',
  'docs/basics/deep/tuning.md': '/docs/basics/deep/tuning',
  'docs/reference/api.md': '/docs/reference/api',
  'docs/my notes.md': '/docs/my-notes',
  'blog/2024-01-01-hello.md': '/blog/hello',
  'blog/2024-02-01-again.md': '/blog/again',
};
const resolveLink = createLinkResolver({
  siteDir: site,
  contentDirs: [docs, blog],
  routeOfFile: new Map(Object.entries(routes).map(([file, route]) => [join(site, file), route])),
  href: (path) => path,
});
const from = (file: string, url: string) => resolveLink(url, join(site, file));

test('a bare file path is looked up from the docs root first, then beside the linking file', () => {
  assert.equal(from('docs/basics/options.md', 'migration.md#qbittorrent'), '/docs/migration#qbittorrent');
  assert.equal(from('docs/basics/options.md', 'reference/api.md'), '/docs/reference/api');
  assert.equal(from('docs/basics/options.md', 'deep/tuning.md'), '/docs/basics/deep/tuning');
  // Both docs/intro.md and docs/basics/intro.md exist: Docusaurus takes the one at the root.
  assert.equal(from('docs/basics/options.md', 'intro.md'), '/docs/intro');
});

test('./ and ../ paths are relative to the linking file only', () => {
  assert.equal(from('docs/basics/options.md', './intro.md'), '/docs/basics/intro');
  assert.equal(from('docs/basics/options.md', '../intro.md?x=1#top'), '/docs/intro?x=1#top');
  assert.equal(from('docs/basics/options.md', './migration.md'), './migration.md', 'no docs/basics/migration.md: left for the link checker');
});

test('a /path is looked up from the content root or the site folder, never beside the file', () => {
  assert.equal(from('docs/basics/options.md', '/reference/api.md#auth'), '/docs/reference/api#auth');
  assert.equal(from('docs/basics/options.md', '/docs/intro.md'), '/docs/intro');
  assert.equal(from('docs/basics/options.md', '/deep/tuning.md'), '/deep/tuning.md');
});

test('posts link to posts from the blog root; pages from the content roots; encoded names are decoded', () => {
  assert.equal(from('blog/2024-02-01-again.md', '2024-01-01-hello.md'), '/blog/hello');
  assert.equal(from('pages/about.md', '/intro.md'), '/docs/intro');
  assert.equal(from('docs/intro.md', 'my%20notes.md'), '/docs/my-notes');
  assert.equal(from('docs/intro.md', 'bad%zz.md'), 'bad%zz.md');
});
