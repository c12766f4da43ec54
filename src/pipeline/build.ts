import { rm } from 'node:fs/promises';
import type { Metafile } from 'esbuild';
import { join, relative, resolve } from 'node:path';
import { bundleClient, bundleServer, releaseBundler, type ClientAssets } from '../bundle/bundle';
import { scaleBundlerMemory } from '../core/bundler-memory';
import { bundleKeyOf, recordBundles, reuseBundles, type Bundles } from '../bundle/bundle-reuse';
import { staticContentOf } from '../bundle/virtual-modules';
import { findConfigFile, loadConfig } from '../config/load';
import { currentLocaleOf, localeNamed, siteLocales } from '../config/locales';
import { localeSiteConfig } from '../content/theme-translations';
import type { SiteConfig } from '../config/schema';
import { siteLastUpdates } from '../content/git';
import type { LastUpdate } from '../shared/types';
import { withBase } from '../shared/url';
import { createHref, createSiteData } from '../config/site-data';
import { loadContent } from '../content';
import { noProgress, type ProgressReporter } from '../core/progress';
import { checkPageLinks, type LinkCheckResult, type PageLinks } from '../links/check-links';
import { mergeLocaleChecks } from '../links/merge-locales';
import { chromeLinksOf } from '../links/chrome-links';
import { applyLinkPolicy } from '../links/policy';
import { CompileCache } from '../markdown/compile-cache';
import { compileMarkdown, createPartialCompiler, SharedCompiles } from '../markdown/compile-files';
import { createCodeBlockPool, defaultSpread, type CodeBlockPool } from '../markdown/code-block-pool';
import { codeBlockWarmup } from '../markdown/code-block-warmup';
import { htmlOnlyFilesOf } from '../markdown/html-only';
import { compileSetupOf } from '../markdown/compile-setup';
import { headContextOf } from '../render/head-context';
import { loadServerBundle, withContentHtml, type RenderContext } from '../render/render';
import { routeTableOf, type RouteDefinition } from '../routes';
import { machineFiles, writeMachineFiles, type PreviousFiles } from '../emit/machine-files';
import { StagedOutput } from '../emit/output-dir';
import { removeStaleStaging } from '../core/stale-files';
import { collectGarbage } from '../core/memory-guard';
import { discardPrestartedWorkers } from '../core/worker-thread';
import { hasCaseSensitiveNames } from '../emit/pages';
import { writeRouteManifest } from '../emit/route-manifest';
import { readCompiledHtmlFromFiles, writeContentFiles } from '../emit/content-files';
import { searchFilesOffThread, searchFileUrls, startSearchWorker, type SearchFilesWritten, type SearchWorker } from '../emit/search-files';
import type { PreviousOutput } from '../core/previous-output';
import { writeTwinsAndLlms } from '../emit/llms-writer';
import { drawSocialCards, planSocialCards } from '../social/cards';
import { copyMermaidRenderer } from '../emit/mermaid-renderer';
import { collectStaticFiles, copyStaticFiles, type StaticFiles } from '../emit/static-files';
import { renderSite } from './render-stage';
import { BIG_SITE_PAGES, renderWorkersFor } from './render-pool';
import { listFiles } from '../core/fs-utils';
import { countPages, sumPages, type PageCount } from './page-count';
import { buildCacheDir, forgetBuildRecord, frameKeyOf, pageKeyOf, pruneBuildCache, readBuildRecord, writeBuildRecord, type BuildRecord, type PageRecord } from './build-record';
import { previousPages } from './page-reuse';
import { hasMarkdownTwin, isApiPage, markdownTwinFile } from '../emit/markdown-twins';
import { siteCacheDir } from '../core/cache-dir';

// The whole-site pipeline that `docsite build` (writing) and `docsite check-links` (not writing) run:
// config -> content -> compile -> routes -> bundle (+ search index) -> render -> check links -> emit.
// Each stage is a function of the stage modules, plain data in and out; only emit touches the output
// folder, and it writes into a staged folder swapped in at the end. `docsite dev` runs the same stage
// functions one route at a time (src/dev).


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
  /** Where the stages report their progress (a live line on a terminal, a line per stage in CI). */
  progress?: ProgressReporter;
  /** Render worker threads; by default some on a large site with several cores (render-pool.ts), else none. */
  renderWorkers?: number;
  /** Build this locale only (`--locale`); unset: every locale of `i18n.locales`. */
  locale?: string;
}

export interface BuildResult {
  outDir: string;
  /** Every route rendered, by kind (build and check-links count the same pages). */
  pages: PageCount;
  /** The link check: counts, broken links, warnings and the external links found. */
  links: LinkCheckResult;
  durationMs: number;
  timings: Record<string, number>;
  fromCache: number;
  /** What an incremental build took from the previous output: the bundles, and pages not rendered again. */
  reused?: { bundles: boolean; pages: number };
  /** Each locale built, with its pages and the files it took from the default locale (no translation yet). */
  locales: LocaleResult[];
}

export interface LocaleResult {
  locale: string;
  pages: PageCount;
  /** Files of the default locale built as they are in this locale, relative to the site folder. */
  untranslated: string[];
  /** The docs and posts a translation could stand in for (none of them translated when it equals `untranslated.length`). */
  translatable: number;
}

/** What the builds of a site's locales share: one git log, one compile cache, the compiled texts. */
interface SharedWork {
  compileCache: CompileCache;
  /** Each distinct text compiled once for the whole build: versions and locales share what they have in common. */
  compiles: SharedCompiles;
  lastUpdatesOf: (docsDir: string) => Promise<Map<string, LastUpdate>>;
  /** The code-block worker started with the build, for its first compile (once; then undefined). */
  takeCodeBlockPool: () => CodeBlockPool | undefined;
  /** Warms that worker with the languages of the docs as they are read, until it is taken (markdown/code-block-warmup.ts). */
  warmCodeBlocks?: (markdown: string) => void;
}

export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const progress = options.progress ?? noProgress;
  const timings: Record<string, number> = {};
  /** Runs one stage: timed, and reported as it starts and ends. */
  const stage = async <T>(name: string, run: () => Promise<T> | T, total?: number, unit?: string): Promise<T> => {
    const stageStarted = performance.now();
    progress.start(name, total, unit);
    try {
      return await run();
    } finally {
      progress.end(name);
      timings[name] = (timings[name] ?? 0) + performance.now() - stageStarted;
    }
  };
  const mode = options.mode ?? 'production';
  const write = options.write ?? true;
  const cache = options.cache ?? true;

  const { config, siteDir } = await stage('config', () => loadConfig(options.siteDir, options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }));
  const configFile = findConfigFile(siteDir);
  // `--locale` builds one locale, which must be one of the site's; otherwise every locale, the default first.
  const only = options.locale === undefined ? undefined : localeNamed(config, options.locale, configFile && relative(siteDir, configFile));
  const locales = only ? [only] : siteLocales(config);
  const outDir = resolve(options.outDir ?? join(siteDir, 'build'));
  // One locale alone replaces its own folder of the output; all of them, the whole output.
  const target = only && !only.isDefault ? join(outDir, only.path) : outDir;
  // A build of one locale into its own output keeps a record for the next build, which redoes only what changed.
  const incremental = write && cache && locales.length === 1 && !only;
  const previous = incremental ? await readBuildRecord(siteDir, outDir) : undefined;
  // With a record that vouches for the previous output, the files this build changes are written into it, and what
  // it takes stays where it is; otherwise a new output replaces it, the previous one removed in the background from a
  // trash folder beside the cache (emit/output-dir.ts).
  const staged = write ? await StagedOutput.create(target, join(siteDir, '.docsite'), { inPlace: previous !== undefined }) : undefined;
  // Compiles are written to the cache once the content files are (below), not in the compile stage (compile-cache.ts).
  const compileCache = new CompileCache(siteDir, cache, { deferWrites: true });
  // A build with an empty compile cache compiles every file: split where that is the default (two cores,
  // compile-files.ts), with the code-block worker started now, while the content loads on this thread and the other
  // core is idle. A build that finds compiles in the cache may need no highlighter at all.
  // Until a compile takes it, the docs read are its warm-up (markdown/code-block-warmup.ts).
  // The launcher may have started that worker already, while the CLI loaded (src/prestart.ts): the pool takes it, or
  // it is ended here.
  let codeBlockPool = compileCache.holdsNothing() && defaultSpread() === 'split' ? createCodeBlockPool() : undefined;
  discardPrestartedWorkers();
  const warmUp = codeBlockPool && codeBlockWarmup(codeBlockPool.highlight);
  const shared: SharedWork = {
    compileCache,
    compiles: new SharedCompiles(),
    lastUpdatesOf: siteLastUpdates(siteDir),
    takeCodeBlockPool: () => {
      const pool = codeBlockPool;
      codeBlockPool = undefined;
      return pool;
    },
    ...(warmUp ? { warmCodeBlocks: (markdown: string) => codeBlockPool && warmUp(markdown) } : {}),
  };
  try {
    const results = new Map<string, LocaleBuildResult>();
    // The default locale last: its `_headers` allows the inline scripts of every locale's pages.
    for (const locale of [...locales.filter((entry) => !entry.isDefault), ...locales.filter((entry) => entry.isDefault)]) {
      const localeConfig = await localeSiteConfig(siteDir, config, locale.code);
      const localeOut = staged ? (only || locale.isDefault ? staged.dir : join(staged.dir, locale.path)) : undefined;
      const otherInlineScripts = [...results.values()].flatMap((result) => result.inlineScripts);
      // The locales of one output share React's file, in the default locale's assets: a reader switching language has it cached.
      const reactAssets = staged && !only && !locale.isDefault ? { dir: join(staged.dir, 'assets'), url: withBase(config.baseUrl, '/assets/') } : undefined;
      results.set(locale.code, await buildLocale({ ...options, mode, cache, config: localeConfig, siteDir, ...(localeOut ? { outDir: localeOut } : {}), stage, progress, shared, otherInlineScripts, ...(reactAssets ? { reactAssets } : {}), deferLinkPolicy: locales.length > 1, ...(incremental && staged ? { incremental: { output: staged.previous(), inPlace: staged.inPlace, ...(previous ? { record: previous } : {}) } } : {}) }));
    }
    const ordered = locales.map((locale) => results.get(locale.code)!);
    const links = mergeLocaleChecks(ordered.map((result, index) => ({ result: result.links, base: locales[index]!.base })), config.baseUrl);
    if (locales.length > 1 && !options.collectLinks) applyLinkPolicy(links, config.onBrokenLinks, config.onBrokenAnchors);
    if (staged) {
      // A record describes one output: forgotten before any output is swapped in (a build killed in between, or one
      // that keeps no record, such as `--no-cache`, leaves none of an output that is no longer there).
      await forgetBuildRecord(siteDir);
      await stage('write', () => staged.commit());
      const record = ordered[0]?.record;
      if (incremental && record) {
        await writeBuildRecord(siteDir, { ...record, outDir });
        await pruneBuildCache(buildCacheDir(siteDir), [record.bundles.serverFile, ...(record.searchIndex ? [record.searchIndex] : [])]);
      }
    }
    // The cache's entries this build did not use go once they are most of its packs (core/packed-store.ts).
    await shared.compileCache.prune();
    const reused = ordered[0]?.reused;
    return {
      outDir,
      pages: ordered.length === 1 ? ordered[0]!.pages : sumPages(ordered.map((result) => result.pages)),
      links,
      durationMs: performance.now() - started,
      timings,
      fromCache: ordered.reduce((sum, result) => sum + result.fromCache, 0),
      ...(incremental && reused ? { reused } : {}),
      locales: ordered.map((result, index) => ({ locale: locales[index]!.code, pages: result.pages, untranslated: result.untranslated, translatable: result.translatable })),
    };
  } catch (error) {
    await staged?.discard();
    // What was compiled is kept all the same: a build that failed later (a broken link) and runs again compiles nothing.
    await shared.compileCache.writeDeferred().catch(() => undefined);
    throw error;
  } finally {
    await shared.takeCodeBlockPool()?.close();
  }
}

interface LocaleBuildOptions extends BuildOptions {
  mode: 'production' | 'development';
  cache: boolean;
  config: SiteConfig;
  siteDir: string;
  /** The locale's folder in the staged output; unset: nothing is written (check-links). */
  outDir?: string;
  stage: <T>(name: string, run: () => Promise<T> | T, total?: number, unit?: string) => Promise<T>;
  progress: ProgressReporter;
  shared: SharedWork;
  /** The inline scripts of the locales built before, for the default locale's `_headers`. */
  otherInlineScripts: string[];
  /** Where React's file goes when the default locale's copy serves this locale too. */
  reactAssets?: { dir: string; url: string };
  /** Leave the link policy to the caller, which applies it once over every locale. */
  deferLinkPolicy?: boolean;
  /**
   * Keep a record of this build, and take from the previous output what its record says is current; `inPlace`: this
   * build's files go into that output (emit/output-dir.ts).
   */
  incremental?: { output: PreviousOutput; inPlace: boolean; record?: BuildRecord };
}

interface LocaleBuildResult {
  pages: PageCount;
  links: LinkCheckResult;
  fromCache: number;
  untranslated: string[];
  translatable: number;
  /** Its pages' inline scripts, which the site's `_headers` must allow. */
  inlineScripts: string[];
  /** The record of what it wrote, for the next build (incremental builds). */
  record?: Omit<BuildRecord, 'format' | 'outDir'>;
  reused?: { bundles: boolean; pages: number };
}

/** One locale of the site, from its content to its files in the output. */
async function buildLocale(options: LocaleBuildOptions): Promise<LocaleBuildResult> {
  // An edit build's search worker starts with the build, to read the previous index while the content loads and
  // compiles on this thread (emit/search-files.ts startSearchWorker).
  const previousSearch = options.outDir !== undefined ? options.incremental?.record?.searchIndex : undefined;
  const searchWorker = previousSearch ? startSearchWorker(previousSearch) : undefined;
  try {
    return await buildLocaleWith(options, searchWorker);
  } finally {
    await searchWorker?.close();
  }
}

async function buildLocaleWith(options: LocaleBuildOptions, startedSearchWorker: SearchWorker | undefined): Promise<LocaleBuildResult> {
  const { config, siteDir, stage, progress, mode, cache, shared } = options;
  const write = options.outDir !== undefined;
  const href = createHref(config);
  const content = await stage('content', () => loadContent(siteDir, config, { includeDrafts: mode === 'development', href, cache, lastUpdatesOf: shared.lastUpdatesOf, ...(shared.warmCodeBlocks ? { onDocSource: shared.warmCodeBlocks } : {}) }));

  const setup = compileSetupOf(siteDir, config, content);
  const compileCache = shared.compileCache;
  const { compiled, fromCache } = await stage('compile', () => compileMarkdown(content.markdownFiles, setup, compileCache, { shared: shared.compiles, ...withCodeBlockPool(shared.takeCodeBlockPool()), htmlOnly: htmlOnlyFilesOf(siteDir, content), onProgress: (done) => progress.advance('compile', done) }), content.markdownFiles.length, 'files');

  const routes = await stage('routes', () => routeTableOf(config, content, compiled, href));
  const site = createSiteData(config, content.navDocs, content.themeTranslations, content.chromeTranslations);
  // The build holds what it took from the cache: its packs are closed (opened again if a partial is missing).
  compileCache.release();
  const partials = createPartialCompiler(setup, compileCache, undefined, { shared: shared.compiles });
  const inputs = { site, routes, sidebars: content.sidebars, compiled, siteDir, compilePartial: partials, lazyStaticContent: true, customCss: config.customCss, customFields: config.customFields };
  // Links are reported where they were written: in a page's file or in a partial it imports.
  const compiledSources = { get: (file: string) => compiled.get(file) ?? partials.compiled.get(file) };
  const staged = write ? { dir: options.outDir! } : undefined;
  // The server bundle's folder is named by this process, like the staged output: those of killed builds go here.
  await removeStaleStaging(join(siteDir, '.docsite'), /^ssr-(\d+)-(\d+)$/);
  const serverDir = join(siteDir, '.docsite', `ssr-${process.pid}-${Date.now()}`);
  let drawingCards: Promise<unknown> | undefined;
  let searching: Promise<SearchFilesWritten> | undefined;
  let searchWorker = startedSearchWorker;
  let writingLlmsFiles: Promise<Record<string, string>> | undefined;
  let writingContent: Promise<void> | undefined;
  try {
    const incremental = staged && options.incremental ? options.incremental : undefined;
    // The search index is packed on a worker while the bundles are made (esbuild runs in its own process, with this
    // thread answering its plugins' calls): done here, lunr held the bundles up by as long as it took. An incremental
    // build splices the previous index.
    const previousSearch = incremental?.record?.searchIndex;
    const keptSearch = incremental ? join(buildCacheDir(siteDir), `search-${process.pid}-${Date.now()}.v8`) : undefined;
    // Timestamped names: a new build never serves a stale index from a cache.
    const searchStamp = Date.now();
    const searchOutput = staged ? { outDir: staged.dir, stamp: searchStamp, ...(incremental ? { previousOut: incremental.output.dir, inPlace: incremental.inPlace } : {}) } : undefined;
    const worker = searchOutput ? (searchWorker ??= startSearchWorker()) : undefined;
    searching = searchOutput && worker ? stage('search index', () => searchFilesOffThread(worker, routes, compiled, href, currentLocaleOf(config), config.search.shards, searchOutput, { ...(previousSearch ? { previous: previousSearch } : {}), ...(keptSearch ? { keep: keptSearch } : {}) })) : undefined;
    searching?.catch(() => undefined);
    const collectingStaticFiles = collectStaticFiles(siteDir, config.staticDirectories);
    collectingStaticFiles.catch(() => undefined);
    // The docs' `.md` twins, then llms-full.txt made of them, need the routes and the sources alone: they are made and
    // written meanwhile, their reads and writes on the thread pool while this thread makes the bundles and pages.
    const previousFiles = incremental?.record?.files ? { output: incremental.output, hashes: incremental.record.files } : undefined;
    const sources = new Map(content.markdownFiles.map((file) => [file.key, file.content]));
    writingLlmsFiles = staged ? writeLlmsFiles(config, routes, (file) => sources.get(file), collectingStaticFiles, staged.dir, previousFiles) : undefined;
    writingLlmsFiles?.catch(() => undefined);
    // Static content's files, written now: from then on the pages' compiled HTML is read back from them, not held
    // while esbuild bundles and the pages render (emit/content-files.ts).
    const staticContents = staged ? routes.map((route) => staticContentOf(inputs, route)) : [];
    // A big site's are written at once, and what the main thread let go is given back before each bundle (below).
    const bigSite = routes.length >= BIG_SITE_PAGES;
    writingContent = staged
      ? writeContentFiles(staged.dir, staticContents, incremental?.output, { blocking: bigSite }).then(async (written) => {
          // The compiles kept for the cache are written before their HTML is let go: from here on it is read back from
          // the staged content files, which are gone once the output is swapped in.
          await compileCache.writeDeferred();
          readCompiledHtmlFromFiles(staticContents, written);
        })
      : undefined;
    writingContent?.catch(() => undefined);
    // Social cards are planned before the pages render (each page's og:image names its card). They are drawn once
    // esbuild's process is gone (beside it, where the build's memory peaks, a card worker raised the peak by 30-40 MB):
    // on a site that is not big, from when esbuild has made its last file, while the route chunks are written, the
    // server bundle loads and the pages render, on a thread of the lowest priority that takes what this thread and the
    // search worker leave of the cores; on a big site, once the bundles are made. Once the pages are rendered, the cards
    // still to draw get every core (social/cards.ts).
    const cards = staged ? planSocialCards(config, routes, siteDir) : [];
    let pagesRendered!: () => void;
    const rendering = new Promise<void>((resolve) => (pagesRendered = resolve));
    const startCards = () => {
      if (drawingCards || !staged || !cards.length) return;
      drawingCards = stage('social cards', () => drawSocialCards(cards, staged.dir, siteDir, incremental?.output, { coresFreeAfter: rendering, background: !bigSite }), cards.length, 'cards');
      drawingCards.catch(() => undefined);
    };
    const bundling = stage('bundle', async (): Promise<Bundles & { reused: boolean }> => {
      const key = incremental ? bundleKeyOf(inputs, { minify: mode === 'production', outDir: incremental.output.dir }) : undefined;
      const reused = key ? await reuseBundles(incremental!.record?.bundles, key, inputs, incremental!.output) : undefined;
      if (reused) return { ...reused, reused: true };
      const metafiles = key ? ([] as Metafile[]) : undefined;
      // One after the other, the server's first: esbuild's process holds what both builds parse at once otherwise,
      // and the two side by side were no faster on two cores (both use every core). At 5000 pages the tree's peak
      // went from about 1.2 GB to 1.04 GB: the server bundle, the smaller, runs while the search worker packs the
      // index, and the route chunks once the worker is done.
      // The compile's garbage (and on a big site every page's compiled HTML, once in its file): V8 keeps the heap it
      // grew to until a full collection, and would hold it beside esbuild's process, where a build's memory peaks (at
      // 5000 pages 310 MB committed with under 200 MB live; the tree's peak went from 1027-1071 MB to 856-959 MB).
      if (bigSite) await writingContent;
      collectGarbage();
      // esbuild's memory limit grows with a big site (core/bundler-memory.ts): its next process takes it.
      if (bigSite && scaleBundlerMemory(routes.length)) await releaseBundler();
      const serverFile = await bundleServer(inputs, serverDir, siteDir, metafiles);
      if (bigSite) {
        // The route chunks, esbuild's largest build, only once the search worker has packed the index: side by side,
        // as a slow compile left them at 5000 pages, the tree's peak went over 1 GB (1053 MB against 880 MB).
        await searching?.catch(() => undefined);
        collectGarbage();
      }
      const assets = await (staged ? bundleClient(inputs, staged.dir, siteDir, { minify: mode === 'production', ...(bigSite ? {} : { onBundlerDone: async () => { await releaseBundler(); startCards(); } }), ...(options.reactAssets ? { reactAssets: options.reactAssets } : {}), ...(metafiles ? { metafiles } : {}) }) : Promise.resolve(placeholderAssets(routes)));
      // What the next build needs to take these bundles instead of making them again.
      const record = key ? await recordBundles(key, assets, serverFile, inputs, metafiles!, staged!.dir, buildCacheDir(siteDir)) : undefined;
      return { assets, serverFile, reused: false, ...(record ? { record } : {}) };
    });
    // Awaited below; until then a failure must not count as unhandled.
    bundling.catch(() => undefined);
    const bundles = await bundling;
    const { assets, serverFile } = bundles;
    if (!bundles.reused) await releaseBundler();
    startCards();

    const server = await loadServerBundle(serverFile, siteDir);
    const context: RenderContext = {
      theme: server,
      site,
      entry: assets.entry,
      manifestUrl: staged ? await writeRouteManifest(staged.dir, routes, assets, config.baseUrl, searchFileUrls(config.baseUrl, searchStamp)) : '',
      searchWorker: assets.searchWorker,
      head: headContextOf(config, content),
      siteDir,
    };
    const contentHtml = (route: RouteDefinition) => staticContentOf(inputs, route)?.html;
    const pageModule = (route: RouteDefinition) => withContentHtml(server.pages[route.path]!(route.data), contentHtml(route));
    // Each page's key (after the cards are planned: a page's og:image names its card).
    const keys = new Map<RouteDefinition, string>();
    if (incremental && bundles.record) {
      const frame = frameKeyOf([bundles.record.serverHash, site, assets.entry, assets.searchWorker, context.head ?? null, mode]);
      // A content file is named by its HTML: the name stands for the HTML in the key, which then reads no file.
      for (const route of routes) keys.set(route, pageKeyOf(frame, route, assets.routes.get(route.path), staticContentOf(inputs, route)?.file));
    }
    const previous = incremental?.record;
    // An API page's `.md` twin is made from its HTML: a page taken from the previous output brings its twin along.
    const twinOf = (route: RouteDefinition) => (config.llms.markdownPages && isApiPage(route) && hasMarkdownTwin(route) ? markdownTwinFile(route.path) : undefined);
    const reuse = previous && keys.size ? previousPages(incremental!.output, previous, keys, twinOf) : undefined;
    const pageLinks = await stage('render', async () => renderSite({
      routes,
      assets: assets.routes,
      pageModule,
      contentHtml,
      context,
      serverFile,
      compiled: compiledSources,
      ...(staged ? { outDir: staged.dir } : {}),
      writeTwins: staged ? !routes.some((route) => route.caseAliasOf) || (await hasCaseSensitiveNames(staged.dir)) : false,
      ...(config.llms.markdownPages ? { markdownTwins: siteCacheDir(siteDir, 'markdown') } : {}),
      workers: options.renderWorkers ?? renderWorkersFor(routes.length),
      onProgress: (done) => progress.advance('render', done),
      ...(reuse ? { reuse } : {}),
    }), routes.length, 'pages').finally(pagesRendered);

    const staticFiles = await collectingStaticFiles;
    // A page's module is made when asked for (the feeds ask for their posts'): each carries its content's HTML.
    const routeByPath = new Map(routes.map((route) => [route.path, route]));
    const generated = await machineFiles({ config, routes, posts: content.posts, theme: server, pages: { get: (path) => { const route = routeByPath.get(path); return route && pageModule(route); } }, href, site, staticFiles, ...(content.api ? { api: content.api } : {}), otherInlineScripts: options.otherInlineScripts });
    // The bundle's files: a page may link to a PDF or a video it imports, which lands in assets/media.
    const bundled = staged ? (await listFiles(join(staged.dir, 'assets'))).map((file) => `/assets/${file}`) : [];
    const links = await stage('check', () => {
      // Links may lead to any file the output will hold, not only to pages.
      const outputFiles = new Set([...staticFiles.files, ...generated.map(({ file }) => `/${file}`), ...bundled]);
      // Links of the navbar, footer and sidebars are reported where the config or sidebars file wrote them.
      const result = checkPageLinks(pageLinks, { base: config.baseUrl, files: outputFiles, chromeLinks: chromeLinksOf(siteDir, config, content.sidebars), otherLocales: otherLocaleBases(config) });
      // A site of one locale applies the policy at once; one of several, once over all its locales (buildSite).
      if (!options.collectLinks && !options.deferLinkPolicy) applyLinkPolicy(result, config.onBrokenLinks, config.onBrokenAnchors);
      return result;
    });

    let fileHashes: Record<string, string> | undefined;
    if (staged) {
      await stage('write', async () => {
        // Independent files, written side by side (the search files by the worker that packs them, `searching`).
        const writingMachineFiles = writeMachineFiles(staged.dir, generated, previousFiles);
        const copying = (async () => {
          await copyStaticFiles(staticFiles, staged.dir);
          if (assets.drawsDiagrams) await copyMermaidRenderer(staged.dir);
        })();
        const [, searchFiles, llmsHashes, , machineHashes] = await allSettledFirst([drawingCards ?? Promise.resolve(), searching ?? Promise.resolve(undefined), writingLlmsFiles ?? Promise.resolve({}), writingContent ?? Promise.resolve(), writingMachineFiles, copying]);
        fileHashes = { ...machineHashes, ...llmsHashes };
        // The shards the search worker found in the previous output, taken here (it cannot take for this thread).
        for (const file of searchFiles?.kept ?? []) incremental?.output.take(file);
      });
    }
    const record = incremental && bundles.record ? { bundles: bundles.record, ...pageRecordsOf(pageLinks, keys), ...(fileHashes ? { files: fileHashes } : {}), ...(keptSearch ? { searchIndex: keptSearch } : {}) } : undefined;
    return {
      pages: countPages(routes),
      links,
      fromCache,
      untranslated: content.untranslated,
      translatable: config.localeBuild ? content.docs.length + content.posts.length : 0,
      inlineScripts: Object.values(server.inlineScripts(site)),
      ...(record ? { record, reused: { bundles: bundles.reused, pages: reuse?.taken() ?? 0 } } : {}),
    };
  } finally {
    // The cards and the search files are written into the output: a failed build removes it only once they are done.
    await drawingCards?.catch(() => undefined);
    await searching?.catch(() => undefined);
    await searchWorker?.close();
    await writingLlmsFiles?.catch(() => undefined);
    await writingContent?.catch(() => undefined);
    await rm(serverDir, { recursive: true, force: true });
  }
}

/** The docs' `.md` twins and the llms files made of them; a site's own file of the name wins. */
async function writeLlmsFiles(config: SiteConfig, routes: RouteDefinition[], sourceOf: (file: string) => string | undefined, staticFiles: Promise<StaticFiles>, outDir: string, previous: PreviousFiles | undefined): Promise<Record<string, string>> {
  const ownFiles = new Set((await staticFiles).files);
  return writeTwinsAndLlms({ config, routes, sourceOf, ownFiles, outDir, ...(previous ? { previous } : {}) });
}

/** Each page's key and the links found in it, for the next build (pages without a key are always rendered). */
function pageRecordsOf(pageLinks: PageLinks[], keys: ReadonlyMap<RouteDefinition, string>): Pick<BuildRecord, 'pages' | 'hrefs'> {
  const pages: Record<string, PageRecord> = {};
  const positions = new Map<string, number>();
  const position = (href: string) => {
    let found = positions.get(href);
    if (found === undefined) positions.set(href, (found = positions.size));
    return found;
  };
  for (const { route, hrefs, ids } of pageLinks) {
    const key = keys.get(route);
    if (key !== undefined) pages[route.path] = { key, hrefs: hrefs.map(position), ids: [...ids] };
  }
  return { pages, hrefs: [...positions.keys()] };
}

/**
 * Every result, or the first failure (in the given order) once all have settled: these write into the output folder,
 * which a failed build removes, so none may be writing still when another's error ends the build.
 */
async function allSettledFirst<T extends readonly unknown[]>(promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/** check-links writes no browser bundle: every route points at a chunk that is never written. */
function placeholderAssets(routes: RouteDefinition[]): ClientAssets {
  return { entry: { entry: 'assets/app.js', styles: [], imports: [] }, routes: new Map(routes.map((route) => [route.path, { chunk: 'assets/route.js', imports: [], styles: [] }])), drawsDiagrams: false, searchWorker: 'assets/search/worker.js' };
}


/** The base URLs of the locales other than a config's own, whose links their own builds check. */
function otherLocaleBases(config: SiteConfig): string[] {
  const locales = siteLocales(config);
  const own = currentLocaleOf(config);
  return locales.length < 2 ? [] : locales.filter((locale) => locale.code !== own).map((locale) => locale.base);
}

const withCodeBlockPool = (pool: CodeBlockPool | undefined) => (pool ? { codeBlockPool: pool } : {});
