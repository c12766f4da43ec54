import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_DOCS_ID } from '../config/schema';
import { aBoolean, aNumberBetween, anInteger, aString, aStringList, carry, oneOf, sitePath } from './carry';
import type { ContentPlugin } from './content-plugins';
import { isRecord } from '../shared/is-record';
import { mapDocsVersions, type VersionsMapping } from './docs-versions';
import { carryMarkdownPlugins, PLUGIN_KEYS } from './markdown-plugins';
import { checkPagesFolder } from './pages-check';
import type { WarningList } from './warnings';

// The options of the docs, blog, pages and sitemap plugins, mapped onto docsite's `docs`, `blog`,
// `pages` and `sitemap`. Where Docusaurus and docsite differ in a default, the Docusaurus value is
// written out, so the site looks as it did.

const MARKDOWN_PIPELINE = 'docsite has its own Markdown pipeline';
const OWN_THEME = 'docsite has its own theme';
// remarkPlugins and the like are carried by carryMarkdownPlugins; recma works on MDX's JavaScript output,
// which docsite compiles its own way.
const PIPELINE_REASONS: Record<string, string> = {
  recmaPlugins: MARKDOWN_PIPELINE,
  admonitions: 'docsite has the note, tip, info, warning and danger admonitions built in',
};

/** The docs options docs-versions.ts carries. */
const VERSION_OPTIONS = ['versions', 'lastVersion', 'onlyIncludeVersions', 'includeCurrentVersion', 'disableVersioning'];

/** Docusaurus's defaults: a site that set them explicitly loses nothing. */
const DEFAULT_INCLUDE = ['**/*.{md,mdx}'];
const DEFAULT_INCLUDE_SPLIT = ['**/*.md', '**/*.mdx'];
const DEFAULT_EXCLUDE = ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**'];

function sameList(value: unknown, expected: readonly string[]): boolean {
  return Array.isArray(value) && value.length === expected.length && value.every((item, index) => item === expected[index]);
}

/** A Docusaurus `include` docsite's docs.include takes as it is: a list of patterns, none negated. */
function includePatterns(value: unknown): string[] | undefined {
  if (!Array.isArray(value) || !value.length || sameList(value, DEFAULT_INCLUDE) || sameList(value, DEFAULT_INCLUDE_SPLIT)) return undefined;
  return value.every((pattern) => typeof pattern === 'string' && pattern !== '' && !pattern.startsWith('!')) ? (value as string[]) : undefined;
}

function noteIncludeExclude(options: Record<string, unknown>, where: string, folderWord: string, warnings: WarningList, includeCarried = false): void {
  if (!includeCarried && options.include !== undefined && !sameList(options.include, DEFAULT_INCLUDE) && !sameList(options.include, DEFAULT_INCLUDE_SPLIT)) {
    warnings.notCarried(`${where}include`, `docsite reads every Markdown and MDX file of the ${folderWord}`);
  }
  if (options.exclude !== undefined && !sameList(options.exclude, DEFAULT_EXCLUDE)) {
    warnings.notCarried(`${where}exclude`, 'docsite leaves out files and folders whose names start with "_"');
  }
}

/** A turned-off plugin still matters when its folder exists: docsite builds whatever folder is there. */
function noteTurnedOff(where: string, folder: string, siteDir: string, warnings: WarningList): void {
  if (existsSync(join(siteDir, folder))) warnings.notCarried(`${where} false`, `docsite builds ${folder}/ whenever the folder exists`);
}

export interface DocsMapping {
  docs?: Record<string, unknown>;
  /** Site-relative sidebars file the Docusaurus config points at, when it exists. */
  sidebarsFile?: string;
  /** The docs' versions, when docsite builds some. */
  versions?: VersionsMapping;
}

/**
 * One docs plugin's options -> docsite's docs options: the classic preset's docs (docsite's `docs`), or another
 * docs plugin (one of docsite's `docsInstances`). `ids`: docsite's id of the docs (`default` for `docs`), which
 * names their versions files, and the plugin's id in the Docusaurus config.
 */
export async function mapDocs(plugin: ContentPlugin | false | undefined, siteDir: string, warnings: WarningList, ids: { pluginId: string; docusaurusId: string } = { pluginId: DEFAULT_DOCS_ID, docusaurusId: DEFAULT_DOCS_ID }): Promise<DocsMapping> {
  if (plugin === undefined) return {};
  if (plugin === false) {
    noteTurnedOff('presets.classic.docs', 'docs', siteDir, warnings);
    return {};
  }
  const { options } = plugin;
  const where = `${plugin.where}.`;
  const docs: Record<string, unknown> = {};
  const result: DocsMapping = { docs };

  if (carry(options, docs, 'path', aString, where, warnings)) docs.path = sitePath(siteDir, docs.path as string);
  carry(options, docs, 'routeBasePath', aString, where, warnings);
  // Its place in the written config; the value is settled once the sidebars are looked at.
  docs.sidebarPath = undefined;

  const sidebarPath = options.sidebarPath;
  if (typeof sidebarPath === 'string') {
    const file = sitePath(siteDir, sidebarPath);
    if (existsSync(join(siteDir, file))) result.sidebarsFile = file;
    else warnings.notCarried(`${where}sidebarPath ('${sidebarPath}')`, 'no such file: docsite generates the sidebar from the docs folder');
  } else if (sidebarPath === false) {
    warnings.notCarried(`${where}sidebarPath false (no sidebar)`, 'docsite always shows a sidebar, generated from the docs folder');
  } else if (sidebarPath !== undefined) {
    warnings.notCarried(`${where}sidebarPath`, 'docsite takes the path of a sidebars file');
  }

  carry(options, docs, 'editUrl', aString, where, warnings);
  // Docusaurus shows no last-update line unless asked; docsite shows it by default.
  docs.showLastUpdateTime = options.showLastUpdateTime === true;
  docs.showLastUpdateAuthor = options.showLastUpdateAuthor === true;
  for (const key of ['showLastUpdateTime', 'showLastUpdateAuthor']) {
    if (options[key] !== undefined && typeof options[key] !== 'boolean') warnings.notCarried(`${where}${key}`, 'docsite takes true or false');
  }

  const versions = await mapDocsVersions(options, docs, where, siteDir, ids, warnings);
  if (versions.last) result.versions = versions;
  const include = includePatterns(options.include);
  if (include) docs.include = include;
  noteIncludeExclude(options, where, 'docs folder', warnings, include !== undefined);

  warnings.unhandledKeys(
    options,
    ['id', 'path', 'routeBasePath', 'sidebarPath', 'editUrl', 'showLastUpdateTime', 'showLastUpdateAuthor', ...VERSION_OPTIONS, 'include', 'exclude', 'editLocalizedFiles', ...PLUGIN_KEYS],
    where,
    {
      ...PIPELINE_REASONS,
      sidebarItemsGenerator: 'docsite generates sidebars from the folder tree and _category_ files',
      sidebarCollapsible: 'docsite categories are always collapsible; set collapsible per category',
      sidebarCollapsed: 'docsite categories start collapsed; set collapsed per category',
      numberPrefixParser: 'docsite strips number prefixes such as "01-" itself',
      breadcrumbs: 'docsite always shows breadcrumbs',
      docItemComponent: OWN_THEME,
      docRootComponent: OWN_THEME,
      docVersionRootComponent: OWN_THEME,
      docTagsListComponent: OWN_THEME,
      docTagDocListComponent: OWN_THEME,
      docCategoryGeneratedIndexComponent: OWN_THEME,
      tagsBasePath: 'docsite puts docs tags under <routeBasePath>/tags',
    },
  );
  carryMarkdownPlugins(options, docs, where, siteDir, warnings);
  return result;
}

export function mapBlog(plugin: ContentPlugin | false | undefined, siteDir: string, warnings: WarningList): Record<string, unknown> | undefined {
  if (plugin === undefined) return undefined;
  if (plugin === false) {
    noteTurnedOff('presets.classic.blog', 'blog', siteDir, warnings);
    return undefined;
  }
  const { options } = plugin;
  const where = `${plugin.where}.`;
  const blog: Record<string, unknown> = {};
  if (carry(options, blog, 'path', aString, where, warnings)) blog.path = sitePath(siteDir, blog.path as string);
  carry(options, blog, 'routeBasePath', aString, where, warnings);
  carry(options, blog, 'blogTitle', aString, where, warnings);
  carry(options, blog, 'blogDescription', aString, where, warnings);
  carry(options, blog, 'postsPerPage', anInteger(1, 'ALL'), where, warnings);
  carry(options, blog, 'blogSidebarCount', anInteger(0, 'ALL'), where, warnings);
  carry(options, blog, 'blogSidebarTitle', aString, where, warnings);
  carry(options, blog, 'showReadingTime', aBoolean, where, warnings);
  if (carry(options, blog, 'editUrl', aString, where, warnings)) {
    // Docusaurus appends the post's path from the site folder (blog/2024-01-01-x.md); docsite appends
    // its path inside the blog folder: the folder moves into the base URL.
    blog.editUrl = `${(blog.editUrl as string).replace(/\/+$/, '')}/${(blog.path as string | undefined) ?? 'blog'}`;
  }
  carry(options, blog, 'authorsMapPath', aString, where, warnings);
  if (options.tags === false || options.tags === null) warnings.notCarried(`${where}tags ${String(options.tags)}`, 'docsite reads the blog tags file whenever it exists');
  else carry(options, blog, 'tags', aString, where, warnings);
  carry(options, blog, 'onUntruncatedBlogPosts', oneOf('ignore', 'log', 'warn', 'throw'), where, warnings);
  const feed = mapFeedOptions(options.feedOptions, `${where}feedOptions.`, warnings);
  if (feed) blog.feedOptions = feed;
  noteIncludeExclude(options, where, 'blog folder', warnings);

  warnings.unhandledKeys(
    options,
    ['id', 'path', 'routeBasePath', 'blogTitle', 'blogDescription', 'postsPerPage', 'blogSidebarCount', 'blogSidebarTitle', 'showReadingTime', 'editUrl', 'authorsMapPath', 'tags', 'onUntruncatedBlogPosts', 'feedOptions', 'include', 'exclude', 'editLocalizedFiles', ...PLUGIN_KEYS],
    where,
    {
      ...PIPELINE_REASONS,
      truncateMarker: 'docsite cuts excerpts at <!-- truncate -->',
      archiveBasePath: 'docsite puts the archive at <routeBasePath>/archive',
      tagsBasePath: 'docsite puts blog tags under <routeBasePath>/tags',
      pageBasePath: 'docsite numbers list pages under <routeBasePath>/page',
      blogListComponent: OWN_THEME,
      blogPostComponent: OWN_THEME,
      blogTagsListComponent: OWN_THEME,
      blogTagsPostsComponent: OWN_THEME,
      blogArchiveComponent: OWN_THEME,
      readingTime: 'docsite computes reading time itself',
    },
  );
  // false is Docusaurus's default, and says nothing docsite needs to be told.
  if (options.editLocalizedFiles === true) warnings.notCarried(`${where}editLocalizedFiles`, 'docsite has no such option for the blog');
  carryMarkdownPlugins(options, blog, where, siteDir, warnings);
  return blog;
}

function mapFeedOptions(value: unknown, where: string, warnings: WarningList): Record<string, unknown> | undefined {
  if (!isRecord(value)) return undefined;
  const feed: Record<string, unknown> = {};
  const type = value.type;
  if (type !== undefined) {
    const single = ['rss', 'atom', 'json'];
    const valid = Array.isArray(type) ? type.every((item) => single.includes(item as string)) : [...single, 'all', null].includes(type as string | null);
    if (valid) feed.type = type;
    else warnings.notCarried(`${where}type`, "docsite takes 'rss', 'atom', 'json', a list of them, 'all' or null");
  }
  carry(value, feed, 'title', aString, where, warnings);
  carry(value, feed, 'description', aString, where, warnings);
  carry(value, feed, 'copyright', aString, where, warnings);
  if (value.limit === false || value.limit === null) warnings.notCarried(`${where}limit ${String(value.limit)}`, 'docsite always limits feeds; the default is 20 posts');
  else carry(value, feed, 'limit', anInteger(1), where, warnings);
  warnings.unhandledKeys(value, ['type', 'title', 'description', 'copyright', 'limit'], where, {
    createFeedItems: 'docsite writes the feed items itself',
    xslt: 'docsite writes feeds without a stylesheet',
  });
  return Object.keys(feed).length ? feed : undefined;
}

/** Docusaurus reads pages from src/pages by default; docsite from pages. */
const DOCUSAURUS_PAGES = 'src/pages';

export async function mapPages(plugin: ContentPlugin | false | undefined, siteDir: string, warnings: WarningList): Promise<Record<string, unknown> | undefined> {
  if (plugin === undefined) return undefined;
  if (plugin === false) {
    noteTurnedOff('presets.classic.pages', DOCUSAURUS_PAGES, siteDir, warnings);
    return undefined;
  }
  const { options } = plugin;
  const where = `${plugin.where}.`;
  const path = typeof options.path === 'string' ? sitePath(siteDir, options.path) : DOCUSAURUS_PAGES;
  if (options.routeBasePath !== undefined && options.routeBasePath !== '/' && options.routeBasePath !== '') {
    warnings.notCarried(`${where}routeBasePath`, 'docsite routes pages from the site root');
  }
  noteIncludeExclude(options, where, 'pages folder', warnings);
  warnings.unhandledKeys(options, ['id', 'path', 'routeBasePath', 'include', 'exclude', ...PLUGIN_KEYS], where, { ...PIPELINE_REASONS, mdxPageComponent: OWN_THEME });
  const pagePlugins: Record<string, unknown> = {};
  carryMarkdownPlugins(options, pagePlugins, where, siteDir, warnings);

  // docsite builds Docusaurus pages as they are: the folder is always carried over.
  const report = await checkPagesFolder(siteDir, path);
  if (!report) return undefined;
  for (const { file, specifier } of report.unprovided) {
    warnings.notCarried(`${file}: ${specifier}`, 'docsite does not provide this module; the page shows a placeholder box in its place');
  }
  return { path, ...pagePlugins };
}

export function mapSitemap(plugin: ContentPlugin | false | undefined, warnings: WarningList): Record<string, unknown> | undefined {
  if (!plugin) return undefined;
  const { options } = plugin;
  const where = `${plugin.where}.`;
  const sitemap: Record<string, unknown> = {};
  // null leaves a field out of the sitemap, as docsite does when the field is unset.
  const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== null));
  carry(given, sitemap, 'changefreq', oneOf('always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'), where, warnings);
  carry(given, sitemap, 'priority', aNumberBetween(0, 1), where, warnings);
  carry(given, sitemap, 'ignorePatterns', aStringList, where, warnings);
  warnings.unhandledKeys(given, ['id', 'changefreq', 'priority', 'ignorePatterns'], where, {
    filename: 'docsite writes sitemap.xml',
    lastmod: 'docsite writes no lastmod dates',
    createSitemapItems: 'docsite writes the sitemap items itself',
  });
  return Object.keys(sitemap).length ? sitemap : undefined;
}
