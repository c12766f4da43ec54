import type { Author, Enclosure, FeedOptions } from 'feed';
import type * as FeedPackage from 'feed';
import { lazyPackage } from '../core/lazy-package';
import type { FeedType } from '../routes/feeds';

const feedPackage = lazyPackage<typeof FeedPackage>('feed');

// The blog's RSS 2.0, Atom 1.0 and JSON Feed files, generated with the `feed` package. Each format gets its own
// Feed instance because the formats disagree on what a field means (Atom titles are HTML, JSON titles are plain
// text) and the package has a few sharp edges that are worked around per format below.

export interface FeedAuthor {
  name: string;
  url?: string;
  email?: string;
}

export interface FeedPost {
  title: string;
  /** Absolute URL of the post. */
  url: string;
  /** Publication time, ms since epoch. */
  date: number;
  description?: string;
  /** Full post HTML; site-relative URLs in href/src ("/img/x.png") are made absolute with `siteUrl` before going into the feed. */
  contentHtml?: string;
  authors: FeedAuthor[];
  /** Tag labels. */
  tags: string[];
  /** Absolute image URL, if the post has one. */
  image?: string;
}

export interface FeedSite {
  /** Feed title, e.g. "Memora Blog". */
  title: string;
  description: string;
  /** Absolute URL of the site root with base path, no trailing slash, e.g. "https://memora.example" or "https://x.example/docs-site". */
  siteUrl: string;
  /** Absolute URL of the blog list page, e.g. "https://memora.example/blog". */
  blogUrl: string;
  /** e.g. "en". */
  language: string;
  copyright: string;
  /** Absolute URL. */
  favicon?: string;
}

export type { FeedType };

export interface FeedFile {
  type: FeedType;
  /** Output file relative to the site root, e.g. "blog/rss.xml". */
  file: string;
  /** Absolute URL of the file. */
  url: string;
  contents: string;
}

export const DEFAULT_FEED_LIMIT = 20;

const FEED_FILE_NAMES: Record<FeedType, string> = { rss: 'rss.xml', atom: 'atom.xml', json: 'feed.json' };

/** The package writes JSON Feed 1 with a single author per item; the output is upgraded to 1.1 to keep every author. */
export const JSON_FEED_VERSION = 'https://jsonfeed.org/version/1.1';

/** A post with everything resolved once for all formats. */
interface PreparedPost {
  post: FeedPost;
  date: Date;
  content?: string;
  image?: string;
  authors: Author[];
}

interface FeedContext {
  site: FeedSite;
  options: FeedOptions;
  posts: PreparedPost[];
}

/** Renders the requested feeds for the posts: newest first, at most `limit` (default 20), under `blogPath` (the blog's route path without base). */
export function renderBlogFeeds(site: FeedSite, posts: FeedPost[], options: { types: FeedType[]; blogPath: string; limit?: number }): FeedFile[] {
  for (const post of posts) {
    if (!Number.isFinite(post.date)) throw new Error(`Blog post ${post.url} has no valid date, so it cannot go into the feeds.`);
  }
  // Ties are broken by URL so the output doesn't depend on the order the posts were loaded in.
  const limit = Math.max(0, options.limit ?? DEFAULT_FEED_LIMIT);
  const newest = [...posts].sort((a, b) => b.date - a.date || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0)).slice(0, limit);
  const root = siteRoot(site.siteUrl);
  const prepared = newest.map((post) => preparePost(post, root));

  const dir = options.blogPath.replace(/^\/+|\/+$/g, '');
  const types = [...new Set(options.types)];
  const files = new Map(types.map((type) => {
    const file = dir ? `${dir}/${FEED_FILE_NAMES[type]}` : FEED_FILE_NAMES[type];
    return [type, { file, url: new URL(file, `${root.origin}${root.base}/`).href }] as const;
  }));

  const feedOptions: FeedOptions = {
    id: site.blogUrl,
    title: site.title,
    description: site.description,
    link: site.blogUrl,
    language: site.language,
    copyright: site.copyright,
    updated: prepared[0]?.date ?? new Date(),
    ...(site.favicon ? { favicon: site.favicon } : {}),
    // Each format reads only its own entry here, for its self link; `feed` is left unset because it would
    // override the self link of RSS and Atom alike.
    feedLinks: Object.fromEntries([...files].map(([type, { url }]) => [type, url])),
  };
  const context: FeedContext = { site, options: feedOptions, posts: prepared };
  return types.map((type) => ({ type, ...files.get(type)!, contents: renderers[type](context) }));
}

const renderers: Record<FeedType, (context: FeedContext) => string> = {
  rss({ options, posts }) {
    const feed = new (feedPackage().Feed)(options);
    for (const { post, date, content, image, authors } of posts) {
      feed.addItem({
        // RSS titles are plain text; without an `id` the package writes the link as a permalink guid.
        title: guardCdata(post.title),
        link: post.url,
        date,
        ...(post.description ? { description: guardCdata(escapeHtml(post.description)) } : {}),
        ...(content ? { content: guardCdata(content) } : {}),
        author: authors,
        category: post.tags.map((tag) => ({ name: tag })),
        ...(image ? { image: imageEnclosure(image) } : {}),
      });
    }
    return feed.rss2();
  },

  atom({ site, options, posts }) {
    // Atom requires an author on the feed unless every entry has one; the site stands in for posts without authors.
    const feed = new (feedPackage().Feed)({ ...options, author: { name: site.title, link: site.siteUrl } });
    for (const { post, date, content, image, authors } of posts) {
      feed.addItem({
        // The package marks Atom titles and summaries type="html", so plain text must be escaped to stay plain.
        title: escapeHtml(post.title),
        id: post.url,
        link: post.url,
        date,
        published: date,
        ...(post.description ? { description: escapeHtml(post.description) } : {}),
        ...(content ? { content: guardCdata(content) } : {}),
        author: authors,
        // Atom category attributes only get `&` escaped by the package, and a raw `<` would break the XML.
        category: post.tags.map((tag) => ({ name: tag.replace(/</g, '\uFF1C'), term: tag.replace(/</g, '\uFF1C') })),
        ...(image ? { image } : {}),
      });
    }
    return feed.atom1();
  },

  json({ site, options, posts }) {
    const feed = new (feedPackage().Feed)(options);
    for (const { post, date, content, image, authors } of posts) {
      feed.addItem({
        title: post.title,
        id: post.url,
        link: post.url,
        date,
        published: date,
        ...(post.description ? { description: post.description } : {}),
        // The package falls back to the plain-text description for `content_html`, which must be HTML.
        content: content ?? escapeHtml(post.description ?? ''),
        // The package crashes on an empty author list (it reads `author[0].name`).
        ...(authors.length ? { author: authors } : {}),
        category: post.tags.map((tag) => ({ name: tag })),
        ...(image ? { image } : {}),
      });
    }
    return upgradeJsonFeed(feed.json1(), site, posts);
  },
};

/** JSON Feed 1.1: `authors` with every author (keeping 1.0's `author` for older readers), plus language and favicon. */
function upgradeJsonFeed(json: string, site: FeedSite, posts: PreparedPost[]): string {
  const { items, ...head } = JSON.parse(json) as { items: Record<string, unknown>[] } & Record<string, unknown>;
  const upgraded = {
    ...head,
    version: JSON_FEED_VERSION,
    language: site.language,
    ...(site.favicon ? { favicon: site.favicon } : {}),
    items: items.map((item, index) => {
      const authors = posts[index]!.authors.map(({ name, link }) => ({ name, ...(link ? { url: link } : {}) }));
      return authors.length ? { ...item, authors } : item;
    }),
  };
  return `${JSON.stringify(upgraded, null, 2)}\n`;
}

function preparePost(post: FeedPost, root: SiteRoot): PreparedPost {
  return {
    post,
    date: new Date(post.date),
    ...(post.contentHtml ? { content: absolutizeHtml(post.contentHtml, root) } : {}),
    ...(post.image ? { image: resolveUrl(post.image, root, post.url) } : {}),
    authors: post.authors.map((author) => {
      // The package parses author links with `new URL`, which throws on anything not absolute.
      const link = author.url ? resolveUrl(author.url, root, `${root.origin}${root.base}/`) : undefined;
      return { name: author.name, ...(author.email ? { email: author.email } : {}), ...(link ? { link } : {}) };
    }),
  };
}

/** An absolute URL for a feed field, or undefined when the value isn't a URL at all. */
function resolveUrl(url: string, root: SiteRoot, relativeTo: string): string | undefined {
  try {
    return new URL(absolutizeUrl(url, root), relativeTo).href;
  } catch {
    return undefined;
  }
}

const IMAGE_TYPES: Record<string, string> = {
  avif: 'image/avif',
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  webp: 'image/webp',
};

/**
 * The package derives an enclosure's MIME type from the file extension as is ("image/jpg"), and from whatever the
 * last path segment is when there is no extension. RSS takes an explicit type, so known extensions get a real one.
 */
function imageEnclosure(url: string): string | Enclosure {
  const extension = /\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  const type = extension ? IMAGE_TYPES[extension] : undefined;
  return type ? { url, type } : url;
}

/** Text as HTML: for fields the formats define as HTML (Atom titles and summaries, RSS descriptions, JSON content_html). */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The package writes titles and HTML in CDATA sections but only splits the first "]]>" in each, so a second one
 * would end the section early. In HTML, "&gt;" means the same as ">".
 */
function guardCdata(html: string): string {
  return html.replace(/\]\]>/g, ']]&gt;');
}

interface SiteRoot {
  origin: string;
  /** The base path without trailing slash; "" at the domain root. */
  base: string;
}

function siteRoot(siteUrl: string): SiteRoot {
  const url = new URL(siteUrl);
  return { origin: url.origin, base: url.pathname.replace(/\/+$/, '') };
}

/** "/x" -> site URL + "/x"; a path that already carries the base path only gets the origin. Anything else is left alone. */
function absolutizeUrl(url: string, { origin, base }: SiteRoot): string {
  // "//host" and "/\host" are protocol-relative for browsers, not site paths.
  if (!url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return url;
  const hasBase = base !== '' && url.startsWith(base) && (url.length === base.length || '/?#'.includes(url[base.length]!));
  return origin + (hasBase ? '' : base) + url;
}

/** srcset is a comma-separated list of "url [descriptor]"; a URL may itself contain commas, but never whitespace. */
function absolutizeSrcset(srcset: string, root: SiteRoot): string {
  let result = '';
  let rest = srcset;
  while (rest) {
    const separator = /^[\s,]*/.exec(rest)![0];
    let url = /^\S*/.exec(rest.slice(separator.length))![0];
    // Commas right after a URL end the candidate (the HTML spec's srcset parsing does the same).
    const trailing = /,*$/.exec(url)![0];
    url = url.slice(0, url.length - trailing.length);
    const descriptor = trailing ? '' : /^[^,]*/.exec(rest.slice(separator.length + url.length))![0];
    result += separator + (url && absolutizeUrl(url, root)) + trailing + descriptor;
    rest = rest.slice(separator.length + url.length + trailing.length + descriptor.length);
  }
  return result;
}

const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'srcset']);
/** A start tag with its attributes; quoted values may contain ">". Escaped markup in text ("&lt;a href=...") never matches. */
const START_TAG = /<[a-zA-Z][^\s/>]*(?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*\/?>/g;
/** One attribute inside a start tag. Every attribute is consumed whole so a quoted value is never read as an attribute. */
const ATTRIBUTE = /(\s)([^\s"'>/=]+)(?:(\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function absolutizeHtml(html: string, root: SiteRoot): string {
  return html.replace(START_TAG, (tag) =>
    tag.replace(ATTRIBUTE, (attribute: string, space: string, name: string, equals?: string, double?: string, single?: string, bare?: string) => {
      const key = name.toLowerCase();
      if (equals === undefined || !URL_ATTRIBUTES.has(key)) return attribute;
      const value = double ?? single ?? bare ?? '';
      const quote = double !== undefined ? '"' : single !== undefined ? "'" : '';
      const absolute = key === 'srcset' ? absolutizeSrcset(value, root) : absolutizeUrl(value, root);
      return `${space}${name}${equals}${quote}${absolute}${quote}`;
    }),
  );
}

/**
 * Makes the site-relative URLs of href, src, poster and srcset attributes absolute for use outside the site.
 * `siteUrl` is origin plus base path; links in built HTML already carry the base path, so those only get the origin.
 * Protocol-relative, fragment-only, relative and absolute URLs (any scheme) are left unchanged.
 */
export function absolutizeUrls(html: string, siteUrl: string): string {
  return absolutizeHtml(html, siteRoot(siteUrl));
}
