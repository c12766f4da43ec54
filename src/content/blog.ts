import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { parse, YAMLParseError } from 'yaml';
import type { SiteConfig } from '../config/schema';
import { DocsiteError } from '../core/errors';
import type { BlogAuthorData } from '../shared/types';
import { parseFrontMatter } from './frontmatter';
import { listFiles } from '../core/fs-utils';
import { loadTagsFile, resolveTags, type FrontMatterTag, type TagDefinition } from './tags';
import { compareNames } from '../shared/collate';

// The blog loader: posts under blog/ -> plain data (route, date, authors, tags, excerpt source).
// It knows nothing of MDX compilation, pages or React.

export interface BlogFrontMatter {
  title?: string;
  description?: string;
  slug?: string;
  date?: string | Date;
  authors?: string | (string | InlineAuthor)[] | InlineAuthor;
  tags?: FrontMatterTag[];
  draft?: boolean;
  unlisted?: boolean;
  image?: string;
  hide_table_of_contents?: boolean;
  toc_min_heading_level?: number;
  toc_max_heading_level?: number;
  keywords?: string[];
}

interface InlineAuthor {
  name?: string;
  /** Authors file only: `true`, or `{ permalink }` under the authors path; the author gets a page with their posts. */
  page?: boolean | { permalink?: string };
  title?: string;
  url?: string;
  image_url?: string;
  imageURL?: string;
  image?: string;
}

export interface BlogPostSource {
  absolutePath: string;
  /** Built in a translated locale from the default locale's text, the translation not being there yet. */
  untranslated?: true;
  /** Path inside the blog folder (and inside its translations' folder), e.g. `2023-06-24-update.md`. */
  relativePath: string;
  /** Site-relative path, for messages. */
  source: string;
  /** Full file text (front matter included, so compiler positions match the file). */
  content: string;
  /** The text before `<!-- truncate -->` (front matter included), when the post has the marker. */
  excerptContent?: string;
  /** Route path without base URL. */
  path: string;
  title: string;
  hasOwnTitle: boolean;
  description?: string;
  /** ms since epoch, UTC. */
  date: number;
  authors: BlogAuthorSource[];
  tags: TagDefinition[];
  draft: boolean;
  unlisted: boolean;
  image?: string;
  /** Minutes, at 200 words a minute. */
  readingTime: number;
  frontMatter: BlogFrontMatter & Record<string, unknown>;
}

/** An author as the loader knows it: from the authors file, it has its key and maybe a page of its own. */
export interface BlogAuthorSource extends Omit<BlogAuthorData, 'pagePermalink'> {
  /** Its key in the authors file, and the key's place there (the authors page keeps the file's order); inline authors have neither. */
  key?: string;
  position?: number;
  /** Where its page goes under the blog's authors path (`page: true` -> the key); none when it has no page. */
  pageSlug?: string;
}

export interface LoadBlogOptions {
  siteDir: string;
  config: SiteConfig;
  includeDrafts: boolean;
  /** The folder of the posts' translations in the locale being built, relative to the site folder. */
  translationsPath?: string;
}

const MARKDOWN = /\.mdx?$/;
/** `2023-06-24-update.md`, `2023-06-24-update/index.md`, also nested (`2023/2023-06-24-update.md`). */
/**
 * A date in a post's path, as Docusaurus reads it: `YYYY-MM-DD`, `YYYY/MM/DD` or `YYYY/MM-DD`, in the file name or in
 * a folder holding `index.md(x)`, then the post's name (`2023-06-24-update.md`, `2023/06-24/update.mdx`,
 * `2022/12-24-some-post/index.mdx`, `2026-02-10/release.md`). Groups: year, month, day, name (may be empty).
 */
const DATED_NAME = /(?:^|\/)(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[-_/](.*?))?(?:\/index)?\.mdx?$/;
export const TRUNCATE_MARKER = /^\s*(?:<!--\s*truncate\s*-->|\{\/\*\s*truncate\s*\*\/\})\s*$/m;

/** Every post, newest first; an empty list when the site has no blog folder. */
export async function loadBlog({ siteDir, config, includeDrafts, translationsPath }: LoadBlogOptions): Promise<BlogPostSource[]> {
  const blogDir = join(siteDir, config.blog.path);
  const files = (await listFiles(blogDir)).filter((file) => MARKDOWN.test(file) && !file.split('/').some((part) => part.startsWith('_')));
  if (!files.length) return [];
  const [authors, tags] = await Promise.all([
    loadAuthorsFile(join(blogDir, config.blog.authorsMapPath), posix.join(config.blog.path, config.blog.authorsMapPath)),
    loadTagsFile(join(blogDir, config.blog.tags), posix.join(config.blog.path, config.blog.tags)),
  ]);
  const tagsFile = tags ? { tags, source: posix.join(config.blog.path, config.blog.tags) } : undefined;
  const posts = await Promise.all(
    files.map(async (relativePath) => {
      // In a translated locale, a post's translation stands in for it; one not translated yet is built as it is.
      const translated = translationsPath ? join(siteDir, translationsPath, relativePath) : undefined;
      const fromTranslation = translated !== undefined && existsSync(translated);
      const absolutePath = fromTranslation ? translated : join(blogDir, relativePath);
      // Read at once, not with fs/promises: a thousand small files take 15 ms so, and 100 ms through the thread pool.
      const content = readFileSync(absolutePath, 'utf8');
      const source = posix.join(fromTranslation ? translationsPath! : config.blog.path, relativePath);
      const post = createBlogPost({ relativePath, absolutePath, content, source, routeBasePath: config.blog.routeBasePath, authors, tagsFile });
      return translated !== undefined && !fromTranslation ? { ...post, untranslated: true as const } : post;
    }),
  );
  const visible = posts.filter((post) => includeDrafts || !post.draft);
  const seen = new Map<string, BlogPostSource>();
  for (const post of visible) {
    const other = seen.get(post.path.toLowerCase());
    if (other) throw new DocsiteError(`two blog posts share the route ${post.path}: ${other.source} and ${post.source}`, { file: post.source });
    seen.set(post.path.toLowerCase(), post);
  }
  // Newest first; posts of the same day by route, so the order never depends on the file system.
  return visible.sort((a, b) => b.date - a.date || compareNames(a.path, b.path));
}

interface CreatePostInput {
  relativePath: string;
  absolutePath: string;
  content: string;
  source: string;
  routeBasePath: string;
  authors: Map<string, BlogAuthorSource> | undefined;
  tagsFile: { tags: Map<string, TagDefinition>; source: string } | undefined;
}

export function createBlogPost({ relativePath, absolutePath, content, source, routeBasePath, authors, tagsFile }: CreatePostInput): BlogPostSource {
  const { data, body } = parseFrontMatter(content, source);
  checkTypes(data, source, content);
  const frontMatter = data as BlogFrontMatter & Record<string, unknown>;

  const dated = DATED_NAME.exec(relativePath);
  let date: number | undefined;
  if (frontMatter.date !== undefined) date = parseDate(frontMatter.date, source, content);
  else if (dated) {
    const [, year, month, day] = dated as unknown as [string, string, string, string];
    date = Date.UTC(Number(year), Number(month) - 1, Number(day));
    if (new Date(date).getUTCDate() !== Number(day) || Number(month) < 1 || Number(month) > 12) {
      throw new DocsiteError(`the file name holds an impossible date ${year}-${month}-${day}`, { file: source });
    }
  }
  if (date === undefined) throw new DocsiteError('a blog post needs a date: name the file YYYY-MM-DD-slug.md or set `date` in its front matter', { file: source });

  const base = `/${routeBasePath.replace(/^\/+|\/+$/g, '')}`;
  const name = dated ? (dated[4] ?? '') : relativePath.replace(/(\/index)?\.mdx?$/, '');
  const datePath = dated ? `${dated[1]}/${dated[2]!.padStart(2, '0')}/${dated[3]!.padStart(2, '0')}/` : '';
  const rest = frontMatter.slug !== undefined ? frontMatter.slug.replace(/^\/+|\/+$/g, '') : `${datePath}${name}`;
  const path = posix.join(base, rest).replace(/\/+$/, '') || '/';

  const h1 = /^\s*#\s+(.+?)\s*#*\s*$/m.exec(body.split('\n').find((line) => line.trim() && !/^(import|export)\s/.test(line.trim())) ?? '');
  const marker = findTruncateMarker(content);
  const authorsLine = lineOfKey(content, 'authors');
  return {
    absolutePath,
    relativePath,
    source,
    content,
    ...(marker !== undefined ? { excerptContent: content.slice(0, marker) } : {}),
    path,
    title: frontMatter.title ?? h1?.[1] ?? name,
    hasOwnTitle: h1 !== null,
    ...(frontMatter.description ? { description: frontMatter.description } : {}),
    date,
    authors: resolveAuthors(frontMatter, authors, { source, ...authorsLine }),
    tags: resolveTags(frontMatter.tags, { source, ...lineOfKey(content, 'tags') }, tagsFile),
    draft: frontMatter.draft === true,
    unlisted: frontMatter.unlisted === true,
    ...(frontMatter.image ? { image: frontMatter.image } : {}),
    readingTime: readingTime(body),
    frontMatter,
  };
}

/** Offset of the truncate marker outside fenced code, if there is one. */
function findTruncateMarker(content: string): number | undefined {
  let offset = 0;
  let fence: string | undefined;
  for (const line of content.split('\n')) {
    const fenceMatch = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fenceMatch) fence = fence ? (line.trim().startsWith(fence) ? undefined : fence) : fenceMatch[1];
    else if (!fence && TRUNCATE_MARKER.test(line)) return offset;
    offset += line.length + 1;
  }
  return undefined;
}

function parseDate(value: string | Date, source: string, content: string): number {
  const time =
    value instanceof Date ? value.getTime() : /^\d{4}-\d{2}-\d{2}$/.test(String(value)) ? Date.parse(`${String(value)}T00:00:00Z`) : Date.parse(String(value));
  if (Number.isNaN(time)) {
    throw new DocsiteError(`front matter "date" is not a date: ${JSON.stringify(value)} (use YYYY-MM-DD or an ISO 8601 time)`, { file: source, ...lineOfKey(content, 'date') });
  }
  return time;
}

function resolveAuthors(frontMatter: BlogFrontMatter & Record<string, unknown>, authors: Map<string, BlogAuthorSource> | undefined, where: { source: string; line?: number }): BlogAuthorSource[] {
  // The older single-author keys of Docusaurus.
  if (typeof frontMatter.author === 'string') {
    return [inlineAuthor({ name: frontMatter.author, title: frontMatter.author_title as string, url: frontMatter.author_url as string, image_url: frontMatter.author_image_url as string })];
  }
  const list = frontMatter.authors === undefined ? [] : Array.isArray(frontMatter.authors) ? frontMatter.authors : [frontMatter.authors];
  return list.map((entry) => {
    if (typeof entry !== 'string') return inlineAuthor(entry);
    const author = authors?.get(entry);
    if (!author) {
      throw new DocsiteError(
        authors ? `unknown author "${entry}": it is not a key of the authors file (known: ${[...authors.keys()].join(', ') || 'none'})` : `unknown author "${entry}": the blog has no authors file to look it up in`,
        { file: where.source, ...(where.line ? { line: where.line } : {}) },
      );
    }
    return author;
  });
}

function inlineAuthor(entry: InlineAuthor): BlogAuthorSource {
  const image = entry.image_url ?? entry.imageURL ?? entry.image;
  return {
    name: entry.name ?? 'Anonymous',
    ...(entry.title ? { title: entry.title } : {}),
    ...(entry.url ? { url: entry.url } : {}),
    ...(image ? { imageUrl: image } : {}),
  };
}

async function loadAuthorsFile(absolutePath: string, source: string): Promise<Map<string, BlogAuthorSource> | undefined> {
  let text: string;
  try {
    text = await readFile(absolutePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let data: unknown;
  try {
    data = parse(text) ?? {};
  } catch (error) {
    if (error instanceof YAMLParseError) {
      const pos = error.linePos?.[0];
      throw new DocsiteError(`invalid YAML: ${error.message.split('\n')[0]}`, { file: source, ...(pos ? { line: pos.line, column: pos.col } : {}) }, { cause: error });
    }
    throw error;
  }
  if (typeof data !== 'object' || Array.isArray(data)) throw new DocsiteError('an authors file maps author keys to { name, title, url, image_url }', { file: source });
  const authors = new Map<string, BlogAuthorSource>();
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (!value || typeof value !== 'object' || typeof (value as InlineAuthor).name !== 'string') {
      throw new DocsiteError(`author "${key}" needs at least a name`, { file: source, ...lineOfKey(text, key, false) });
    }
    const pageSlug = authorPageSlug(key, (value as InlineAuthor).page, source, text);
    const taken = [...authors.values()].find((other) => other.pageSlug !== undefined && other.pageSlug === pageSlug);
    if (taken) throw new DocsiteError(`authors "${taken.key}" and "${key}" have the same page, authors/${pageSlug}: give one a permalink of its own`, { file: source, ...lineOfKey(text, key, false) });
    authors.set(key, { ...inlineAuthor(value as InlineAuthor), key, position: authors.size, ...(pageSlug ? { pageSlug } : {}) });
  }
  return authors;
}

const TYPES: Record<string, 'string' | 'boolean' | 'array' | 'number'> = {
  title: 'string',
  description: 'string',
  slug: 'string',
  draft: 'boolean',
  unlisted: 'boolean',
  image: 'string',
  hide_table_of_contents: 'boolean',
  toc_min_heading_level: 'number',
  toc_max_heading_level: 'number',
  tags: 'array',
  keywords: 'array',
};

function checkTypes(data: Record<string, unknown>, source: string, content: string): void {
  for (const [key, expected] of Object.entries(TYPES)) {
    const value = data[key];
    if (value === undefined) continue;
    const ok = expected === 'array' ? Array.isArray(value) : typeof value === expected;
    if (!ok) throw new DocsiteError(`front matter "${key}" must be ${expected === 'array' ? 'a list' : `a ${expected}`}, got ${JSON.stringify(value)}`, { file: source, ...lineOfKey(content, key) });
  }
}

/** Line of `key:` inside a front matter block (or anywhere at the top level of a YAML file). */
function lineOfKey(content: string, key: string, frontMatter = true): { line?: number } {
  const lines = content.split('\n');
  for (let i = frontMatter ? 1 : 0; i < lines.length && !(frontMatter && /^---\s*$/.test(lines[i]!)); i++) {
    if (lines[i]!.startsWith(`${key}:`)) return { line: i + 1 };
  }
  return {};
}

/** Minutes to read the body at 200 words a minute (code counts, imports and markup do not), at least one. */
export function readingTime(body: string): number {
  const text = body
    .replace(/^(import|export)\s.*$/gm, '')
    .replace(/<[^>]+>|\{\/\*[\s\S]*?\*\/\}|<!--[\s\S]*?-->/g, ' ')
    .replace(/[#>*_`|~[\]()-]+/g, ' ');
  const words = text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.ceil(words / 200));
}

/** Docusaurus 3.5+: `page: true` puts the author's page at <blog>/authors/<key>; `page: { permalink }` chooses the last part. */
function authorPageSlug(key: string, page: unknown, source: string, text: string): string | undefined {
  if (page === undefined || page === false) return undefined;
  if (page === true) return key;
  const permalink = page !== null && typeof page === 'object' ? (page as { permalink?: unknown }).permalink ?? key : undefined;
  const slug = typeof permalink === 'string' ? permalink.replace(/^\/+|\/+$/g, '') : '';
  if (!slug) throw new DocsiteError(`author "${key}": page must be true, false or { permalink: 'name' } (a non-empty path)`, { file: source, ...lineOfKey(text, key, false) });
  return slug;
}
