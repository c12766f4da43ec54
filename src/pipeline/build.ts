import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { bundleClient, bundleServer, type ClientAssets } from '../bundle/bundle';
import { loadConfig } from '../config/load';
import { createHref, createSiteData } from '../config/site-data';
import { loadContent } from '../content';
import { noProgress, type ProgressReporter } from '../core/progress';
import { checkPageLinks, type LinkCheckResult } from '../links/check-links';
import { chromeLinksOf } from '../links/chrome-links';
import { applyLinkPolicy } from '../links/policy';
import { CompileCache } from '../markdown/compile-cache';
import { compileMarkdown, createPartialCompiler } from '../markdown/compile-files';
import { compileSetupOf } from '../markdown/compile-setup';
import { headContextOf } from '../render/head-context';
import { loadServerBundle, type RenderContext } from '../render/render';
import { routeTableOf, type RouteDefinition } from '../routes';
import { buildSearchIndex } from '../search/search-index';
import { machineFiles, writeMachineFiles } from '../emit/machine-files';
import { StagedOutput } from '../emit/output-dir';
import { removeStaleStaging } from '../core/stale-files';
import { hasCaseSensitiveNames } from '../emit/pages';
import { writeRouteManifest } from '../emit/route-manifest';
import { searchFileUrls, writeSearchFiles } from '../emit/search-files';
import { copyMermaidRenderer } from '../emit/mermaid-renderer';
import { collectStaticFiles, copyStaticFiles } from '../emit/static-files';
import { renderSite } from './render-stage';
import { renderWorkersFor } from './render-pool';
import { listFiles } from '../core/fs-utils';
import { countPages, type PageCount } from './page-count';

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
  const outDir = resolve(options.outDir ?? join(siteDir, 'build'));
  const href = createHref(config);
  const content = await stage('content', () => loadContent(siteDir, config, { includeDrafts: mode === 'development', href, cache }));

  const setup = compileSetupOf(siteDir, config, content);
  const compileCache = new CompileCache(siteDir, cache);
  const { compiled, fromCache } = await stage('compile', () => compileMarkdown(content.markdownFiles, setup, compileCache, { onProgress: (done) => progress.advance('compile', done) }), content.markdownFiles.length, 'files');

  const routes = await stage('routes', () => routeTableOf(config, content, compiled, href));
  const site = createSiteData(config, content.navDocs, content.themeTranslations);
  const partials = createPartialCompiler(setup, compileCache);
  const inputs = { site, routes, sidebars: content.sidebars, compiled, siteDir, compilePartial: partials, lazyStaticContent: true, customCss: config.customCss, customFields: config.customFields };
  // Links are reported where they were written: in a page's file or in a partial it imports.
  const compiledSources = { get: (file: string) => compiled.get(file) ?? partials.compiled.get(file) };

  const staged = write ? await StagedOutput.create(outDir) : undefined;
  // The server bundle's folder is named by this process, like the staged output: those of killed builds go here.
  await removeStaleStaging(join(siteDir, '.docsite'), /^ssr-(\d+)-(\d+)$/);
  const serverDir = join(siteDir, '.docsite', `ssr-${process.pid}-${Date.now()}`);
  try {
    const bundling = stage('bundle', () => Promise.all([
      staged ? bundleClient(inputs, staged.dir, siteDir, { minify: mode === 'production' }) : Promise.resolve(placeholderAssets(routes)),
      bundleServer(inputs, serverDir, siteDir),
    ]));
    // Awaited below; until then a failure must not count as unhandled.
    bundling.catch(() => undefined);
    // esbuild bundles in its own process; this thread builds the search index meanwhile.
    const searchIndex = staged ? await stage('search index', () => buildSearchIndex(routes, compiled, href)) : undefined;
    const [assets, serverFile] = await bundling;

    const server = await loadServerBundle(serverFile, siteDir);
    // Timestamped names: a new build never serves a stale index from a cache.
    const searchStamp = Date.now();
    const context: RenderContext = {
      theme: server,
      site,
      entry: assets.entry,
      manifestUrl: staged ? await writeRouteManifest(staged.dir, routes, assets, config.baseUrl) : '',
      search: searchFileUrls(config.baseUrl, searchStamp),
      head: headContextOf(config, content),
      siteDir,
    };
    const pageModule = (route: RouteDefinition) => server.pages[route.path]!(route.data);
    const pageLinks = await stage('render', async () => renderSite({
      routes,
      assets: assets.routes,
      pageModule,
      context,
      serverFile,
      compiled: compiledSources,
      ...(staged ? { outDir: staged.dir } : {}),
      writeTwins: staged ? !routes.some((route) => route.caseAliasOf) || (await hasCaseSensitiveNames(staged.dir)) : false,
      workers: options.renderWorkers ?? renderWorkersFor(routes.length),
      onProgress: (done) => progress.advance('render', done),
    }), routes.length, 'pages');

    const staticFiles = await collectStaticFiles(siteDir, config.staticDirectories);
    const generated = await machineFiles({ config, routes, posts: content.posts, theme: server, pages: new Map(routes.map((route) => [route.path, pageModule(route)])), href, site, staticFiles, ...(content.api ? { api: content.api } : {}) });
    // The bundle's files: a page may link to a PDF or a video it imports, which lands in assets/media.
    const bundled = staged ? (await listFiles(join(staged.dir, 'assets'))).map((file) => `/assets/${file}`) : [];
    const links = await stage('check', () => {
      // Links may lead to any file the output will hold, not only to pages.
      const outputFiles = new Set([...staticFiles.files, ...generated.map(({ file }) => `/${file}`), ...bundled]);
      // Links of the navbar, footer and sidebars are reported where the config or sidebars file wrote them.
      const result = checkPageLinks(pageLinks, { base: config.baseUrl, files: outputFiles, chromeLinks: chromeLinksOf(siteDir, config, content.sidebars) });
      if (!options.collectLinks) applyLinkPolicy(result, config.onBrokenLinks, config.onBrokenAnchors);
      return result;
    });

    if (staged) {
      await stage('write', async () => {
        await copyStaticFiles(staticFiles, staged.dir);
        if (assets.drawsDiagrams) await copyMermaidRenderer(staged.dir);
        await writeSearchFiles(staged.dir, searchStamp, searchIndex!);
        await writeMachineFiles(staged.dir, generated);
        await staged.commit();
      });
    }
    return { outDir, pages: countPages(routes), links, durationMs: performance.now() - started, timings, fromCache };
  } catch (error) {
    await staged?.discard();
    throw error;
  } finally {
    await rm(serverDir, { recursive: true, force: true });
  }
}

/** check-links writes no browser bundle: every route points at a chunk that is never written. */
function placeholderAssets(routes: RouteDefinition[]): ClientAssets {
  return { entry: { entry: 'assets/app.js', styles: [], imports: [] }, routes: new Map(routes.map((route) => [route.path, { chunk: 'assets/route.js', imports: [], styles: [] }])), drawsDiagrams: false };
}
