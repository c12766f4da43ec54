import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { networkInterfaces } from 'node:os';
import { relative, resolve } from 'node:path';
import kleur from 'kleur';
import sirv from 'sirv';
import { mermaidRendererFile } from '../emit/mermaid-renderer';
import { collectStaticFiles } from '../emit/static-files';
import { renderWithLinks } from '../pipeline/pages';
import { buildSearchIndex } from '../search/search-index';
import { currentLocaleOf } from '../config/locales';
import { DocsiteError } from '../core/errors';
import { log, formatDuration } from '../core/log';
import { describeError, printError } from '../core/print-error';
import { routeKey, stripBase, withBase } from '../shared/url';
import { contentTypeOf } from '../http/content-types';
import { listen } from '../http/listen';
import { DevBundles, DEV_PREFIX, DEV_SEARCH_WORKER } from './dev-bundles';
import { docTwin, hasMarkdownTwin, markdownOfPage } from '../emit/markdown-twins';
import { DevRoutes } from './dev-routes';
import { DevSite, loadLocaleConfig } from './dev-site';
import { createSiteData } from '../config/site-data';
import { errorPage } from './error-page';
import { EventStream } from './event-stream';
import { DevGeneratedFiles } from './generated-files';
import { devChromeLinks, warnBrokenLinks } from './dev-links';
import type { FSWatcher } from 'chokidar';
import type { RouteDefinition } from '../routes';
import { classifyChange, watchSite } from './watch';

export interface DevOptions {
  siteDir: string;
  port: number;
  host: string;
  strictPort?: boolean;
  poll?: boolean;
  open?: boolean;
  /** Serve this locale (under its prefix); unset: the default locale. */
  locale?: string;
}

/**
 * `docsite dev`: reads the site, builds the theme runtime, and starts serving. Each page is compiled,
 * bundled and rendered when first requested; a change recompiles what it touches and tells open pages
 * which routes changed (they re-render in place). A broken edit shows its error in the terminal and
 * over the page, and the last good version keeps being served until the next good save.
 */
export async function startDev(options: DevOptions) {
  const started = performance.now();
  const siteDir = resolve(options.siteDir);
  const site = new DevSite(siteDir, options.locale);
  // The theme runtime needs only the config: it builds while the content loads.
  const config = await loadLocaleConfig(siteDir, options.locale);
  const bundles = new DevBundles(
    siteDir,
    () => (site.loaded ? site.current.config.baseUrl : config.baseUrl),
    () => (site.loaded ? site.current.site : createSiteData(config)),
    () => {
      const current = site.loaded ? site.current.config : config;
      return { customCss: current.customCss, customFields: current.customFields };
    },
  );
  await Promise.all([site.load({ reloadConfig: true, reloadApi: true, config }), bundles.buildRuntime()]);
  const base = () => site.current.config.baseUrl;
  const events = new EventStream(randomBytes(8).toString('hex'));

  const routes = new DevRoutes(site, bundles);
  let staticFiles = new Set((await collectStaticFiles(siteDir, site.current.config.staticDirectories)).files);
  let staticHandlers = staticHandlersFor(siteDir, site.current.config.staticDirectories);
  let search: Promise<{ docs: string; index: string }> | undefined;

  const manifestUrl = () => withBase(base(), `/${DEV_PREFIX}manifest.json`);

  const renderPage = async (path: string): Promise<string> => {
    const { route, routes: table, built } = await routes.build(path);
    const { site: siteData, head } = site.current;
    const { pages, links } = renderWithLinks(
      [{ route, module: await built.page, assets: { chunk: built.chunk, imports: [], styles: built.styles } }],
      { theme: bundles.serverRuntime, site: siteData, entry: { ...bundles.runtimeAssets, imports: [] }, manifestUrl: manifestUrl(), searchWorker: withBase(base(), `/${DEV_SEARCH_WORKER}`), head, liveReload: true, siteDir },
      site.compiledSources,
    );
    const chromeLinks = devChromeLinks(siteDir, site.current.config, site.current.content.sidebars);
    warnBrokenLinks(links[0]!, table, { base: base(), files: new Set([...staticFiles, ...generated.paths(base())]), chromeLinks });
    return pages[0]!.html;
  };

  const generated = new DevGeneratedFiles(site, routes, bundles);
  // Work the first page does not need waits until it is served, or a second has passed, whichever comes first.
  let pageServed = () => {};
  const firstPageServed = new Promise<void>((resolveServed) => (pageServed = resolveServed));
  const waiting = new Set<NodeJS.Timeout>();
  let closed = false;
  const afterFirstPage = (task: () => void) => {
    let done = false;
    const run = () => {
      clearTimeout(timer);
      waiting.delete(timer);
      if (done || closed) return;
      done = true;
      task();
    };
    const timer = setTimeout(run, 1000);
    waiting.add(timer);
    void firstPageServed.then(run);
  };

  // An error stays on screen until a save fixes it: each one is printed once, not again for every request
  // or save that runs into it meanwhile (open pages still get it over the event stream each time).
  const printed = new Set<string>();
  const sendError = (error: unknown) => {
    const report = describeError(error, siteDir);
    const key = `${report.where}\0${report.message}`;
    if (!printed.has(key)) {
      printed.add(key);
      printError(error, false, siteDir);
    }
    events.send({ type: 'build-error', report });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = stripBase(base(), url.pathname);
    if (path === undefined) return sendText(res, 404, `Not found: this site lives under ${base()}`);
    if (path === `/${DEV_PREFIX}events`) return events.connect(req, res);
    if (path === `/${DEV_PREFIX}manifest.json`) {
      const searchFiles = { docs: withBase(base(), `/${DEV_PREFIX}search-doc.json`), index: withBase(base(), `/${DEV_PREFIX}lunr-index.json`) };
      return sendBody(res, 200, 'application/json; charset=utf-8', JSON.stringify({ ...routes.manifest(base()), search: searchFiles }));
    }
    if (path === `/${DEV_PREFIX}search-doc.json` || path === `/${DEV_PREFIX}lunr-index.json`) {
      const building = (search ??= site.compileRest().then(() => {
        const index = buildSearchIndex(site.routes(), site.compiledMarkdown, site.current.href, currentLocaleOf(site.current.config));
        return { docs: JSON.stringify(index.docs), index: JSON.stringify(index.index) };
      }));
      // A failure is not kept: the next request tries again.
      building.catch(() => search === building && (search = undefined));
      const files = await building;
      return sendBody(res, 200, 'application/json; charset=utf-8', path.includes('search-doc') ? files.docs : files.index);
    }
    const chunk = /^\/__docsite\/r\/(\d+)\/(.+)$/.exec(path);
    if (chunk) return serveRouteFile(res, Number(chunk[1]), chunk[2]!);
    const built = bundles.files.get(path.slice(1));
    if (built) return sendBody(res, 200, built.type, built.contents);
    // mermaid's renderer, fetched by a page that draws a diagram, straight from docsite's installed package.
    const renderer = mermaidRendererFile(path);
    if (renderer) return sendBody(res, 200, contentTypeOf(renderer), await readFile(renderer));
    const api = site.current.content.api;
    if (api && path === `/${api.specFile.path}`) return sendBody(res, 200, contentTypeOf(api.specFile.path), api.specFile.contents);
    // A path that looks like a file is looked for in static/ first (a route may have a dot in it too).
    if (/\.[a-z0-9]+$/i.test(path) && !path.endsWith('.html')) return serveStatic(req, res, () => void serveGenerated(res, path));
    return servePage(res, path);
  };

  const serveRouteFile = async (res: ServerResponse, id: number, file: string) => {
    const path = routes.pathOf(id);
    if (!path || !site.routes().some((route) => route.path === path)) return sendText(res, 404, 'This page no longer exists: reload.');
    try {
      const { built } = await routes.build(path, 'chunk');
      // The browser's files are served without waiting for Node's module of the page: a failure of that one
      // shows over the page all the same.
      built.page.catch(sendError);
      const served = bundles.files.get(`${built.dir}/${file}`);
      if (!served) return sendText(res, 404, 'Not found');
      return sendBody(res, 200, served.type, served.contents);
    } catch (error) {
      sendError(error);
      return sendText(res, 500, describeError(error, siteDir).message);
    }
  };

  const serveStatic = (req: IncomingMessage, res: ServerResponse, notFound: () => void) => {
    let index = 0;
    const next = () => {
      const handler = staticHandlers[index++];
      if (handler) handler(req, res, next);
      else notFound();
    };
    next();
  };

  /** A doc's or API page's `.md` twin, made on request as the build makes it (emit/llms-files.ts, markdown-twins.ts). */
  const serveMarkdownTwin = async (res: ServerResponse, path: string): Promise<boolean> => {
    const twin = /^(.*)\.md$/.exec(path);
    if (!twin || !site.current.config.llms.markdownPages) return false;
    const route = site.routes().find((candidate) => candidate.path.replace(/\/$/, '') === (twin[1] || '/') && hasMarkdownTwin(candidate));
    if (!route) return false;
    try {
      const markdown = route.data.kind === 'doc' ? await docTwin(route) : markdownOfPage({ appHtml: await renderPage(route.path) });
      sendBody(res, 200, 'text/markdown; charset=utf-8', markdown ?? '');
    } catch (error) {
      sendError(error);
      sendText(res, 500, describeError(error, siteDir).message);
    }
    return true;
  };

  const serveGenerated = async (res: ServerResponse, path: string) => {
    if (await serveMarkdownTwin(res, path)) return;
    if (!generated.paths(base()).includes(path)) return servePage(res, path);
    try {
      const file = await generated.get(path, staticFiles);
      if (!file) return servePage(res, path);
      return sendBody(res, 200, file.type, file.contents);
    } catch (error) {
      sendError(error);
      return sendText(res, 500, describeError(error, siteDir).message);
    }
  };

  const servePage = async (res: ServerResponse, requested: string) => {
    const key = routeKey(requested);
    const table = site.routes();
    const route = table.find((candidate) => candidate.path === key) ?? table.find((candidate) => candidate.path.toLowerCase() === key.toLowerCase() && candidate.caseAliasOf);
    const target = route ?? table.find((candidate) => candidate.data.kind === 'notFound');
    if (!target) return sendText(res, 404, 'Not found');
    try {
      const html = await renderPage(target.path);
      sendBody(res, route ? 200 : 404, 'text/html; charset=utf-8', html);
      return pageServed();
    } catch (error) {
      sendError(error);
      return sendBody(res, 500, 'text/html; charset=utf-8', errorPage(describeError(error, siteDir), base()));
    }
  };

  // Edits: one at a time, changes arriving meanwhile are taken together in the next round.
  let queue = Promise.resolve();
  /** `recheck`: no file reported, but some may have changed unseen (static files included); quiet unless something did. */
  // The files of a round whose load failed (a front matter or config error) go again with the next round's: a later
  // save of another file, loaded alone, would otherwise keep the broken file's last good text and clear its error.
  let unloaded: string[] = [];
  const applyChanges = async (saved: string[], recheck = false) => {
    const startedAt = performance.now();
    const files = [...new Set([...unloaded, ...saved])];
    const change = classifyChange(files, siteDir, site.current.config, bundles.runtimeSourceFiles);
    try {
      unloaded = files;
      await site.load({ reloadConfig: change.config, reloadApi: change.api, changedFiles: files });
      unloaded = [];
      if (change.config || change.runtime) {
        await bundles.buildRuntime();
        routes.forgetBuilds();
      }
      if (change.config || change.staticFiles || recheck) {
        staticFiles = new Set((await collectStaticFiles(siteDir, site.current.config.staticDirectories)).files);
        staticHandlers = staticHandlersFor(siteDir, site.current.config.staticDirectories);
      }
      // What an author edits is compiled now, so an error shows at once, not at the next click.
      const changedKeys = site.current.content.markdownFiles.filter((file) => files.includes(file.absolutePath)).map((file) => file.key);
      const keys = [...new Set([...changedKeys, ...site.staleKeys(), ...routes.failedKeys])];
      const results = await Promise.allSettled(keys.map((key) => site.compile([key])));
      const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      keys.forEach((key, i) => (results[i]!.status === 'rejected' ? routes.failedKeys.add(key) : routes.failedKeys.delete(key)));
      search = undefined;
      generated.reset();
      if (change.config || change.runtime) {
        events.send({ type: 'reload' });
      } else {
        const changed = routes.changed(files);
        // The pages of the files saved are the ones open in the author's browser: bundled from now on.
        const saved = new Set(changedKeys);
        const showsSaved = (route: RouteDefinition) => changed.includes(route.path) && DevSite.keysOf(route).some((key) => saved.has(key));
        routes.prebuild(site.routes().filter(showsSaved).map((route) => route.path), sendError);
        // A recheck that found nothing tells open pages nothing.
        if (changed.length || !recheck) events.send({ type: 'update', paths: changed, chunks: routes.chunkUrls(changed, base()) });
        if (change.staticFiles && !change.content) events.send({ type: 'reload' });
      }
      if (failure) return sendError(failure.reason);
      printed.clear();
      events.send({ type: 'build-ok' });
      if (!files.length) return;
      const names = files.map((file) => relative(siteDir, file));
      log.success(`${names.length === 1 ? names[0] : `${names.length} files`} ${kleur.dim(`updated in ${formatDuration(performance.now() - startedAt)}`)}`);
    } catch (error) {
      sendError(error);
    }
  };

  // The watcher's first scan of the folders (a stat of every file, a fifth of a second of this thread at 1,000
  // pages) waits for the first page. Files written since the server started count as changes when the scan
  // finds them, and a recheck once it is done catches what it cannot see (a file deleted meanwhile).
  const startedWall = Date.now() - (performance.now() - started);
  let watcher: FSWatcher | undefined;
  afterFirstPage(() => {
    watcher = watchSite(siteDir, { poll: options.poll ?? false, since: startedWall, onReady: () => (queue = queue.then(() => applyChanges([], true))) }, (files) => {
      queue = queue.then(() => applyChanges(files));
    });
  });

  let server;
  let port: number;
  try {
    ({ server, port } = await listen((req, res) => void handle(req, res).catch((error) => {
      sendError(error);
      if (!res.headersSent) sendText(res, 500, describeError(error, siteDir).message);
    }), { port: options.port, host: options.host, ...(options.strictPort ? { strictPort: true } : {}) }));
  } catch (error) {
    closed = true;
    waiting.forEach(clearTimeout);
    await watcher?.close();
    await bundles.dispose();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new DocsiteError(`port ${options.port} is already in use (--strict-port): stop the other server or choose another port with --port`);
    throw error;
  }
  if (options.port !== 0 && port !== options.port) log.warn(`port ${options.port} is in use, using ${port} instead`);
  const address = `http://${options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host}:${port}${base()}`;
  // Listening on every interface: also the addresses other devices (a phone) can open.
  const network = options.host === '0.0.0.0' || options.host === '::' ? networkAddresses().map((ip) => `  ${kleur.dim('Network:')} ${kleur.cyan(`http://${ip}:${port}${base()}`)}\n`).join('') : '';
  log.info(`\n  ${kleur.bold('docsite dev')} ready in ${formatDuration(performance.now() - started)}\n\n  ${kleur.dim('Local:')}   ${kleur.cyan(address)}\n${network}`);
  if (options.open) openBrowser(address);

  // The highlighter's grammars (a tenth of a second of this thread) wait for the first page too: a first page
  // compiled before needs them and loads them itself, one from the cache does not.
  afterFirstPage(() => void site.warmUp());
  // Once the first pages are up, compile the rest on a worker: lists quoting other pages fill in,
  // and search is ready when first used.
  const background = setTimeout(() => {
    void site.compileRest().then(() => {
      const changed = routes.changed([]);
      if (changed.length) events.send({ type: 'update', paths: changed });
    }).catch(() => undefined);
  }, 1500);

  const close = async () => {
    clearTimeout(background);
    closed = true;
    waiting.forEach(clearTimeout);
    await watcher?.close();
    events.close();
    server.closeAllConnections();
    await new Promise((resolveClose) => server.close(resolveClose));
    await bundles.dispose();
  };
  return { server, port, close };
}

function staticHandlersFor(siteDir: string, dirs: string[]) {
  return dirs.map((dir) => sirv(resolve(siteDir, dir), { dev: true, dotfiles: false, setHeaders: (res) => res.setHeader('Cache-Control', 'no-store') }));
}

function sendBody(res: ServerResponse, status: number, type: string, body: string | Uint8Array): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function sendText(res: ServerResponse, status: number, text: string): void {
  sendBody(res, status, 'text/plain; charset=utf-8', text);
}

function networkAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry && entry.family === 'IPv4' && !entry.internal)
    .map((entry) => entry!.address);
}

function openBrowser(url: string): void {
  const [command, args] = process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  child.on('error', () => log.warn(`could not open a browser: open ${url} yourself`));
  child.unref();
}
