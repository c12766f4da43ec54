import { existsSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { CONFIG_FILES, findConfigFile } from '../config/load';
import { DEFAULT_DOCS_ID, type SiteConfig } from '../config/schema';
import { readFile } from 'node:fs/promises';
import { loadApiReference, type ApiReference } from './openapi';
import { parseFrontMatter } from './frontmatter';
import { loadBlog, type BlogPostSource } from './blog';
import { loadDocs, type DocSource, type ParsedDocs } from './docs';
import { docsVersionsOf, navDocsOf } from './nav-targets';
import { loadChromeTranslations, loadThemeTranslations, type ChromeTranslations } from './theme-translations';
import { translationsDirOf, currentLocaleOf } from '../config/locales';
import type { ChromeMessages, NavDocs } from '../config/site-data';
import { routeBaseOf, versionedDocsInstancesOf, type DocsInstance } from './docs-instances';
import { versionFilesOf } from './docs-versions';
import { loadLastUpdates } from './git';
import { loadPages, type PageSource } from './pages';
import { loadSidebars, type DocSidebarInfo, type GeneratedIndex } from './sidebars';
import { loadTagsFile, type TagDefinition } from './tags';
import type { LastUpdate, SidebarItem } from '../shared/types';
import { excerptKey, type MarkdownFile } from './markdown-files';
import { DocsiteError } from '../core/errors';
import { log } from '../core/log';
import { keepFrontMatter, restoreFrontMatter } from './front-matter-cache';

// The content stage: every source folder read into plain data, and the list of Markdown texts
// the compile stage turns into modules.

export interface SiteContent {
  docs: DocSource[];
  posts: BlogPostSource[];
  pages: PageSource[];
  sidebars: Record<string, SidebarItem[]>;
  /** By the doc's file (absolute path): doc ids are unique within a docs instance only. */
  docSidebars: Map<string, DocSidebarInfo>;
  /** Categories whose page lists their items (`link: { type: 'generated-index' }`). */
  generatedIndexes: GeneratedIndex[];
  lastUpdates: Map<string, LastUpdate>;
  /** Each docs instance's tags.yml, by instance id, for the instances that have one. */
  docsTagsFiles: Map<string, DocsTagsFile>;
  /** Where the navbar's `doc` and `docSidebar` items lead. */
  navDocs: NavDocs;
  /** The site's own theme translations (`i18n/<locale>/code.json` of the locale built), by Docusaurus id. */
  themeTranslations: Record<string, string>;
  /** The navbar's and footer's translations (`docusaurus-theme-classic/*.json`) of a translated locale. */
  chromeTranslations?: ChromeMessages;
  /** Every docs instance the pages come from: each docs plugin's versions. */
  docsInstances: DocsInstance[];
  /** Files of a translated locale built from the default locale's text (no translation yet), relative to the site folder. */
  untranslated: string[];
  /** The API reference, when the config has `api`; its introduction Markdown is among `markdownFiles`. */
  api?: ApiReference;
  markdownFiles: MarkdownFile[];
}

export interface DocsTagsFile {
  tags: Map<string, TagDefinition>;
  source: string;
}

export interface LoadContentOptions {
  includeDrafts: boolean;
  href: (path: string) => string;
  /** An API reference loaded before (the dev server reuses it while the spec is unchanged: loading it is the slow part). */
  api?: Promise<ApiReference | undefined>;
  /** Git's last-change dates of a docs folder (absolute path), read before (they change with commits, not with edits). */
  lastUpdatesOf?: (docsDir: string) => Promise<Map<string, LastUpdate>>;
  /** false: no cached highlighting (`docsite build --no-cache`). */
  cache?: boolean;
  /** Docs parsed by an earlier load, reused when their file is unchanged (dev). */
  parsedDocs?: ParsedDocs;
  /** Each doc's Markdown as it is read (a build warms its code-block worker with it, markdown/code-block-warmup.ts). */
  onDocSource?: (markdown: string) => void;
}

export async function loadContent(siteDir: string, config: SiteConfig, options: LoadContentOptions): Promise<SiteContent> {
  await restoreFrontMatter(siteDir, options.cache ?? true);
  const docsInstances = await versionedDocsInstancesOf(siteDir, config, configName(siteDir));
  const translations = translationsDirOf(config);
  const [instances, posts, pages, api, chrome] = await Promise.all([
    Promise.all(docsInstances.map((instance) => loadDocsInstance(siteDir, config, instance, options, instance.pluginId === DEFAULT_DOCS_ID && (!instance.version || instance.version.name === 'current')))),
    loadBlog({ siteDir, config, includeDrafts: options.includeDrafts, ...(translations ? { translationsPath: `${translations}/docusaurus-plugin-content-blog` } : {}) }),
    loadPages({ siteDir, config }),
    options.api ?? loadApiReference(siteDir, config, options.href, { cache: options.cache ?? true }),
    translations ? loadChromeTranslations(siteDir, translations) : loadThemeTranslations(siteDir, currentLocaleOf(config)).then((theme): ChromeTranslations => ({ theme, navbar: {}, footer: {} })),
  ]);
  const themeTranslations = chrome.theme;
  const docs = instances.flatMap((instance) => instance.docs);
  const sidebars = Object.assign({}, ...instances.map((instance) => instance.sidebars)) as Record<string, SidebarItem[]>;
  const byDoc = new Map(instances.flatMap((instance) => [...instance.byDoc]));
  const generatedIndexes = instances.flatMap((instance) => instance.generatedIndexes);
  const lastUpdates = new Map(instances.flatMap((instance) => [...instance.lastUpdates]));
  const docsTagsFiles = new Map(instances.flatMap((instance) => (instance.tagsFile ? [[instance.id, instance.tagsFile] as const] : [])));
  if (posts.length) checkBlogBase(siteDir, config, instances);
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
  await keepFrontMatter(siteDir, options.cache ?? true);
  return {
    docs,
    posts,
    pages,
    sidebars,
    docSidebars: byDoc,
    generatedIndexes,
    lastUpdates,
    docsTagsFiles,
    navDocs: { ...navDocsOf({ instances: docsInstances, docs, sidebars, docSidebars: byDoc, generatedIndexes, href: options.href, configFile: configName(siteDir) }), versions: docsVersionsOf(docsInstances, sidebars, docs, options.href) },
    themeTranslations,
    ...(translations ? { chromeTranslations: { navbar: chrome.navbar, footer: chrome.footer } } : {}),
    docsInstances,
    untranslated: [...docs.filter((doc) => doc.untranslated).map((doc) => doc.source), ...posts.filter((post) => post.untranslated).map((post) => post.source)],
    ...(api ? { api } : {}),
    markdownFiles,
  };
}

interface LoadedInstance {
  id: string;
  routeBase: string;
  docs: DocSource[];
  sidebars: Record<string, SidebarItem[]>;
  /** By the doc's absolute path. */
  byDoc: Map<string, DocSidebarInfo>;
  generatedIndexes: GeneratedIndex[];
  lastUpdates: Map<string, LastUpdate>;
  tagsFile?: DocsTagsFile;
}

/** One docs folder: its docs, sidebars, git dates and tags file. `main`: the `docs` instance, whose folder may be absent. */
async function loadDocsInstance(siteDir: string, config: SiteConfig, instance: DocsInstance, options: LoadContentOptions, main: boolean): Promise<LoadedInstance> {
  const docsDir = join(siteDir, instance.options.path);
  // The main docs folder may be absent (a site of pages or a blog); an instance is there because the config names it.
  if (!main && !existsSync(docsDir)) {
    if (instance.version) {
      const versionsFile = versionFilesOf(instance.pluginId).versionsFile;
      throw new DocsiteError(`${versionsFile} lists the version "${instance.version.name}", but its folder ${instance.options.path} does not exist (make it with \`docsite version\`, or take the name out of ${versionsFile})`, { file: versionsFile });
    }
    throw new DocsiteError(`docsInstances "${instance.id}": its folder ${instance.options.path} does not exist (set its path, or create the folder)`, { file: configName(siteDir) });
  }
  const tagsSource = posix.join(instance.options.path, 'tags.yml');
  const [docs, lastUpdates, tags] = await Promise.all([
    loadDocs({ siteDir, config, instance, includeDrafts: options.includeDrafts, ...(options.parsedDocs ? { parsed: options.parsedDocs } : {}), ...(options.onDocSource ? { onSource: options.onDocSource } : {}) }),
    (options.lastUpdatesOf ?? loadLastUpdates)(docsDir),
    loadTagsFile(join(docsDir, 'tags.yml'), tagsSource),
  ]);
  const { sidebars, byDoc, generatedIndexes } = await loadSidebars(siteDir, config, docs, options.href, instance);
  const byFile = new Map(docs.flatMap((doc) => (byDoc.has(doc.id) ? [[doc.absolutePath, byDoc.get(doc.id)!] as const] : [])));
  return {
    id: instance.id,
    routeBase: routeBaseOf(instance.options),
    docs,
    sidebars,
    byDoc: byFile,
    generatedIndexes,
    lastUpdates,
    ...(tags ? { tagsFile: { tags, source: tagsSource } } : {}),
  };
}

/** A docs instance and the blog under one URL prefix would share routes: an error that names both. */
function checkBlogBase(siteDir: string, config: SiteConfig, instances: LoadedInstance[]): void {
  const blogBase = `/${config.blog.routeBasePath.replace(/^\/+|\/+$/g, '')}`;
  const clash = instances.find((instance) => instance.routeBase === blogBase);
  if (!clash) return;
  const name = clash.id === DEFAULT_DOCS_ID ? '`docs`' : `docsInstances "${clash.id}"`;
  throw new DocsiteError(`${name} and the blog (blog.routeBasePath) share the route base path ${blogBase}: give each its own routeBasePath`, { file: configName(siteDir) });
}

/** The site's config file, relative to it, for errors about keys of it. */
function configName(siteDir: string): string {
  const file = findConfigFile(siteDir);
  return file ? relative(siteDir, file) : CONFIG_FILES[0]!;
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
