import { mkdir, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, context, type BuildContext, type BuildOptions, type Metafile, type OutputFile, type Plugin } from 'esbuild';
import { FOR_NODE, SHARED } from '../bundle/bundle';
import { SEARCH_WORKER_ENTRY } from '../bundle/search-worker';
import { wholeSidebarOf } from '../bundle/sidebar-modules';
import { docsitePlugin, routeModuleId, type VirtualModuleInputs } from '../bundle/virtual-modules';
import { esbuildFailure } from '../config/module-loader';
import { CLIENT_DIR } from '../core/paths';
import type { SiteData } from '../shared/types';
import { importBundle, type ThemeRenderer } from '../render/render';
import type { RouteDefinition } from '../routes';
import type { PageModule, ServerPageModule } from '../shared/theme';
import { contentTypeOf } from '../http/content-types';
import { RuntimeCache, type RuntimeBundles } from './runtime-cache';
import { DEV_SERVER_ENTRY, externalSharedModulesPlugin, sharedEntryId, sharedModulesPlugin, SHARED_MODULES } from './shared-modules';

// The dev server's bundles. Two runtime bundles are built once with esbuild contexts (rebuilt
// incrementally when the theme changes): the browser runtime (router, theme, React) served from
// memory, and the Node runtime (theme + react-dom/server) written to disk for import(). Routes are
// bundled one by one when first requested, for the browser and for Node, against those runtimes.

/** Under the base URL: where the dev server serves what it builds. */
export const DEV_PREFIX = '__docsite/';

/** The search worker's script, under the base URL (src/client/search/worker.ts). */
export const DEV_SEARCH_WORKER = `${DEV_PREFIX}client/search-worker.js`;

export interface ServedFile {
  contents: Uint8Array;
  type: string;
}

export interface RouteBuild {
  /** URL path (no base) of the folder holding the route's browser files. */
  dir: string;
  /** URL (no base) of the route's browser chunk, versioned: a changed route is a new module for the browser. */
  chunk: string;
  /** URL paths of the stylesheets its modules import. */
  styles: string[];
  /**
   * The page module, loaded in Node for rendering. Not waited for by the browser's files: a saved page open in
   * a browser refreshes from those alone, and Node's module is needed only when the page is next served whole.
   */
  page: Promise<PageModule>;
  /** Every file the route is made of (for invalidation when one changes). */
  inputs: Set<string>;
}

const BROWSER: BuildOptions = { ...SHARED, platform: 'browser', target: ['es2022'], define: { 'process.env.NODE_ENV': '"development"', __DOCSITE_VERSIONED_DOCS__: 'true' }, sourcemap: 'linked' };

export class DevBundles {
  /** URL path (no base) -> file, for everything the browser loads from the dev server. */
  readonly files = new Map<string, ServedFile>();
  /** Sidebar id -> path of its whole module in `files` (see wholeSidebarsPlugin). */
  private readonly sidebarFiles = new Map<string, string>();
  private clientContext: BuildContext | undefined;
  private serverContext: BuildContext | undefined;
  private server: ThemeRenderer | undefined;
  private serverShared = new Map<string, string>();
  private runtimeFiles: ReadonlySet<string> = new Set();
  private generation = 0;
  private readonly clientDir: string;
  private readonly serverDir: string;
  private readonly routeFiles = new Map<string, string[]>();
  /** Route path -> the file its loaded server module came from. */
  private readonly routeServerFiles = new Map<string, string>();
  private readonly runtimeInputs: VirtualModuleInputs;
  private readonly runtimeCache: RuntimeCache;
  /** The runtime being kept for the next start (written in the background; closing waits for it). */
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly siteDir: string,
    /** The base URL (it changes with the config). */
    private readonly base: () => string,
    /** The site data the browser runtime embeds (it changes with the config). */
    private readonly siteData: () => SiteData,
    /** The config's customCss and customFields, which the runtime's theme modules import. */
    private readonly siteExtras: () => Pick<VirtualModuleInputs, 'customCss' | 'customFields'> = () => ({}),
  ) {
    this.runtimeInputs = { site: undefined as unknown as SiteData, routes: [], sidebars: {}, compiled: new Map(), siteDir };
    this.clientDir = join(siteDir, '.docsite', 'dev', 'client');
    this.serverDir = join(siteDir, '.docsite', 'dev', 'ssr');
    this.runtimeCache = new RuntimeCache(siteDir);
  }

  /** Builds (or rebuilds) both runtime bundles; at start, takes the last start's when nothing they are made of changed. */
  async buildRuntime(): Promise<void> {
    this.runtimeInputs.site = this.siteData();
    Object.assign(this.runtimeInputs, this.siteExtras());
    const key = this.runtimeCache.keyOf({ site: this.runtimeInputs.site, customCss: this.runtimeInputs.customCss, customFields: this.runtimeInputs.customFields, base: this.base() });
    if (this.generation === 0) {
      await rm(this.serverDir, { recursive: true, force: true });
      await mkdir(this.serverDir, { recursive: true });
      const kept = await this.runtimeCache.load(key);
      if (kept) return this.useRuntime(kept);
    }
    if (!this.clientContext) {
      const shared = SHARED_MODULES.map((module) => ({ in: sharedEntryId(module), out: `shared/${module.name}` }));
      // The contexts keep their plugins: they read the site data from this object, updated before each rebuild.
      const plugins = (platform: 'browser' | 'node') => [sharedModulesPlugin(), docsitePlugin(this.runtimeInputs, platform)];
      [this.clientContext, this.serverContext] = await Promise.all([
        context({
          ...BROWSER,
          entryPoints: [{ in: join(CLIENT_DIR, 'entry.tsx'), out: 'app' }, { in: join(CLIENT_DIR, 'dev-client.ts'), out: 'dev-client' }, { in: SEARCH_WORKER_ENTRY, out: 'search-worker' }, ...shared],
          outdir: this.clientDir,
          write: false,
          splitting: true,
          metafile: true,
          entryNames: '[dir]/[name]',
          chunkNames: 'chunks/[name]-[hash]',
          assetNames: 'media/[name]-[hash]',
          plugins: plugins('browser'),
        }),
        context({
          ...FOR_NODE,
          entryPoints: [{ in: DEV_SERVER_ENTRY, out: 'server' }, ...shared],
          outdir: this.serverDir,
          splitting: true,
          metafile: true,
          // New names on every change: Node caches modules by URL, so a changed runtime must be a new file.
          entryNames: '[dir]/[name]-[hash]',
          chunkNames: 'chunks/[name]-[hash]',
          outExtension: { '.js': '.mjs' },
          plugins: plugins('node'),
        }),
      ]);
    }
    let built: RuntimeBundles;
    try {
      // Both builds finish before either result counts: with Promise.all, a failure of one returned while the other
      // still ran, and the next save's rebuild of that context got the result of the build under way, made of the
      // broken file, so the fix was never seen.
      const [clientBuild, serverBuild] = await Promise.allSettled([this.clientContext.rebuild(), this.serverContext!.rebuild()]);
      if (clientBuild.status === 'rejected') throw clientBuild.reason;
      if (serverBuild.status === 'rejected') throw serverBuild.reason;
      const [client, server] = [clientBuild.value, serverBuild.value];
      built = {
        client: new Map((client.outputFiles ?? []).map((output) => [relative(this.clientDir, output.path).split('\\').join('/'), output.contents])),
        server: entryOutputs(server.metafile!),
        inputs: new Set([...inputFiles(client.metafile!), ...inputFiles(server.metafile!)]),
      };
    } catch (error) {
      // The contexts have no absWorkingDir: esbuild names files relative to the working folder.
      throw esbuildFailure(error, this.siteDir, 'docsite dev runtime', process.cwd());
    }
    await this.useRuntime(built);
    this.saving = this.runtimeCache.save(key, built, this.serverDir);
  }

  /** Serves this runtime from now on (its browser files, Node's theme renderer), once Node's side has loaded. */
  private async useRuntime(runtime: RuntimeBundles): Promise<void> {
    // A site module of the runtime (the site's MDXComponents, a component it imports) may throw as it loads:
    // reported at that module, and the runtime that worked stays in use.
    this.server = await importBundle<ThemeRenderer>(runtime.server.get('server')!, this.siteDir);
    for (const [path] of [...this.files]) if (!path.startsWith(`${DEV_PREFIX}r/`)) this.files.delete(path);
    for (const [file, contents] of runtime.client) {
      const path = `${DEV_PREFIX}client/${file}`;
      this.files.set(path, { contents, type: contentTypeOf(path) });
    }
    this.runtimeFiles = runtime.inputs;
    this.serverShared = runtime.server;
    this.generation++;
  }

  /**
   * Files the runtime is made of (the theme, and the site's own MDXComponents with what it imports): a change
   * to any of them rebuilds the runtime, not a route.
   */
  get runtimeSourceFiles(): ReadonlySet<string> {
    return this.runtimeFiles;
  }

  get serverRuntime(): ThemeRenderer {
    if (!this.server) throw new Error('docsite dev: the runtime is not built yet');
    return this.server;
  }

  /** URL path (no base) of the browser runtime's entry, and its stylesheet. */
  get runtimeAssets(): { entry: string; styles: string[] } {
    const css = `${DEV_PREFIX}client/app.css`;
    return { entry: `${DEV_PREFIX}client/app.js`, styles: this.files.has(css) ? [css] : [] };
  }

  /**
   * Bundles one route of `inputs.routes` for the browser, and for Node (`RouteBuild.page`): alongside, or, with
   * `nodeAfterBrowser` (a browser waits for the chunk, nobody for the page yet), once the browser's files are made.
   */
  async buildRoute(inputs: VirtualModuleInputs, route: RouteDefinition, id: number, version: number, options: { nodeAfterBrowser?: boolean } = {}): Promise<RouteBuild> {
    const urlDir = `${DEV_PREFIX}r/${id}`;
    const entry = routeModuleId(route);
    const base = this.base();
    const withBase = (path: string) => `${base}${path}`;
    // Node's bundle uses the runtime of the moment the route's build began, even if the theme changes meanwhile.
    const target = { entry, urlDir, withBase, serverShared: this.serverShared, file: join(this.serverDir, 'routes', `${id}-${version}-${this.generation}.mjs`) };
    const buildPage = () => {
      const page = this.buildServerModule(inputs, route, target);
      // Awaited by whoever renders the page; until then a failure must not count as unhandled.
      page.catch(() => undefined);
      return page;
    };
    const alongside = options.nodeAfterBrowser ? undefined : buildPage();
    let clientMeta: Metafile;
    try {
      const outdir = join(this.clientDir, urlDir);
      const client = await build({
        ...BROWSER,
        entryPoints: [{ in: entry, out: 'route' }],
        outdir,
        write: false,
        metafile: true,
        publicPath: withBase(urlDir),
        assetNames: 'media/[name]-[hash]',
        plugins: [externalSharedModulesPlugin((module) => withBase(`${DEV_PREFIX}client/shared/${module.name}.js`)), this.wholeSidebarsPlugin(inputs, withBase), docsitePlugin(inputs, 'browser')],
      });
      clientMeta = client.metafile;
      this.routeFiles.get(route.path)?.forEach((path) => this.files.delete(path));
      this.routeFiles.set(route.path, this.addOutputs(client.outputFiles, outdir, `${urlDir}/`));
    } catch (error) {
      throw esbuildFailure(error, this.siteDir, route.source ?? route.path, process.cwd());
    }
    // The browser's files are served as soon as they are made, without waiting for Node's module.
    const page = alongside ?? buildPage();
    const css = `${urlDir}/route.css`;
    // Versioned like the chunk: an edited stylesheet must not be taken for the one already in the page.
    const styles = this.files.has(css) ? [`${css}?v=${version}`] : [];
    if (styles.length) this.prependStylesheetLoader(`${urlDir}/route.js`, withBase(css), version);
    return { dir: urlDir, chunk: `${urlDir}/route.js?v=${version}`, styles, page, inputs: inputFiles(clientMeta) };
  }

  /** The route's module for Node, bundled and loaded (each version a file of its own: Node caches modules by URL). */
  private async buildServerModule(inputs: VirtualModuleInputs, route: RouteDefinition, target: { entry: string; urlDir: string; withBase: (path: string) => string; serverShared: Map<string, string>; file: string }): Promise<PageModule> {
    try {
      await build({
        ...FOR_NODE,
        entryPoints: [target.entry],
        outfile: target.file,
        // Imported files get the same URL as in the browser bundle, which serves them.
        publicPath: target.withBase(target.urlDir),
        assetNames: 'media/[name]-[hash]',
        plugins: [externalSharedModulesPlugin((module) => pathToFileURL(target.serverShared.get(`shared/${module.name}`)!).href), docsitePlugin(inputs, 'node')],
      });
    } catch (error) {
      throw esbuildFailure(error, this.siteDir, route.source ?? route.path, process.cwd());
    }
    const loaded = await importBundle<{ default: ServerPageModule }>(target.file, this.siteDir).catch(async (error: unknown) => {
      await rm(target.file, { force: true });
      throw error;
    });
    // Node keeps the module in memory now; the file stays until the route's next version loads, so that an
    // error thrown while the page renders can be traced to the module that threw (see render/error-origin.ts).
    const previous = this.routeServerFiles.get(route.path);
    this.routeServerFiles.set(route.path, target.file);
    if (previous && previous !== target.file) await rm(previous, { force: true });
    return loaded.default(route.data);
  }

  /**
   * A large sidebar's whole module (loaded when the reader opens a closed category) is a file of its own,
   * named by content, not inlined into each route bundle: at 5,000 pages it is ~700 KB per route.
   */
  private wholeSidebarsPlugin(inputs: VirtualModuleInputs, withBase: (path: string) => string): Plugin {
    return {
      name: 'docsite-dev-whole-sidebars',
      setup: (pluginBuild) => {
        pluginBuild.onResolve({ filter: /^docsite:sidebar\// }, (args) => {
          const whole = wholeSidebarOf(inputs.sidebars, args.path);
          if (!whole) return undefined;
          const path = `${DEV_PREFIX}r/sidebars/${whole.key.replace(/[^\w-]/g, '_')}.js`;
          if (!this.files.has(path)) {
            // One version per sidebar: pages holding an older one get an update that names the new one.
            const id = args.path.slice('docsite:sidebar/'.length);
            const older = this.sidebarFiles.get(id);
            if (older) this.files.delete(older);
            this.sidebarFiles.set(id, path);
            this.files.set(path, { contents: Buffer.from(whole.source), type: contentTypeOf(path) });
          }
          return { path: withBase(path), external: true };
        });
      },
    };
  }

  /**
   * A page whose modules import CSS: its chunk waits for the stylesheet before it resolves, so a
   * client-side navigation never shows the page unstyled (the build does this with the manifest).
   */
  private prependStylesheetLoader(chunk: string, href: string, version: number): void {
    const file = this.files.get(chunk)!;
    // Loads this version of the stylesheet, then drops the route's older versions from the page.
    const loader = `await new Promise((done) => {
  const base = ${JSON.stringify(href)}, href = base + "?v=${version}";
  const links = () => [...document.querySelectorAll('link[rel=stylesheet]')].filter((link) => link.getAttribute('href').split('?')[0] === base);
  if (links().some((link) => link.getAttribute('href') === href)) return done();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.onload = link.onerror = () => { links().forEach((old) => old !== link && old.remove()); done(); };
  document.head.append(link);
});
`;
    this.files.set(chunk, { ...file, contents: Buffer.concat([Buffer.from(`${loader.replace(/\n\s*/g, ' ').trim()}\n`), file.contents]) });
    // One line was added at the top: the source map's lines move down by one.
    const map = this.files.get(`${chunk}.map`);
    if (map) {
      const parsed = JSON.parse(Buffer.from(map.contents).toString('utf8')) as { mappings: string };
      parsed.mappings = `;${parsed.mappings}`;
      this.files.set(`${chunk}.map`, { ...map, contents: Buffer.from(JSON.stringify(parsed)) });
    }
  }

  private addOutputs(outputs: OutputFile[], outdir: string, urlPrefix: string): string[] {
    const added: string[] = [];
    for (const output of outputs) {
      const path = urlPrefix + relative(outdir, output.path).split('\\').join('/');
      this.files.set(path, { contents: output.contents, type: contentTypeOf(path) });
      added.push(path);
    }
    return added;
  }

  /** Drops a route's browser files (after it changed, or was removed). */
  forgetRoute(path: string): void {
    this.routeFiles.get(path)?.forEach((file) => this.files.delete(file));
    this.routeFiles.delete(path);
    const serverFile = this.routeServerFiles.get(path);
    this.routeServerFiles.delete(path);
    if (serverFile) void rm(serverFile, { force: true });
  }

  async dispose(): Promise<void> {
    await Promise.all([this.clientContext?.dispose(), this.serverContext?.dispose(), this.saving]);
    await rm(this.serverDir, { recursive: true, force: true });
  }
}

/** Entry name ("server", "shared/react") -> absolute output file of a splitting build. */
function entryOutputs(metafile: Metafile): Map<string, string> {
  const byName = new Map<string, string>();
  for (const [output, info] of Object.entries(metafile.outputs)) {
    if (!info.entryPoint || !output.endsWith('.mjs') && !output.endsWith('.js')) continue;
    // Virtual entries appear as "<namespace>:<path>", and their paths start with the namespace too.
    const id = info.entryPoint.replace(/^(docsite-dev:)+/, '');
    const name = `docsite-dev:${id}` === DEV_SERVER_ENTRY ? 'server' : id;
    byName.set(name, join(process.cwd(), output));
  }
  return byName;
}

/** The files (not virtual modules) a build read, as absolute paths: esbuild names them relative to the working folder. */
function inputFiles(metafile: Metafile): Set<string> {
  return new Set(Object.keys(metafile.inputs).filter((file) => !file.includes(':')).map((file) => join(process.cwd(), file)));
}
