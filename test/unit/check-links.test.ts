import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkPageLinks, extractLinks, formatBrokenLink, formatLocation, type LinkProblem, type PageLinks } from '../../src/links/check-links';
import type { RouteDefinition } from '../../src/routes';

function page(path: string, html: string, source?: string, sourceLinks?: PageLinks['sourceLinks'], extra: Partial<RouteDefinition> = {}): PageLinks {
  const route = { path, chunkName: path, data: { kind: 'notFound', title: path }, outputFile: '', ...(source ? { source } : {}), ...extra } as RouteDefinition;
  return { route, ...extractLinks(html), ...(sourceLinks ? { sourceLinks } : {}) };
}

const links = (...hrefs: string[]) => hrefs.map((href) => `<a href="${href}">x</a>`).join('');
const summary = (problems: LinkProblem[]) => problems.map((link) => [formatLocation(link), link.href, link.kind]);

test('extracts hrefs and ids from rendered HTML, decoding entities', () => {
  const { hrefs, ids } = extractLinks('<h2 id="a-b">x</h2><a class="y" href="/docs/x?a=1&amp;b=2#top">x</a><div id="z"></div>');
  assert.deepEqual(hrefs, ['/docs/x?a=1&b=2#top']);
  assert.deepEqual([...ids], ['a-b', 'z']);
});

test('resolves absolute, relative, .html and trailing-slash links; reports missing pages and anchors', () => {
  const pages = [
    page('/docs/a', `<h2 id="intro"></h2>${links('/docs/b', 'b#part', '/docs/b.html', '/docs/b/', '#intro')}`, 'docs/a.md'),
    page('/docs/b', `<h2 id="part"></h2>${links('/docs/missing', '/docs/a#nope', 'https://example.com/', '/robots.txt', 'mailto:x@y.z')}`, 'docs/b.md', [{ href: '/docs/missing', line: 7, column: 3 }]),
  ];
  const result = checkPageLinks(pages, { base: '/', files: new Set(['/robots.txt']) });
  assert.deepEqual(summary(result.broken), [
    ['docs/b.md:7:3', '/docs/missing', 'link'],
    ['docs/b.md (theme)', '/docs/a#nope', 'anchor'],
  ]);
  assert.equal(formatBrokenLink(result.broken[0]!), 'docs/b.md:7:3  ->  /docs/missing  (no such page)');
  assert.equal(result.pages, 2);
  assert.equal(result.links, 8, 'each internal href once per page; mailto and https not counted');
});

test('links outside the base URL are broken; links inside it resolve', () => {
  const result = checkPageLinks([page('/docs/a', links('/elsewhere', '/memora/docs/a', '/memora/docs/a/', 'a'))], { base: '/memora/', files: new Set() });
  assert.equal(result.broken.length, 1);
  assert.match(result.broken[0]!.reason, /outside the base URL/);
});

describe('link forms that lead to a page', () => {
  const target = page('/docs/x', '<h2 id="part"></h2><h2 id="café"></h2>');
  const accented = page('/docs/café', '');
  const ok = (href: string) => {
    const result = checkPageLinks([page('/docs/from', links(href)), target, accented], { base: '/', files: new Set() });
    assert.deepEqual(summary([...result.broken, ...result.warnings]), [], href);
  };
  for (const href of ['/docs/x?tab=a', '/docs/x/?tab=a#part', '/docs/x/', '/docs/x.html', '/docs/x/index.html', '/docs/x/index.html#part', 'x', './x/', '../docs/x', '/docs/caf%C3%A9', '/docs/café', '/docs/x#caf%C3%A9', '/docs/x#café', '?q=1', '#']) {
    test(href, () => ok(href));
  }
});

test('schemes that name no page are neither reported nor counted', () => {
  const result = checkPageLinks([page('/a', links('mailto:a@b.c', 'tel:+123', 'javascript:void(0)', 'ftp://x.example/f', 'data:text/plain,x', '//cdn.example/x.js'))], { base: '/', files: new Set() });
  assert.deepEqual(result.broken, []);
  assert.deepEqual(result.warnings, []);
  assert.equal(result.links, 0);
});

test('a case difference is a warning naming the canonical path, not a broken link', () => {
  const pages = [page('/docs/from', links('/docs/Intro', '/docs/INTRO#setup', '/docs/intro#nope', '/IMG/Logo.svg'), 'docs/from.md', [{ href: '/docs/Intro', line: 4, column: 1 }]), page('/docs/intro', '<h2 id="setup"></h2>')];
  const result = checkPageLinks(pages, { base: '/', files: new Set(['/img/logo.svg']) });
  assert.deepEqual(
    result.warnings.map((link) => [formatLocation(link), link.href, link.reason]),
    [
      ['docs/from.md:4:1', '/docs/Intro', 'the page is /docs/intro: the link works only on hosts with case-insensitive paths'],
      ['docs/from.md (theme)', '/docs/INTRO#setup', 'the page is /docs/intro: the link works only on hosts with case-insensitive paths'],
      ['docs/from.md (theme)', '/IMG/Logo.svg', 'the file is /img/logo.svg: the link works only on hosts with case-insensitive paths'],
    ],
  );
  assert.deepEqual(summary(result.broken), [['docs/from.md (theme)', '/docs/intro#nope', 'anchor']]);
});

test('a lowercase twin is a fine target; its anchors are those of the canonical page', () => {
  const pages = [
    page('/docs/from', links('/docs/comparison', '/docs/comparison#table', '/docs/Comparison#table', '/docs/comparison#nope', '/docs/COMPARISON')),
    page('/docs/Comparison', '<h2 id="table"></h2>'),
    page('/docs/comparison', '', undefined, undefined, { data: { kind: 'redirect', title: 'Redirecting…', to: '/docs/Comparison' }, caseAliasOf: '/docs/Comparison' }),
  ];
  const result = checkPageLinks(pages, { base: '/', files: new Set() });
  assert.deepEqual(summary(result.broken), [['/docs/from', '/docs/comparison#nope', 'anchor']]);
  assert.match(result.broken[0]!.reason, /on \/docs\/Comparison/);
  assert.deepEqual(result.warnings.map((link) => [link.href, link.reason.split(':')[0]]), [['/docs/COMPARISON', 'the page is /docs/Comparison']]);
  assert.equal(result.pages, 2, 'the twin forwards: it has no links of its own');
});

test('links to static and generated files (the OpenAPI document) resolve; missing files are broken', () => {
  const files = new Set(['/img/logo.svg', '/files/a.pdf', '/files/a b.pdf', '/docs/api/openapi.yaml', '/blog/rss.xml']);
  const result = checkPageLinks([page('/a', links('/img/logo.svg', '/files/a.pdf?download=1', '/files/a%20b.pdf', '/docs/api/openapi.yaml', 'blog/rss.xml', '/img/nope.svg', '/files/'))], { base: '/', files });
  assert.deepEqual(result.broken.map((link) => [link.href, link.reason]), [
    ['/img/nope.svg', 'no such page'],
    ['/files/', 'no such page'],
  ]);
});

test('a link to a Markdown file that names no doc says so', () => {
  const result = checkPageLinks([page('/a', links('./gone.md'), 'docs/a.md', [{ href: './gone.md', line: 3, column: 5 }])], { base: '/', files: new Set() });
  assert.equal(formatBrokenLink(result.broken[0]!), 'docs/a.md:3:5  ->  ./gone.md  (no doc at this file path)');
});

test('a broken href written twice in the source is reported at each place', () => {
  const result = checkPageLinks([page('/a', links('/nope'), 'docs/a.md', [{ href: '/nope', line: 3, column: 1 }, { href: '/nope', line: 9, column: 7 }])], { base: '/', files: new Set() });
  assert.deepEqual(result.broken.map(formatLocation), ['docs/a.md:3:1', 'docs/a.md:9:7']);
});

test('malformed escapes never throw', () => {
  const result = checkPageLinks([page('/a', links('/docs/%E0%A4%A', '/a#%E0%A4%A'))], { base: '/', files: new Set() });
  assert.deepEqual(result.broken.map((link) => link.kind), ['link', 'anchor']);
});

test('redirect pages are not checked themselves', () => {
  const result = checkPageLinks([page('/old', links('/nowhere'), undefined, undefined, { data: { kind: 'redirect', title: 'r', to: '/nowhere' } })], { base: '/', files: new Set() });
  assert.deepEqual(result.broken, []);
  assert.equal(result.pages, 0);
});

test('external links are collected once per URL (fragment dropped) with every place that has them', () => {
  const pages = [
    page('/a', links('https://example.com/x#one', 'http://example.org/', '//cdn.example/lib.js'), 'docs/a.md', [{ href: 'https://example.com/x#one', line: 2, column: 1 }]),
    page('/b', links('https://example.com/x#two', 'mailto:a@b.c')),
  ];
  const { external, links: count } = checkPageLinks(pages, { base: '/', files: new Set() });
  assert.equal(count, 0);
  assert.deepEqual(
    external.map((link) => [link.url, link.locations.map(formatLocation)]),
    [
      ['https://example.com/x', ['docs/a.md:2:1', '/b']],
      ['http://example.org/', ['docs/a.md (theme)']],
      ['https://cdn.example/lib.js', ['docs/a.md (theme)']],
    ],
  );
});
