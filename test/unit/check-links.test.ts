import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractLinks, findBrokenLinks, type PageLinks } from '../../src/build/check-links';
import type { RouteDefinition } from '../../src/routes';

function page(path: string, html: string, source?: string, sourceLinks?: PageLinks['sourceLinks']): PageLinks {
  const route = { path, chunkName: path, data: { kind: 'notFound', title: path }, outputFile: '', ...(source ? { source } : {}) } as RouteDefinition;
  return { route, ...extractLinks(html), ...(sourceLinks ? { sourceLinks } : {}) };
}

test('extracts hrefs and ids from rendered HTML, decoding entities', () => {
  const { hrefs, ids } = extractLinks('<h2 id="a-b">x</h2><a class="y" href="/docs/x?a=1&amp;b=2#top">x</a><div id="z"></div>');
  assert.deepEqual(hrefs, ['/docs/x?a=1&b=2#top']);
  assert.deepEqual([...ids], ['a-b', 'z']);
});

test('resolves absolute, relative, .html and trailing-slash links; reports missing pages and anchors', () => {
  const pages = [
    page('/docs/a', '<h2 id="intro"></h2><a href="/docs/b">b</a><a href="b#part">rel</a><a href="/docs/b.html">html</a><a href="/docs/b/">slash</a><a href="#intro">self</a>', 'docs/a.md'),
    page('/docs/b', '<h2 id="part"></h2><a href="/docs/missing">x</a><a href="/docs/a#nope">y</a><a href="https://example.com/">ext</a><a href="/robots.txt">file</a><a href="mailto:x@y.z">mail</a>', 'docs/b.md', [{ href: '/docs/missing', line: 7, column: 3 }]),
  ];
  const broken = findBrokenLinks(pages, { base: '/', files: new Set(['/robots.txt']) });
  assert.deepEqual(
    broken.map((link) => [link.source, link.href, link.kind]),
    [
      ['docs/b.md:7:3', '/docs/missing', 'link'],
      ['docs/b.md (theme)', '/docs/a#nope', 'anchor'],
    ],
  );
});

test('links outside the base URL are broken', () => {
  const broken = findBrokenLinks([page('/docs/a', '<a href="/elsewhere">x</a><a href="/memora/docs/a">ok</a>')], { base: '/memora/', files: new Set() });
  assert.equal(broken.length, 1);
  assert.match(broken[0]!.reason, /outside the base URL/);
});
