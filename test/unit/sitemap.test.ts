import assert from 'node:assert/strict';
import { test } from 'node:test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { renderRobotsTxt, renderSitemap, type SitemapEntry } from '../../src/emit/sitemap';

interface UrlNode {
  loc: string;
  lastmod?: string;
  changefreq?: string;
  priority?: string;
  'xhtml:link'?: { '@_rel': string; '@_hreflang': string; '@_href': string }[];
}

function parseSitemap(xml: string): { attributes: Record<string, string>; urls: UrlNode[] } {
  assert.equal(XMLValidator.validate(xml), true, 'sitemap is not well-formed XML');
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, isArray: (name) => name === 'url' || name === 'xhtml:link' });
  const urlset = (parser.parse(xml) as { urlset: Record<string, unknown> }).urlset;
  const attributes = Object.fromEntries(Object.entries(urlset).filter(([key]) => key.startsWith('@_'))) as Record<string, string>;
  return { attributes, urls: (urlset.url ?? []) as UrlNode[] };
}

test('sitemap: valid XML, each loc once, sorted, with lastmod as a date', () => {
  const entries: SitemapEntry[] = [
    { loc: 'https://memora.example/docs/b', lastmod: Date.UTC(2024, 2, 5, 23, 59) },
    { loc: 'https://memora.example/', changefreq: 'daily', priority: 1 },
    { loc: 'https://memora.example/docs/a', lastmod: Date.UTC(2023, 11, 31), changefreq: 'weekly', priority: 0.5 },
    { loc: 'https://memora.example/docs/b', lastmod: Date.UTC(2024, 5, 1) },
    { loc: 'https://memora.example/blog' },
  ];
  const xml = renderSitemap(entries);
  assert.ok(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n'));
  const { attributes, urls } = parseSitemap(xml);
  assert.deepEqual(attributes, { '@_xmlns': 'http://www.sitemaps.org/schemas/sitemap/0.9' });
  assert.deepEqual(
    urls.map((url) => url.loc),
    ['https://memora.example/', 'https://memora.example/blog', 'https://memora.example/docs/a', 'https://memora.example/docs/b'],
  );
  assert.deepEqual(urls[0], { loc: 'https://memora.example/', changefreq: 'daily', priority: '1.0' });
  assert.deepEqual(urls[1], { loc: 'https://memora.example/blog' });
  assert.deepEqual(urls[2], { loc: 'https://memora.example/docs/a', lastmod: '2023-12-31', changefreq: 'weekly', priority: '0.5' });
  // Duplicates merge into one entry with the newer lastmod.
  assert.deepEqual(urls[3], { loc: 'https://memora.example/docs/b', lastmod: '2024-06-01' });
  for (const url of urls) if (url.lastmod) assert.match(url.lastmod, /^\d{4}-\d{2}-\d{2}$/);
});

test('sitemap: hreflang alternates become xhtml:link elements', () => {
  const xml = renderSitemap([
    { loc: 'https://memora.example/fr/docs/a', alternates: { fr: 'https://memora.example/fr/docs/a', en: 'https://memora.example/docs/a' } },
    { loc: 'https://memora.example/docs/a', alternates: { en: 'https://memora.example/docs/a', fr: 'https://memora.example/fr/docs/a' } },
  ]);
  const { attributes, urls } = parseSitemap(xml);
  assert.equal(attributes['@_xmlns:xhtml'], 'http://www.w3.org/1999/xhtml');
  const expected = [
    { '@_rel': 'alternate', '@_hreflang': 'en', '@_href': 'https://memora.example/docs/a' },
    { '@_rel': 'alternate', '@_hreflang': 'fr', '@_href': 'https://memora.example/fr/docs/a' },
  ];
  assert.deepEqual(urls.map((url) => url.loc), ['https://memora.example/docs/a', 'https://memora.example/fr/docs/a']);
  assert.deepEqual(urls[0]!['xhtml:link'], expected);
  assert.deepEqual(urls[1]!['xhtml:link'], expected);
  assert.match(xml, /<xhtml:link rel="alternate" hreflang="en" href="https:\/\/memora\.example\/docs\/a"\/>/);
});

test('sitemap: URLs are XML-escaped', () => {
  const loc = `https://memora.example/search?q=a&b=<c>&d="e"&f='g'`;
  const xml = renderSitemap([{ loc, alternates: { 'x-default': `${loc}&lang=x` } }]);
  assert.ok(xml.includes('<loc>https://memora.example/search?q=a&amp;b=&lt;c&gt;&amp;d=&quot;e&quot;&amp;f=&apos;g&apos;</loc>'));
  assert.ok(!/&(?!amp;|lt;|gt;|quot;|apos;)/.test(xml), 'every & is an entity');
  const { urls } = parseSitemap(xml);
  assert.equal(urls[0]!.loc, loc);
  assert.equal(urls[0]!['xhtml:link']![0]!['@_href'], `${loc}&lang=x`);
});

test('sitemap: an empty site is still a valid urlset', () => {
  const xml = renderSitemap([]);
  assert.deepEqual(parseSitemap(xml).urls, []);
  assert.equal(xml, '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n</urlset>\n');
});

test('robots.txt allows crawling, lists disallowed paths and points at the sitemap', () => {
  assert.equal(renderRobotsTxt({ sitemapUrl: 'https://memora.example/base/sitemap.xml' }), 'User-agent: *\nAllow: /\n\nSitemap: https://memora.example/base/sitemap.xml\n');
  assert.equal(
    renderRobotsTxt({ sitemapUrl: 'https://memora.example/sitemap.xml', disallow: ['/search', '', ' /drafts/ ', '/x\nSitemap: https://evil.example/'] }),
    'User-agent: *\nAllow: /\nDisallow: /search\nDisallow: /drafts/\nDisallow: /x\n\nSitemap: https://memora.example/sitemap.xml\n',
  );
});
