import { join, posix } from 'node:path';
import type { SiteConfig } from '../config/schema';
import { readFile } from 'node:fs/promises';
import { loadApiReference, type ApiReference } from './openapi';
import { parseFrontMatter } from './frontmatter';
import { loadBlog, type BlogPostSource } from './blog';
import { loadDocs, type DocSource, type ParsedDocs } from './docs';
import { loadLastUpdates } from './git';
import { loadPages, type PageSource } from './pages';
import { loadSidebars, type DocSidebarInfo, type GeneratedIndex } from './sidebars';
import { loadTagsFile, type TagDefinition } from './tags';
import type { LastUpdate, SidebarItem } from '../shared/types';
import { excerptKey, type MarkdownFile } from './markdown-files';
import { DocsiteError } from '../core/errors';
import { log } from '../core/log';

// The content stage: every source folder read into plain data, and the list of Markdown texts
// the compile stage turns into modules.

export interface SiteContent {
  docs: DocSource[];
  posts: BlogPostSource[];
  pages: PageSource[];
  sidebars: Record<string, SidebarItem[]>;
  docSidebars: Map<string, DocSidebarInfo>;
  /** Categories whose page lists their items (`link: { type: 'generated-index' }`). */
  generatedIndexes: GeneratedIndex[];
  lastUpdates: Map<string, LastUpdate>;
  docsTagsFile?: { tags: Map<string, TagDefinition>; source: string };
  /** The API reference, when the config has `api`; its introduction Markdown is among `markdownFiles`. */
  api?: ApiReference;
  markdownFiles: MarkdownFile[];
}

export interface LoadContentOptions {
  includeDrafts: boolean;
  href: (path: string) => string;
  /** An API reference loaded before (the dev server reuses it while the spec is unchanged: loading it is the slow part). */
  api?: Promise<ApiReference | undefined>;
  /** Git's last-change dates, read before (they change with commits, not with edits). */
  lastUpdates?: Promise<Map<string, LastUpdate>>;
  /** false: no cached highlighting (`docsite build --no-cache`). */
  cache?: boolean;
  /** Docs parsed by an earlier load, reused when their file is unchanged (dev). */
  parsedDocs?: ParsedDocs;
}

export async function loadContent(siteDir: string, config: SiteConfig, options: LoadContentOptions): Promise<SiteContent> {
  const docsDir = join(siteDir, config.docs.path);
  const docsTagsSource = posix.join(config.docs.path, 'tags.yml');
  const [docs, posts, pages, lastUpdates, docsTags, api] = await Promise.all([
    loadDocs({ siteDir, config, includeDrafts: options.includeDrafts, ...(options.parsedDocs ? { parsed: options.parsedDocs } : {}) }),
    loadBlog({ siteDir, config, includeDrafts: options.includeDrafts }),
    loadPages({ siteDir, config }),
    options.lastUpdates ?? loadLastUpdates(docsDir),
    loadTagsFile(join(docsDir, 'tags.yml'), docsTagsSource),
    options.api ?? loadApiReference(siteDir, config, options.href, { cache: options.cache ?? true }),
  ]);
  const { sidebars, byDoc, generatedIndexes } = await loadSidebars(siteDir, config, docs, options.href);
  const apiIntroduction = api?.introduction ? await readIntroduction(api.introduction) : undefined;
  if (api) {
    if (sidebars[api.sidebarId]) throw new DocsiteError(`the sidebar id "${api.sidebarId}" is reserved for the API reference: rename that sidebar`, { file: config.docs.sidebarPath || 'sidebars.ts' });
    sidebars[api.sidebarId] = api.sidebar;
  }
  reportUntruncatedPosts(posts, config.blog.onUntruncatedBlogPosts);

  const markdownFiles: MarkdownFile[] = [
    ...docs.map((doc) => ({ key: doc.absolutePath, absolutePath: doc.absolutePath, source: doc.source, content: doc.content, frontMatter: doc.frontMatter })),
    ...posts.flatMap((post) => {
      const file = { key: post.absolutePath, absolutePath: post.absolutePath, source: post.source, content: post.content, frontMatter: post.frontMatter };
      return post.excerptContent === undefined ? [file] : [file, { ...file, key: excerptKey(post.absolutePath), content: post.excerptContent }];
    }),
    ...pages.flatMap((page) => (page.format === 'mdx' ? [{ key: page.absolutePath, absolutePath: page.absolutePath, source: page.source, content: page.content, frontMatter: page.frontMatter }] : [])),
    ...(apiIntroduction ? [apiIntroduction] : []),
  ];
  return {
    docs,
    posts,
    pages,
    sidebars,
    docSidebars: byDoc,
    generatedIndexes,
    lastUpdates,
    ...(docsTags ? { docsTagsFile: { tags: docsTags, source: docsTagsSource } } : {}),
    ...(api ? { api } : {}),
    markdownFiles,
  };
}

async function readIntroduction({ absolutePath, source: file }: { absolutePath: string; source: string }): Promise<MarkdownFile> {
  let text: string;
  try {
    text = await readFile(absolutePath, 'utf8');
  } catch {
    throw new DocsiteError('cannot read the API introduction (api.introduction): no such file', { file });
  }
  const { data } = parseFrontMatter(text, file);
  return { key: absolutePath, absolutePath, source: file, content: text, frontMatter: data };
}

function reportUntruncatedPosts(posts: BlogPostSource[], policy: SiteConfig['blog']['onUntruncatedBlogPosts']): void {
  const untruncated = posts.filter((post) => post.excerptContent === undefined && !post.unlisted);
  if (!untruncated.length || policy === 'ignore') return;
  const message = `${untruncated.length} blog post${untruncated.length === 1 ? ' has' : 's have'} no <!-- truncate --> marker, so the blog lists show ${untruncated.length === 1 ? 'it' : 'them'} in full: ${untruncated.map((post) => post.source).join(', ')}`;
  if (policy === 'throw') throw new DocsiteError(`${message} (blog.onUntruncatedBlogPosts is "throw")`, { file: untruncated[0]!.source });
  if (policy === 'warn') log.warn(message);
  else log.info(message);
}
