import assert from 'node:assert/strict';
import { test } from 'node:test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { absolutizeUrls, renderBlogFeeds, type FeedFile, type FeedPost, type FeedSite, type FeedType } from '../../src/emit/blog-feeds';

const SITE: FeedSite = {
  title: 'Memora Blog',
  description: 'News & notes',
  siteUrl: 'https://x.example/base',
  blogUrl: 'https://x.example/base/blog',
  language: 'en',
  copyright: 'Copyright © 2024 Memora',
  favicon: 'https://x.example/base/img/favicon.ico',
};
const ALL: FeedType[] = ['rss', 'atom', 'json'];
const TRICKY_TITLE = `Tom & Jerry <3 "double" 'single' 🎉 ]]> twice ]]> &amp; literal`;

function post(slug: string, day: number, extra: Partial<FeedPost> = {}): FeedPost {
  return { title: `Post ${slug}`, url: `https://x.example/base/blog/${slug}`, date: Date.UTC(2024, 0, day), authors: [{ name: 'Jane' }], tags: [], ...extra };
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, parseAttributeValue: false });

interface XmlNode {
  [key: string]: string | XmlNode | XmlNode[] | undefined;
}

function parseXml(feed: FeedFile): XmlNode {
  assert.equal(XMLValidator.validate(feed.contents), true, `${feed.type} feed is not well-formed XML`);
  return parser.parse(feed.contents) as XmlNode;
}

const node = (value: unknown): XmlNode => value as XmlNode;
/** The parser gives a repeated element as an array and a single one as is; this makes both a list. */
const nodes = (value: unknown): XmlNode[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]) as XmlNode[];
const text = (value: unknown): string => (typeof value === 'object' && value !== null ? String((value as XmlNode)['#text'] ?? '') : String(value ?? ''));

/** Atom titles and summaries are type="html": what a reader shows is the text with HTML entities decoded once more. */
function decodeHtml(html: string): string {
  return html.replace(/&(lt|gt|quot|#39|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[name]!);
}

function rssItems(feed: FeedFile): XmlNode[] {
  return nodes(node(node(parseXml(feed).rss).channel).item);
}
function atomEntries(feed: FeedFile): XmlNode[] {
  return nodes(node(parseXml(feed).feed).entry);
}
interface JsonFeed {
  version: string;
  feed_url?: string;
  home_page_url?: string;
  language?: string;
  favicon?: string;
  items: {
    id: string;
    url: string;
    title: string;
    summary?: string;
    content_html?: string;
    image?: string;
    date_published?: string;
    tags?: string[];
    author?: { name: string };
    authors?: { name: string; url?: string }[];
  }[];
}
function jsonFeed(feed: FeedFile): JsonFeed {
  return JSON.parse(feed.contents) as JsonFeed;
}

function render(posts: FeedPost[], options: { limit?: number; types?: FeedType[]; blogPath?: string } = {}): Record<FeedType, FeedFile> {
  const { types = ALL, blogPath = '/blog', limit } = options;
  const files = renderBlogFeeds(SITE, posts, { types, blogPath, ...(limit !== undefined ? { limit } : {}) });
  return Object.fromEntries(files.map((file) => [file.type, file])) as Record<FeedType, FeedFile>;
}

function titlesPerFeed(feeds: Record<FeedType, FeedFile>): Record<FeedType, string[]> {
  return {
    rss: rssItems(feeds.rss).map((item) => text(item.title)),
    atom: atomEntries(feeds.atom).map((entry) => decodeHtml(text(entry.title))),
    json: jsonFeed(feeds.json).items.map((item) => item.title),
  };
}

test('feed files and URLs sit under the blog path, with the base path only in URLs', () => {
  const files = renderBlogFeeds(SITE, [post('a', 1)], { types: ALL, blogPath: '/blog' });
  assert.deepEqual(
    files.map(({ type, file, url }) => ({ type, file, url })),
    [
      { type: 'rss', file: 'blog/rss.xml', url: 'https://x.example/base/blog/rss.xml' },
      { type: 'atom', file: 'blog/atom.xml', url: 'https://x.example/base/blog/atom.xml' },
      { type: 'json', file: 'blog/feed.json', url: 'https://x.example/base/blog/feed.json' },
    ],
  );
  const atRoot = renderBlogFeeds({ ...SITE, siteUrl: 'https://memora.example' }, [post('a', 1)], { types: ['json', 'rss'], blogPath: '/' });
  assert.deepEqual(atRoot.map(({ file, url }) => [file, url]), [
    ['feed.json', 'https://memora.example/feed.json'],
    ['rss.xml', 'https://memora.example/rss.xml'],
  ]);
});

test('every post appears in each feed, newest first', () => {
  const posts = [post('b', 2), post('d', 4), post('a', 1), post('e', 5), post('c', 3)];
  const expected = ['Post e', 'Post d', 'Post c', 'Post b', 'Post a'];
  assert.deepEqual(titlesPerFeed(render(posts)), { rss: expected, atom: expected, json: expected });
});

test('feeds hold at most `limit` posts, 20 by default, and keep the newest', () => {
  const posts = [post('b', 2), post('d', 4), post('a', 1), post('e', 5), post('c', 3)];
  const newest = ['Post e', 'Post d', 'Post c'];
  assert.deepEqual(titlesPerFeed(render(posts, { limit: 3 })), { rss: newest, atom: newest, json: newest });

  const many = Array.from({ length: 25 }, (_, i) => post(`p${i}`, i + 1));
  const counts = titlesPerFeed(render(many));
  assert.deepEqual([counts.rss.length, counts.atom.length, counts.json.length], [20, 20, 20]);
  assert.equal(counts.rss[0], 'Post p24');
  assert.equal(counts.rss[19], 'Post p5');
});

test('XML feeds are well-formed, the JSON feed is JSON Feed 1.1, and each names its own URL', () => {
  const feeds = render([post('a', 1), post('b', 2)]);

  const rss = parseXml(feeds.rss);
  assert.equal(node(rss.rss)['@_version'], '2.0');
  const channel = node(node(rss.rss).channel);
  assert.equal(text(channel.link), 'https://x.example/base/blog');
  assert.equal(text(channel.language), 'en');
  assert.equal(text(channel.copyright), 'Copyright © 2024 Memora');
  assert.deepEqual(nodes(channel['atom:link']).map((link) => [link['@_rel'], link['@_href']]), [['self', 'https://x.example/base/blog/rss.xml']]);

  const atom = node(parseXml(feeds.atom).feed);
  assert.equal(atom['@_xmlns'], 'http://www.w3.org/2005/Atom');
  assert.equal(text(atom.id), 'https://x.example/base/blog');
  assert.deepEqual(nodes(atom.link).map((link) => [link['@_rel'], link['@_href']]), [
    ['alternate', 'https://x.example/base/blog'],
    ['self', 'https://x.example/base/blog/atom.xml'],
  ]);
  assert.equal(text(atom.icon), 'https://x.example/base/img/favicon.ico');

  const json = jsonFeed(feeds.json);
  assert.equal(json.version, 'https://jsonfeed.org/version/1.1');
  assert.equal(json.feed_url, 'https://x.example/base/blog/feed.json');
  assert.equal(json.home_page_url, 'https://x.example/base/blog');
  assert.equal(json.language, 'en');
  assert.equal(json.favicon, 'https://x.example/base/img/favicon.ico');
});

test('the feed is updated as of its newest post', () => {
  const feeds = render([post('a', 1), post('c', 3, { date: Date.UTC(2024, 0, 3, 12, 30) }), post('b', 2)]);
  assert.equal(text(node(node(parseXml(feeds.rss).rss).channel).lastBuildDate), 'Wed, 03 Jan 2024 12:30:00 GMT');
  assert.equal(text(node(parseXml(feeds.atom).feed).updated), '2024-01-03T12:30:00.000Z');
});

test('items carry id, link, dates, summary, absolute content, authors, tags and image', () => {
  const full = post('full', 7, {
    description: 'A summary',
    contentHtml: '<p>See <a href="/base/docs/intro">the intro</a>.</p><img src="/img/diagram.png" alt="">',
    authors: [{ name: 'Jane Doe', url: '/authors/jane', email: 'jane@x.example' }, { name: 'Joe', url: 'https://joe.example/' }],
    tags: ['release', 'tips'],
    image: 'https://x.example/base/img/cover.jpg',
  });
  const feeds = render([full, post('bare', 1, { authors: [] })]);
  const content = '<p>See <a href="https://x.example/base/docs/intro">the intro</a>.</p><img src="https://x.example/base/img/diagram.png" alt="">';

  const [rss, rssBare] = rssItems(feeds.rss);
  assert.equal(text(rss!.link), full.url);
  assert.equal(text(rss!.guid), full.url);
  assert.equal(node(rss!.guid)['@_isPermaLink'], 'true');
  assert.equal(text(rss!.pubDate), 'Sun, 07 Jan 2024 00:00:00 GMT');
  assert.equal(text(rss!.description), 'A summary');
  assert.equal(text(rss!['content:encoded']), content);
  assert.deepEqual(nodes(rss!.author).map(text), ['jane@x.example (Jane Doe)', 'Joe']);
  assert.deepEqual(nodes(rss!.category).map(text), ['release', 'tips']);
  assert.equal(node(rss!.enclosure)['@_url'], 'https://x.example/base/img/cover.jpg');
  assert.equal(node(rss!.enclosure)['@_type'], 'image/jpeg');
  assert.equal(rssBare!.author, undefined);
  assert.equal(rssBare!['content:encoded'], undefined);

  const [atom, atomBare] = atomEntries(feeds.atom);
  assert.equal(text(atom!.id), full.url);
  assert.equal(text(atom!.updated), '2024-01-07T00:00:00.000Z');
  assert.equal(text(atom!.published), '2024-01-07T00:00:00.000Z');
  assert.equal(decodeHtml(text(atom!.summary)), 'A summary');
  assert.equal(text(atom!.content), content);
  assert.deepEqual(
    nodes(atom!.author).map((author) => [text(author.name), text(author.email), text(author.uri)]),
    [['Jane Doe', 'jane@x.example', 'https://x.example/base/authors/jane'], ['Joe', '', 'https://joe.example/']],
  );
  assert.deepEqual(nodes(atom!.category).map((category) => category['@_term']), ['release', 'tips']);
  const links = nodes(atom!.link);
  assert.deepEqual(links.map((link) => [link['@_rel'], link['@_href']]), [[undefined, full.url], ['enclosure', 'https://x.example/base/img/cover.jpg']]);
  // What the package derives from the extension, not a registered MIME type (see the report in blog-feeds.ts).
  assert.equal(links[1]!['@_type'], 'image/jpg');
  assert.equal(atomBare!.author, undefined);
  // Entries without authors fall back to the feed's author, which Atom then requires.
  assert.equal(text(nodes(node(parseXml(feeds.atom).feed).author)[0]!.name), 'Memora Blog');

  const [json, jsonBare] = jsonFeed(feeds.json).items;
  assert.equal(json!.id, full.url);
  assert.equal(json!.url, full.url);
  assert.equal(json!.summary, 'A summary');
  assert.equal(json!.content_html, content);
  assert.equal(json!.date_published, '2024-01-07T00:00:00.000Z');
  assert.equal(json!.image, 'https://x.example/base/img/cover.jpg');
  assert.deepEqual(json!.tags, ['release', 'tips']);
  assert.deepEqual(json!.authors, [{ name: 'Jane Doe', url: 'https://x.example/base/authors/jane' }, { name: 'Joe', url: 'https://joe.example/' }]);
  assert.deepEqual(json!.author, { name: 'Jane Doe', url: 'https://x.example/base/authors/jane' });
  assert.equal(jsonBare!.authors, undefined);
  assert.equal(jsonBare!.content_html, '');
});

test('titles, summaries, content and tags with &, <, quotes, emoji and "]]>" survive escaping', () => {
  const description = 'Less <than> & more "than" 🎉';
  const contentHtml = '<p>Code: <code>a &lt; b &amp;&amp; c</code> and <![CDATA[ ]]> twice ]]></p>';
  const feeds = render([post('tricky', 1, { title: TRICKY_TITLE, description, contentHtml, tags: ['C&C', 'a<b', '"quoted"'], authors: [{ name: 'Ann & <Bob>' }] })]);

  const rss = rssItems(feeds.rss)[0]!;
  assert.equal(text(rss.title), TRICKY_TITLE.replaceAll(']]>', ']]&gt;'));
  assert.equal(decodeHtml(text(rss.description)), description);
  assert.equal(text(rss['content:encoded']), contentHtml.replaceAll(']]>', ']]&gt;'));
  assert.deepEqual(nodes(rss.category).map(text), ['C&C', 'a<b', '"quoted"']);
  assert.deepEqual(nodes(rss.author).map(text), ['Ann & <Bob>']);

  const atom = atomEntries(feeds.atom)[0]!;
  assert.equal(decodeHtml(text(atom.title)), TRICKY_TITLE);
  assert.equal(decodeHtml(text(atom.summary)), description);
  assert.equal(text(atom.content), contentHtml.replaceAll(']]>', ']]&gt;'));
  // A raw "<" can't go through the package's attribute escaping, so it becomes the full-width sign.
  assert.deepEqual(nodes(atom.category).map((category) => category['@_term']), ['C&C', 'a＜b', '"quoted"']);
  assert.equal(text(nodes(atom.author)[0]!.name), 'Ann & <Bob>');

  const json = jsonFeed(feeds.json).items[0]!;
  assert.equal(json.title, TRICKY_TITLE);
  assert.equal(json.summary, description);
  assert.equal(json.content_html, contentHtml);
});

test('a blog without posts still gets valid, empty feeds', () => {
  const before = Date.now();
  const feeds = render([]);
  assert.equal(rssItems(feeds.rss).length, 0);
  assert.equal(atomEntries(feeds.atom).length, 0);
  const json = jsonFeed(feeds.json);
  assert.equal(json.version, 'https://jsonfeed.org/version/1.1');
  assert.deepEqual(json.items, []);
  const updated = Date.parse(text(node(parseXml(feeds.atom).feed).updated));
  assert.ok(updated >= before - 1000 && updated <= Date.now() + 1000, `Atom updated should be now, got ${new Date(updated).toISOString()}`);
});

test('only the requested feed types are rendered', () => {
  const files = renderBlogFeeds(SITE, [post('a', 1)], { types: ['atom', 'atom'], blogPath: '/news' });
  assert.deepEqual(files.map((file) => file.file), ['news/atom.xml']);
});

test('a post without a valid date is an error, not an Invalid Date in the feed', () => {
  assert.throws(() => render([post('a', 1, { date: Number.NaN })]), /blog\/a has no valid date/);
});

test('absolutizeUrls: site-relative href, src and srcset get the site URL', () => {
  const root = 'https://memora.example';
  assert.equal(absolutizeUrls('<a href="/docs/a">x</a>', root), '<a href="https://memora.example/docs/a">x</a>');
  assert.equal(absolutizeUrls("<img src='/img/x.png'>", root), "<img src='https://memora.example/img/x.png'>");
  assert.equal(absolutizeUrls('<img src=/img/x.png alt=x>', root), '<img src=https://memora.example/img/x.png alt=x>');
  assert.equal(absolutizeUrls('<A HREF="/docs/a?q=1&amp;r=2#s">x</A>', root), '<A HREF="https://memora.example/docs/a?q=1&amp;r=2#s">x</A>');
  assert.equal(absolutizeUrls('<video poster="/p.png" src="/v.mp4"></video>', root), '<video poster="https://memora.example/p.png" src="https://memora.example/v.mp4"></video>');
  assert.equal(
    absolutizeUrls('<img srcset="/img/a.png 1x, /img/b,c.png 2x,/img/d.png" src="/img/a.png" />', root),
    '<img srcset="https://memora.example/img/a.png 1x, https://memora.example/img/b,c.png 2x,https://memora.example/img/d.png" src="https://memora.example/img/a.png" />',
  );
  assert.equal(
    absolutizeUrls('<source srcset="https://cdn.example/a.webp 480w, /img/b.webp 800w">', root),
    '<source srcset="https://cdn.example/a.webp 480w, https://memora.example/img/b.webp 800w">',
  );
});

test('absolutizeUrls: a base path already in the href is not added twice', () => {
  const site = 'https://x.example/base';
  assert.equal(absolutizeUrls('<a href="/base/docs/a">x</a>', site), '<a href="https://x.example/base/docs/a">x</a>');
  assert.equal(absolutizeUrls('<a href="/base">x</a><a href="/base/">y</a>', site), '<a href="https://x.example/base">x</a><a href="https://x.example/base/">y</a>');
  assert.equal(absolutizeUrls('<a href="/base#top">x</a><a href="/base?q">y</a>', site), '<a href="https://x.example/base#top">x</a><a href="https://x.example/base?q">y</a>');
  assert.equal(absolutizeUrls('<img src="/img/x.png">', site), '<img src="https://x.example/base/img/x.png">');
  // Only whole path segments count as the base path.
  assert.equal(absolutizeUrls('<a href="/basement/x">x</a>', site), '<a href="https://x.example/base/basement/x">x</a>');
  assert.equal(absolutizeUrls('<img srcset="/base/a.png 1x, /b.png 2x">', site), '<img srcset="https://x.example/base/a.png 1x, https://x.example/base/b.png 2x">');
  // A trailing slash on the site URL changes nothing.
  assert.equal(absolutizeUrls('<a href="/docs/a">x</a>', 'https://x.example/base/'), '<a href="https://x.example/base/docs/a">x</a>');
});

test('absolutizeUrls: leaves everything that is not a site path alone', () => {
  const site = 'https://x.example/base';
  const unchanged = [
    '<a href="https://other.example/x">x</a>',
    '<img src="//cdn.example/x.png">',
    '<a href="#anchor">x</a>',
    '<a href="mailto:me@x.example">x</a>',
    '<a href="tel:+123">x</a>',
    '<a href="relative/page">x</a>',
    '<img src="data:image/png;base64,AAAA">',
    '<img data-src="/lazy.png" alt="/not-a-url">',
    '<a title="see href=\'/x\'" class="c">x</a>',
    '<pre><code>&lt;a href="/escaped"&gt;markup in text&lt;/a&gt; href="/plain-text"</code></pre>',
    '<p>no tags at all: href="/x"</p>',
  ];
  for (const html of unchanged) assert.equal(absolutizeUrls(html, site), html);
});
