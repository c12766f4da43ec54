import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { after } from 'node:test';
import { validateConfig } from '../../src/config/load';
import { ValueLocator } from '../../src/config/locate';
import { loadDocs } from '../../src/content/docs';
import { loadSidebars, sidebarLinkSources } from '../../src/content/sidebars';
import { brokenLinksError, checkPageLinks, extractLinks, formatBrokenLink, formatLocation, type LinkProblem, type PageLinks } from '../../src/links/check-links';
import { configLinksOf } from '../../src/links/chrome-links';
import type { RouteDefinition } from '../../src/routes';
import { makeSite, removeSite } from '../helpers';

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

/** HEAD's scan before hrefStarts (a ` href="` whose last `<` before it opens `<a `), to compare with. */
function referenceLinks(html: string): { hrefs: string[]; ids: string[] } {
  const entities: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' };
  const value = (start: number) => html.slice(start, html.indexOf('"', start)).replace(/&(amp|quot|#x27|#39|lt|gt);/g, (entity) => entities[entity]!);
  const hrefs: string[] = [];
  for (let at = html.indexOf(' href="'); at !== -1; at = html.indexOf(' href="', at + 7)) {
    const tag = html.lastIndexOf('<', at);
    if (html[tag + 1] === 'a' && /^[ \t\n\r]$/.test(html[tag + 2] ?? '')) hrefs.push(value(at + 7));
  }
  const ids = new Set<string>();
  for (let at = html.indexOf(' id="'); at !== -1; at = html.indexOf(' id="', at + 5)) ids.add(value(at + 5));
  return { hrefs, ids: [...ids] };
}

describe('link extraction', () => {
  const extracted = (html: string) => {
    const { hrefs, ids } = extractLinks(html);
    return { hrefs, ids: [...ids] };
  };

  test('the hrefs of <a> elements only, wherever the attribute is in the tag and whatever separates it from the tag name', () => {
    const html = [
      '<a href="/first">x</a>',
      '<a class="sidebar-link active" href="/second" aria-current="page">x</a>',
      '<a\nclass="c" href="/newline">x</a><a\tclass="c" href="/tab">x</a><a\rclass="c" href="/return">x</a><a\nhref="/no-space-before">x</a>',
      '<a class="y"\ntitle="t" href="/spanning">x</a>',
      '<abbr href="/abbr">x</abbr><area shape="rect" href="/area"/><article href="/article"></article><aside href="/aside"></aside>',
      '<link rel="icon" href="/icon"/><base href="/base"/><A href="/upper">x</A><div href="/div"></div>',
      '<a data-href="/data">x</a><a xhref="/x">x</a><a title=" href=&quot;/in-title&quot;" href="/after-title">x</a>',
      '<a>no href</a><a href="">empty</a>',
    ].join('');
    assert.deepEqual(extracted(html).hrefs, ['/first', '/second', '/newline', '/tab', '/return', '/spanning', '/after-title', '']);
  });

  test('entities in hrefs and ids are decoded, React\'s five and the numeric apostrophe; others are kept as written', () => {
    const html = '<a href="/q?a=1&amp;b=2">x</a><a href="/&quot;q&quot;/&#x27;s/&#39;t/&lt;b&gt;">x</a><a href="/&nbsp;&amp;amp;">x</a><h2 id="a&amp;b"></h2>';
    const { hrefs, ids } = extracted(html);
    assert.deepEqual(hrefs, ['/q?a=1&b=2', '/"q"/\'s/\'t/<b>', '/&nbsp;&amp;']);
    assert.deepEqual(ids, ['a&b']);
  });

  test('ids of any element, each once, not data-id', () => {
    const html = '<h2 id="intro">x</h2><div class="c" id="block"></div><a id="anchor" href="/x">x</a><span data-id="no"></span><p id="intro"></p>';
    assert.deepEqual(extracted(html).ids, ['intro', 'block', 'anchor']);
  });

  test('text that looks like an attribute is found as the scan always found it: after an <a> tag, before the next tag', () => {
    // React escapes the quote in text: these occur only in raw HTML (a script, dangerouslySetInnerHTML).
    const html = '<a href="/a">see href="/text-in-link"</a><p> href="/text-in-p"</p><script> id="in-script"</script>';
    assert.deepEqual(extracted(html), referenceLinks(html));
    assert.deepEqual(extracted(html).hrefs, ['/a', '/text-in-link']);
  });

  test('the same hrefs and ids as the former scan, on random markup', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const pieces = ['<a', '<a ', 'a ', '<a\n', '<ab', '<area ', ' href="', 'href="', ' id="', 'id="', '"', '>', '<', ' ', 'a', 'h', '&amp;', '&quot;', '/docs/x', '#y', '&', '\t'];
    for (let round = 0; round < 3000; round++) {
      let html = '';
      for (let count = random(60); count > 0; count--) html += pieces[random(pieces.length)];
      assert.deepEqual(extracted(html), referenceLinks(html), html);
    }
  });
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

describe('links of the navbar, footer and sidebars (the chrome) are reported once, where they were written', () => {
  const chromeLinks = [
    { href: '/docs/missing', source: 'docsite.config.ts', line: 9, column: 45 },
    { href: '/docs/a', source: 'docsite.config.ts', line: 10, column: 20 },
    { href: 'https://gone.example/', source: 'sidebars.ts', line: 4, column: 30 },
  ];
  const chrome = links('/docs/missing', '/docs/a', 'https://gone.example/');
  const site = () => [
    page('/docs/a', chrome, 'docs/a.md'),
    page('/docs/b', chrome + links('/docs/missing'), 'docs/b.md', [{ href: '/docs/missing', line: 5, column: 3 }]),
    page('/docs/tags', chrome),
    page('/', chrome, 'pages/index.tsx'),
  ];

  test('a broken config link is one problem at the config line, whatever the number of pages showing it', () => {
    const result = checkPageLinks(site(), { base: '/', files: new Set(), chromeLinks });
    assert.deepEqual(result.broken.map(formatBrokenLink), ['docsite.config.ts:9:45  ->  /docs/missing  (no such page)', 'docs/b.md:5:3  ->  /docs/missing  (no such page)']);
    assert.deepEqual({ ...result.broken[0] }, { source: 'docsite.config.ts', line: 9, column: 45, page: '/docs/a', chrome: true, pages: 4, href: '/docs/missing', reason: 'no such page', kind: 'link' });
    assert.equal(result.links, 8, 'links are still counted once per page');
  });

  test("the build's error names the config file first", () => {
    const error = brokenLinksError(checkPageLinks(site(), { base: '/', files: new Set(), chromeLinks }).broken);
    assert.equal(error.where, 'docsite.config.ts:9:45');
    assert.equal(error.message, '2 broken links found');
  });

  test('an external chrome link has one place', () => {
    const { external } = checkPageLinks(site(), { base: '/', files: new Set(), chromeLinks });
    assert.deepEqual(external.map((link) => [link.url, link.locations.map(formatLocation)]), [['https://gone.example/', ['sidebars.ts:4:30']]]);
  });

  test('without chrome links, a link the theme shows on every page is still one problem, saying how many pages', () => {
    const result = checkPageLinks(site(), { base: '/', files: new Set() });
    assert.deepEqual(result.broken.map(formatBrokenLink), ['docs/a.md (theme, on 3 pages)  ->  /docs/missing  (no such page)', 'docs/b.md:5:3  ->  /docs/missing  (no such page)']);
    const onlyGenerated = checkPageLinks([page('/docs/tags', links('/gone')), page('/docs/tags/x', links('/gone'))], { base: '/', files: new Set() });
    assert.deepEqual(onlyGenerated.broken.map(formatLocation), ['/docs/tags (on 2 pages)']);
  });

  test('a relative link the theme renders stays one problem per page (it leads somewhere else on each)', () => {
    const result = checkPageLinks([page('/docs/a', links('gone'), 'docs/a.md'), page('/blog/b', links('gone'), 'blog/b.md')], { base: '/', files: new Set() });
    assert.deepEqual(result.broken.map(formatLocation), ['docs/a.md (theme)', 'blog/b.md (theme)']);
  });
});

test('config links: the position of each to/href value, successive occurrences for repeated values, announcement links', () => {
  const source = [
    "import { defineConfig } from 'docsite';",
    '',
    'export default defineConfig({',
    "  title: 'T',",
    "  url: 'https://t.example',",
    '  themeConfig: {',
    "    announcementBar: { content: 'New: <a href=\"/docs/new\">read</a>' },",
    '    navbar: {',
    "      items: [{ label: 'Docs', to: '/docs/missing' }, { type: 'search' }, { label: 'GitHub', href: 'https://github.com/x' }],",
    '    },',
    '    footer: {',
    "      links: [{ title: 'More', items: [{ label: 'Again', \"to\": \"/docs/missing\" }, { label: 'Computed', to: PATH }] }],",
    '    },',
    '  },',
    '});',
  ].join('\n');
  const config = validateConfig(
    {
      title: 'T',
      url: 'https://t.example',
      baseUrl: '/base/',
      trailingSlash: true,
      themeConfig: {
        announcementBar: { content: 'New: <a href="/docs/new">read</a>' },
        navbar: { items: [{ label: 'Docs', to: '/docs/missing' }, { type: 'search' }, { label: 'GitHub', href: 'https://github.com/x' }] },
        footer: { links: [{ title: 'More', items: [{ label: 'Again', to: '/docs/missing' }, { label: 'Computed', to: '/docs/computed' }] }] },
      },
    },
    'docsite.config.ts',
  );
  config.baseUrl = '/base/';
  const column = (line: number, text: string) => source.split('\n')[line - 1]!.indexOf(text) + 1;
  assert.deepEqual(configLinksOf(config, 'docsite.config.ts', source), [
    { href: '/base/docs/missing/', source: 'docsite.config.ts', line: 9, column: column(9, "'/docs/missing'") },
    { href: 'https://github.com/x', source: 'docsite.config.ts', line: 9, column: column(9, "'https://github.com/x'") },
    { href: '/base/docs/missing/', source: 'docsite.config.ts', line: 12, column: column(12, '"/docs/missing"') },
    // A value the config computes has no literal to point at: the file alone.
    { href: '/base/docs/computed/', source: 'docsite.config.ts' },
    { href: '/docs/new', source: 'docsite.config.ts', line: 7, column: column(7, 'href=') },
  ]);
});

test('ValueLocator: nothing found is no position', () => {
  const locate = new ValueLocator("export default { to: '/a' };\n");
  assert.deepEqual(locate.keyValue('to', '/a'), { line: 1, column: 22 });
  assert.deepEqual(locate.keyValue('to', '/b'), {});
  assert.deepEqual(locate.htmlHref('/a'), {});
});

const sidebarSites: string[] = [];
after(() => sidebarSites.forEach(removeSite));

test("a sidebars file's link items keep the position of their href", async () => {
  const sidebarsFile = [
    'export default {',
    '  docs: [',
    "    'intro',",
    "    { type: 'link', label: 'Gone', href: '/docs/gone' },",
    "    { type: 'category', label: 'More', items: [{ type: 'link', label: 'Gone again', href: '/docs/gone' }] },",
    '  ],',
    '};',
  ].join('\n');
  const dir = makeSite({ 'docs/intro.md': '# Intro\n', 'sidebars.ts': sidebarsFile }, null);
  sidebarSites.push(dir);
  const config = validateConfig({ title: 'T', url: 'https://t.example', docs: { sidebarPath: 'sidebars.ts' } }, 'docsite.config.ts');
  const docs = await loadDocs({ siteDir: dir, config, includeDrafts: false });
  const { sidebars } = await loadSidebars(dir, config, docs, (path) => `${path}/`);
  const column = (line: number) => sidebarsFile.split('\n')[line - 1]!.indexOf("'/docs/gone'") + 1;
  assert.deepEqual(sidebarLinkSources(sidebars), [
    { href: '/docs/gone/', source: 'sidebars.ts', line: 4, column: column(4) },
    { href: '/docs/gone/', source: 'sidebars.ts', line: 5, column: column(5) },
  ]);
});
