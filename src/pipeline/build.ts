import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { loadConfig } from '../config/load';
import { listFiles } from '../core/fs-utils';
import { log } from '../core/log';
import { createRoutes, type RouteDefinition } from '../routes';
import type { RouteManifest, SidebarItem } from '../shared/types';
import { loadContent, type SiteContent } from '../content';
import type { SiteConfig } from '../config/schema';
import type { CompileSetup } from '../markdown/compile-setup';
import { withBase } from '../shared/url';
import { createHref, createSiteData } from '../config/site-data';
import { bundleClient, bundleServer, type ClientAssets } from '../bundle/bundle';
import { brokenLinksError, checkPageLinks, extractLinks, formatBrokenLink, type LinkCheckResult, type PageLinks } from '../links/check-links';
import { CompileCache } from '../markdown/compile-cache';
import { compileMarkdown, createPartialCompiler } from '../markdown/compile-files';
import { StagedOutput } from '../emit/output-dir';
import { buildSearchIndex, type SearchIndex } from '../search/search-index';
import type { SearchFiles } from '../shared/search';
import { loadServerBundle, renderRoutes, type HeadContext, type RenderedPage } from '../render/render';
import { feedLinks, seoFiles } from '../emit/seo-files';
import { headersFile, securityHeaders } from '../emit/security-headers';

// The build pipeline: config -> content -> compile -> routes -> bundle -> render -> check -> write.
// Each stage takes plain data and returns plain data; only the last one touches the output folder.

/**
 * Pages rendered (and written) at a time. Few: a page's HTML is often over 128 KB, which V8 keeps in its
 * large-object space; strings that die before the next scavenge are freed at once, but ones held across
 * the writes' awaits reach the old generation and pile up until a full collection. On the 5,000-page
 * bench corpus, batches of 128 peaked at 2.5 GB RSS, batches of 4 at 1.1 GB, and rendered faster.
 */
const RENDER_BATCH = 4;

export interface BuildOptions {
  siteDir: string;
  outDir?: string;
  baseUrl?: string;
  /** development keeps drafts and skips minification. */
  mode?: 'production' | 'development';
  /** false: check only (check-links), nothing is written. */
  write?: boolean;
  /**
   * Collect broken links and anchors into the result instead of applying the config's
   * onBrokenLinks / onBrokenAnchors (check-links is the gate and decides for itself).
   */
  collectLinks?: boolean;
  cache?: boolean;
}

export interface BuildResult {
  outDir: string;
  pages: number;
  /** The link check: counts, broken links, warnings and the external links found. */
  links: LinkCheckResult;
  durationMs: number;
  timings: Record<string, number>;
  fromCache: number;
}

export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const timings: Record<string, number> = {};
  let mark = started;
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = now - mark;
    mark = now;
  };
  const mode = options.mode ?? 'production';
  const write = options.write ?? true;

  const loaded = await loadConfig(options.siteDir, options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl });
  const { config, siteDir } = loaded;
  const outDir = resolve(options.outDir ?? join(siteDir, 'build'));
  lap('config');

  const href = createHref(config);
  const content = await loadContent(siteDir, config, { includeDrafts: mode === 'development', href, cache: options.cache ?? true });
  const { sidebars } = content;
  lap('content');

  const setup = compileSetupOf(siteDir, config, content);
  const compileCache = new CompileCache(siteDir, options.cache ?? true);
  const { compiled, fromCache } = await compileMarkdown(content.markdownFiles, setup, compileCache);
  lap('compile');

  const docsHome = firstDocPath(sidebars, content.docs);
  const routes = createRoutes({ config, ...content, compiled, href, ...(docsHome ? { docsHome } : {}) });
  const site = createSiteData(config);
  const inputs = { site, routes, sidebars, compiled, siteDir, compilePartial: createPartialCompiler(setup, compileCache) };

  const staged = write ? await StagedOutput.create(outDir) : undefined;
  const serverDir = join(siteDir, '.docsite', `ssr-${process.pid}-${Date.now()}`);
  try {
    const bundling = Promise.all([
      staged ? bundleClient(inputs, staged.dir, siteDir, { minify: mode === 'production' }) : Promise.resolve(placeholderAssets(routes.length)),
      bundleServer(inputs, serverDir, siteDir),
    ]);
    // esbuild bundles in its own process; this thread builds the search index meanwhile.
    const searchStarted = performance.now();
    const searchIndex = staged ? buildSearchIndex(routes, compiled, href) : undefined;
    const searchMs = performance.now() - searchStarted;
    const [assets, serverFile] = await bundling;
    lap('bundle');
    // Reported apart, though it ran inside the bundle stage: the figure the search budget is judged by.
    if (staged) timings['search index'] = searchMs;

    const manifest = staged ? await writeManifest(staged.dir, routes, assets, config.baseUrl) : '';
    // Timestamped names: a new build never serves a stale index from a cache (CONTRACT.md §5).
    const searchStamp = Date.now();
    const searchFiles: SearchFiles = { docs: withBase(config.baseUrl, `/search-doc-${searchStamp}.json`), index: withBase(config.baseUrl, `/lunr-index-${searchStamp}.json`) };
    const server = await loadServerBundle(serverFile);
    const head = headContextOf(config, content);
    // Rendered in batches, each written out as soon as it is made and only its links kept: a build never
    // holds every page's HTML at once (a thousand pages are ~100 MB of strings).
    const pageLinks: PageLinks[] = [];
    const internedHrefs = new Map<string, string>();
    const writeTwins = staged ? !routes.some((route) => route.caseAliasOf) || (await hasCaseSensitiveNames(staged.dir)) : false;
    let writeMs = 0;
    for (let first = 0; first < routes.length; first += RENDER_BATCH) {
      const batch = routes.slice(first, first + RENDER_BATCH).map((_, offset) => first + offset);
      const pages = renderRoutes(server, routes, batch, site, assets, manifest, { search: searchFiles, head });
      for (const { route, appHtml } of pages) pageLinks.push(linksOf(route, appHtml, compiled, internedHrefs));
      if (staged) {
        const writeStarted = performance.now();
        await writePages(staged.dir, writeTwins ? pages : pages.filter((page) => !page.route.caseAliasOf));
        writeMs += performance.now() - writeStarted;
      }
    }
    lap('render');
    if (staged) timings['write pages'] = writeMs;

    const staticFiles = await collectStaticFiles(siteDir, config.staticDirectories);
    const machineFiles = [
      { file: '_headers', contents: headersFile(securityHeaders(Object.values(server.inlineScripts(site))), await siteHeaderRules(staticFiles.dirs)) },
      ...seoFiles({ config, routes, posts: content.posts, server, href, staticFiles: new Set(staticFiles.files) }),
      // The OpenAPI document, for readers and tools to download (one file, even when the source spans several).
      ...(content.api ? [{ file: content.api.specFile.path, contents: content.api.specFile.contents }] : []),
    ];
    // Links may lead to any file the output will hold, not only to pages.
    const outputFiles = new Set([...staticFiles.files, ...machineFiles.map(({ file }) => `/${file}`), ...(staged ? [`/${assets.entry}`] : [])]);
    const links = checkPageLinks(pageLinks, { base: config.baseUrl, files: outputFiles });
    if (!options.collectLinks) reportLinkProblems(links, config.onBrokenLinks, config.onBrokenAnchors);
    lap('check');

    if (staged) {
      await Promise.all(staticFiles.dirs.map((dir) => cp(dir, staged.dir, { recursive: true, force: true })));
      await writeSearchFiles(staged.dir, searchStamp, searchIndex!);
      await Promise.all(machineFiles.map(async ({ file, contents }) => {
        await mkdir(dirname(join(staged.dir, file)), { recursive: true });
        await writeFile(join(staged.dir, file), contents);
      }));
      await staged.commit();
      lap('write');
    }
    return { outDir, pages: pageLinks.length, links, durationMs: performance.now() - started, timings, fromCache };
  } catch (error) {
    await staged?.discard();
    throw error;
  } finally {
    await rm(serverDir, { recursive: true, force: true });
  }
}

/** A `_headers` file the site keeps in a static folder (for Netlify or Cloudflare Pages): docsite's rules go after its own. */
async function siteHeaderRules(staticDirs: string[]): Promise<string> {
  const texts = await Promise.all(staticDirs.map((dir) => readFile(join(dir, '_headers'), 'utf8').catch(() => '')));
  return texts.filter(Boolean).join('\n');
}

/** What the Markdown compiler needs to know of the site: TOC levels, and the route of every file a link may name. */
export function compileSetupOf(siteDir: string, config: SiteConfig, content: SiteContent): CompileSetup {
  const toc = config.themeConfig.tableOfContents;
  return {
    minHeadingLevel: toc.minHeadingLevel,
    maxHeadingLevel: toc.maxHeadingLevel,
    siteDir,
    docsDir: join(siteDir, config.docs.path),
    baseUrl: config.baseUrl,
    trailingSlash: config.trailingSlash,
    staticDirs: config.staticDirectories,
    routeOfFile: [
      ...[...content.docs, ...content.posts, ...content.pages].map((source): [string, string] => [source.absolutePath, source.path]),
      ...(content.api?.introduction ? [[content.api.introduction.absolutePath, content.api.basePath] as [string, string]] : []),
    ],
  };
}

/** Site-wide facts for every page's head: locales, the default social card, feeds, the config's headTags. */
export function headContextOf(config: SiteConfig, content: SiteContent): HeadContext {
  return {
    locales: config.i18n.locales,
    defaultLocale: config.i18n.defaultLocale,
    ...(config.themeConfig.image ? { defaultImage: config.themeConfig.image } : {}),
    feeds: feedLinks(config, content.posts.some((post) => !post.unlisted)),
    extraTags: config.headTags.map((tag) => ({ tagName: tag.tagName, attributes: withBaseOnUrls(config.baseUrl, tag.attributes) })),
  };
}

export function firstDocPath(sidebars: Record<string, SidebarItem[]>, docs: { id: string; path: string }[]): string | undefined {
  const first = (items: SidebarItem[]): string | undefined => {
    for (const item of items) {
      if (item.type === 'link' && item.docId) return item.docId;
      if (item.type === 'category') {
        const found = first(item.items);
        if (found) return found;
      }
    }
    return undefined;
  };
  const id = Object.values(sidebars).map(first).find(Boolean);
  return docs.find((doc) => doc.id === id)?.path ?? docs[0]?.path;
}

function placeholderAssets(count: number): ClientAssets {
  return { entry: 'assets/app.js', styles: [], entryImports: [], routes: Array.from({ length: count }, () => ({ chunk: 'assets/route.js', imports: [], styles: [] })) };
}

async function writeSearchFiles(outDir: string, stamp: number, search: SearchIndex): Promise<void> {
  await Promise.all([
    writeFile(join(outDir, `search-doc-${stamp}.json`), JSON.stringify(search.docs)),
    writeFile(join(outDir, `lunr-index-${stamp}.json`), JSON.stringify(search.index)),
  ]);
}

async function writeManifest(outDir: string, routes: RouteDefinition[], assets: ClientAssets, base: string): Promise<string> {
  const manifest: RouteManifest = { routes: {}, notFound: '', styles: {} };
  routes.forEach((route, index) => {
    const url = withBase(base, `/${assets.routes[index]!.chunk}`);
    const styles = assets.routes[index]!.styles;
    if (styles.length) manifest.styles![url] = styles.map((file) => withBase(base, `/${file}`));
    if (route.data.kind === 'notFound') manifest.notFound = url;
    else manifest.routes[route.path] = url;
  });
  const json = JSON.stringify(manifest);
  const name = `assets/manifest-${createHash('sha256').update(json).digest('hex').slice(0, 8)}.json`;
  await writeFile(join(outDir, name), json);
  return withBase(base, `/${name}`);
}

export async function collectStaticFiles(siteDir: string, dirs: string[]): Promise<{ dirs: string[]; files: string[] }> {
  // A site without a static/ folder is fine: only the folders that exist are copied.
  const absolute = dirs.map((dir) => join(siteDir, dir)).filter((dir) => existsSync(dir));
  const files = (await Promise.all(absolute.map(listFiles))).flat().map((file) => `/${file}`);
  return { dirs: absolute, files };
}

/** A rendered page's hrefs and ids, and the positions of the links its source wrote (for messages). */
function linksOf(route: RouteDefinition, appHtml: string, compiled: Map<string, { links: PageLinks['sourceLinks'] }>, intern: Map<string, string>): PageLinks {
  const { hrefs, ids } = extractLinks(appHtml, intern);
  const sourceLinks = route.contentFile ? compiled.get(route.contentFile)?.links : undefined;
  return { route, hrefs, ids, ...(sourceLinks ? { sourceLinks } : {}) };
}

/** Applies the config's policy: broken links throw or warn; links that work on some hosts only always warn. */
function reportLinkProblems({ broken, warnings }: LinkCheckResult, onBrokenLinks: string, onBrokenAnchors: string): void {
  const policyOf = (kind: string) => (kind === 'anchor' ? onBrokenAnchors : onBrokenLinks);
  const fatal = broken.filter((link) => policyOf(link.kind) === 'throw');
  if (fatal.length) throw brokenLinksError(fatal);
  for (const link of broken) {
    if (policyOf(link.kind) === 'warn') log.warn(`broken ${link.kind}: ${formatBrokenLink(link)}`);
  }
  if (onBrokenLinks !== 'ignore') for (const link of warnings) log.warn(formatBrokenLink(link));
}

async function writePages(outDir: string, pages: RenderedPage[]): Promise<void> {
  const dirs = new Set(pages.map((page) => dirname(join(outDir, page.route.outputFile))));
  await Promise.all([...dirs].map((dir) => mkdir(dir, { recursive: true })));
  for (let i = 0; i < pages.length; i += 64) {
    await Promise.all(pages.slice(i, i + 64).map((page) => writeFile(join(outDir, page.route.outputFile), page.html)));
  }
}

/** Whether `a` and `A` are two files in this folder (Linux) or one (macOS and Windows by default). */
async function hasCaseSensitiveNames(dir: string): Promise<boolean> {
  const probe = join(dir, '.docsite-case-probe');
  await writeFile(probe, '');
  const sensitive = !existsSync(join(dir, '.DOCSITE-CASE-PROBE'));
  await rm(probe);
  return sensitive;
}

/** `href` and `src` that start at the site root get the base URL, like every other site-absolute link. */
function withBaseOnUrls(base: string, attributes: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(attributes).map(([name, value]) => [name, (name === 'href' || name === 'src') && value.startsWith('/') && !value.startsWith('//') ? withBase(base, value) : value]));
}
