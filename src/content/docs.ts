import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { Minimatch } from 'minimatch';
import type { SiteConfig } from '../config/schema';
import { DocsiteError } from '../core/errors';
import { parseFrontMatter } from './frontmatter';
import { listFiles } from '../core/fs-utils';
import { defaultDocsInstance, type DocsInstance, type DocsOptions } from './docs-instances';

// The docs loader: files under docs/ -> plain data (ids, routes, titles, front matter).
// It knows nothing of sidebars, MDX compilation or React.

export interface DocFrontMatter {
  id?: string;
  title?: string;
  description?: string;
  slug?: string;
  sidebar_label?: string;
  sidebar_position?: number;
  sidebar_class_name?: string;
  tags?: (string | { label: string; permalink?: string })[];
  hide_table_of_contents?: boolean;
  toc_min_heading_level?: number;
  toc_max_heading_level?: number;
  draft?: boolean;
  unlisted?: boolean;
  pagination_next?: string | null;
  pagination_prev?: string | null;
  /** The title previous/next links of neighbouring docs show for this one. */
  pagination_label?: string;
  /** This doc's own edit link (null: none), instead of the one from docs.editUrl. */
  custom_edit_url?: string | null;
  /** The sidebar to show on this doc (one it is not part of, or none it is in). */
  displayed_sidebar?: string | null;
  /** Overrides what git says: { date, author }. */
  last_update?: { date?: string; author?: string };
  keywords?: string[];
  image?: string;
}

export interface DocSource {
  /** e.g. "install/docker-compose"; unique within its docs instance. */
  id: string;
  /** The docs instance the doc belongs to ("default": the `docs` folder). */
  instance: string;
  /** Built in a translated locale from the default locale's text, the translation not being there yet. */
  untranslated?: true;
  /** Path relative to the docs folder, e.g. "install/docker-compose.md". */
  relativePath: string;
  /** Path relative to the site folder, for messages. */
  source: string;
  absolutePath: string;
  /** Folder of the doc inside docs/, "" for the root, number prefixes stripped. */
  dirName: string;
  /** Route path without base URL, e.g. "/docs/install/docker-compose". */
  path: string;
  title: string;
  /** The body starts with its own `# h1`. */
  hasOwnTitle: boolean;
  sidebarLabel: string;
  sidebarPosition?: number;
  frontMatter: DocFrontMatter;
  draft: boolean;
  unlisted: boolean;
  /** Full file text (front matter included, so compiler positions match the file). */
  content: string;
}

const MARKDOWN = /\.mdx?$/;
const NUMBER_PREFIX = /^(\d+)\s*[-_.]+\s*(?=[^\d])/;

export function stripNumberPrefix(name: string): string {
  return name.replace(NUMBER_PREFIX, '');
}

function numberPrefix(name: string): number | undefined {
  const match = NUMBER_PREFIX.exec(name);
  return match ? Number(match[1]) : undefined;
}

export interface LoadDocsOptions {
  siteDir: string;
  config: SiteConfig;
  /** Production builds drop drafts; dev keeps them. */
  includeDrafts: boolean;
  /** Docs parsed by an earlier load (the dev server reloads content on every save). */
  parsed?: ParsedDocs;
  /** Which docs folder to read; unset: `docs`. */
  instance?: DocsInstance;
  /** Each file's text as it is read. */
  onSource?: (markdown: string) => void;
}

/**
 * Docs by file, with the config they were made from. An entry stands for its file until its owner
 * deletes it (the dev server does when the watcher reports the file): a save then reads and parses one
 * file, not the whole docs folder (on a 5,000-page site that was most of a save's second).
 */
export type ParsedDocs = Map<string, { config: SiteConfig; doc: DocSource }>;

export async function loadDocs({ siteDir, config, includeDrafts, parsed, instance = defaultDocsInstance(config), onSource }: LoadDocsOptions): Promise<DocSource[]> {
  const { options } = instance;
  const docsDir = join(siteDir, options.path);
  const included = includeMatcher(options.include);
  const files = (await listFiles(docsDir)).filter((file) => MARKDOWN.test(file) && !file.split('/').some((part) => part.startsWith('_')) && included(file));
  const docs = await Promise.all(
    files.map(async (relativePath) => {
      // In a translated locale, the translation of a doc stands in for it; a doc not translated yet is built as it is.
      const translated = instance.translationsPath ? join(siteDir, instance.translationsPath, relativePath) : undefined;
      const fromTranslation = translated !== undefined && existsSync(translated);
      const absolutePath = fromTranslation ? translated : join(docsDir, relativePath);
      const earlier = parsed?.get(absolutePath);
      if (earlier && earlier.config === config && earlier.doc.instance === instance.id) return earlier.doc;
      // Read at once, not with fs/promises: a thousand small files take 15 ms so, and 100 ms through the thread pool.
      const content = readFileSync(absolutePath, 'utf8');
      onSource?.(content);
      const source = posix.join(fromTranslation ? instance.translationsPath! : options.path, relativePath);
      const doc = createDocSource({ relativePath, absolutePath, content, instance: instance.id, options, source });
      if (translated !== undefined && !fromTranslation) doc.untranslated = true;
      parsed?.set(absolutePath, { config, doc });
      return doc;
    }),
  );
  if (parsed) {
    const present = new Set(docs.map((doc) => doc.absolutePath));
    // Only this instance's entries: the other instances load at the same time and keep theirs.
    for (const [file, entry] of parsed) if (entry.doc.instance === instance.id && !present.has(file)) parsed.delete(file);
  }
  const visible = docs.filter((doc) => includeDrafts || !doc.draft);
  assertUnique(visible, (doc) => doc.id, (doc, other) => `two docs share the id "${doc.id}": ${other.source} and ${doc.source}`);
  assertUnique(visible, (doc) => doc.path.toLowerCase(), (doc, other) => `two docs share the route ${doc.path}: ${other.source} and ${doc.source}`);
  return visible;
}

/**
 * docs.include: glob patterns, relative to the docs folder, of the files that are docs. A file is a doc
 * when any pattern matches its path (Markdown and MDX files only, none starting with "_"; checked apart).
 */
export function includeMatcher(patterns: readonly string[]): (relativePath: string) => boolean {
  const matchers = patterns.map((pattern) => new Minimatch(pattern.replace(/^\.\//, '')));
  return (relativePath) => matchers.some((matcher) => matcher.match(relativePath));
}

function assertUnique<T extends { source: string }>(items: T[], key: (item: T) => string, message: (item: T, other: T) => string): void {
  const seen = new Map<string, T>();
  for (const item of items) {
    const other = seen.get(key(item));
    if (other) throw new DocsiteError(message(item, other), { file: item.source });
    seen.set(key(item), item);
  }
}

interface CreateDocInput {
  relativePath: string;
  absolutePath: string;
  content: string;
  instance: string;
  options: DocsOptions;
  source: string;
}

export function createDocSource({ relativePath, absolutePath, content, instance, options, source }: CreateDocInput): DocSource {
  const { data, body } = parseFrontMatter(content, source);
  const frontMatter = validateDocFrontMatter(data, source, content);
  const segments = relativePath.replace(MARKDOWN, '').split('/');
  const fileName = segments.pop()!;
  const dirName = segments.map(stripNumberPrefix).join('/');
  const baseName = stripNumberPrefix(fileName);
  const id = posix.join(dirName, frontMatter.id ?? baseName);
  const h1 = firstHeading(body);
  const title = frontMatter.title ?? h1 ?? baseName;
  return {
    id,
    instance,
    relativePath,
    source,
    absolutePath,
    dirName,
    path: docPath(options.routeBasePath, dirName, frontMatter.slug, frontMatter.id ?? baseName),
    title,
    hasOwnTitle: h1 !== undefined,
    sidebarLabel: frontMatter.sidebar_label ?? title,
    sidebarPosition: frontMatter.sidebar_position ?? numberPrefix(fileName),
    frontMatter,
    draft: frontMatter.draft === true,
    unlisted: frontMatter.unlisted === true,
    content,
  };
}

function docPath(routeBasePath: string, dirName: string, slug: string | undefined, name: string): string {
  const base = `/${routeBasePath.replace(/^\/+|\/+$/g, '')}`;
  let rest: string;
  if (slug !== undefined) rest = slug.startsWith('/') ? slug : posix.join(dirName, slug);
  else rest = /^(index|readme)$/i.test(name) ? dirName : posix.join(dirName, name);
  const joined = posix.join(base === '/' ? '/' : base, rest);
  return joined.length > 1 ? joined.replace(/\/+$/, '') : joined;
}

/** The text of a leading `# Title` (before any other content), if the body starts with one. */
function firstHeading(body: string): string | undefined {
  for (const line of body.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || /^import\s|^export\s|^<!--.*-->$/.test(trimmed)) continue;
    const match = /^#\s+(.+?)\s*#*\s*$/.exec(trimmed);
    return match ? match[1]!.replace(/\s*\{#[^}]+\}$/, '').replace(/[`*_]/g, '') : undefined;
  }
  return undefined;
}

const FRONT_MATTER_TYPES: Record<string, 'string' | 'number' | 'boolean' | 'array' | 'nullableString'> = {
  id: 'string',
  title: 'string',
  description: 'string',
  slug: 'string',
  sidebar_label: 'string',
  sidebar_position: 'number',
  sidebar_class_name: 'string',
  hide_table_of_contents: 'boolean',
  hide_title: 'boolean',
  toc_min_heading_level: 'number',
  toc_max_heading_level: 'number',
  draft: 'boolean',
  unlisted: 'boolean',
  tags: 'array',
  keywords: 'array',
  image: 'string',
  pagination_next: 'nullableString',
  pagination_prev: 'nullableString',
  pagination_label: 'string',
  custom_edit_url: 'nullableString',
  last_update: 'string',
  sidebar_custom_props: 'string',
  displayed_sidebar: 'nullableString',
};

/** Checks the types of known front matter keys; unknown keys are allowed (themes and plugins read them). */
function validateDocFrontMatter(data: Record<string, unknown>, file: string, content: string): DocFrontMatter {
  for (const [key, value] of Object.entries(data)) {
    const expected = FRONT_MATTER_TYPES[key];
    if (!expected || key === 'sidebar_custom_props' || key === 'last_update') continue;
    const ok =
      expected === 'array'
        ? Array.isArray(value)
        : expected === 'nullableString'
          ? value === null || typeof value === 'string'
          : typeof value === expected || (expected === 'string' && typeof value === 'number');
    if (!ok) {
      throw new DocsiteError(`front matter "${key}" must be ${expected === 'array' ? 'a list' : expected === 'nullableString' ? 'a string or null' : `a ${expected}`}, got ${JSON.stringify(value)}`, { file, ...lineOfKey(content, key) });
    }
    if (typeof value === 'number' && expected === 'string') data[key] = String(value);
  }
  const tags = data.tags as unknown[] | undefined;
  tags?.forEach((tag) => {
    if (typeof tag !== 'string' && !(tag && typeof tag === 'object' && typeof (tag as { label?: unknown }).label === 'string')) {
      throw new DocsiteError(`front matter "tags" entries must be strings or { label, permalink }, got ${JSON.stringify(tag)}`, { file });
    }
  });
  return data as DocFrontMatter;
}

/** Line and column of `key:` inside the front matter block, for error messages. */
function lineOfKey(content: string, key: string): { line?: number; column?: number } {
  const lines = content.split('\n');
  for (let i = 1; i < lines.length && !/^---\s*$/.test(lines[i]!); i++) {
    if (lines[i]!.startsWith(`${key}:`)) return { line: i + 1, column: key.length + 2 };
  }
  return {};
}
