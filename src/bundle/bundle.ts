import { mkdir } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import { build, type BuildOptions, type Metafile, type Plugin, stop as stopEsbuild } from 'esbuild';
import { esbuildFailure } from '../config/module-loader';
import { writeFilesSync } from '../core/fs-utils';
import { CLIENT_DIR } from '../core/paths';
import type { RouteDefinition } from '../routes';
import { withBase } from '../shared/url';
import { providedModuleFile } from './provided-modules';
import { bundleSearchWorker } from './search-worker';
import { writePageDataModules, type PageDataModule } from './page-data-modules';
import { BROWSER_TARGET } from './browser-target';
import { emitReactRuntime, reactShims } from './react-runtime';
import { lazyChunks, lazyImportsOf, runtimeExportsOf, runtimeImports, runtimeRegistrySource } from './runtime-exports';
import { docsitePlugin, FRAME_PREFIX, routeFrames, routeModuleId, SERVER_ENTRY, staticContentFiles, type RouteFrames, type VirtualModuleInputs } from './virtual-modules';

/** The runtime entry of the browser bundle, which every page loads. */
export interface EntryAssets {
  /** URL path (relative to the out dir, no leading slash) of the runtime entry. */
  entry: string;
  /** Stylesheets of the runtime entry. */
  styles: string[];
  /** Every static import of the entry, transitively (for modulepreload). */
  imports: string[];
}

/** One route's browser files. */
export interface RouteAssets {
  /**
   * The route's chunk; for a page of static content, which has none, its content file (`assets/content/<hash>.json`):
   * either way what client navigation loads for the page, and the key the runtime keeps its page module by.
   */
  chunk: string;
  /** A page of static content: its route frame's chunk (also among `imports`), which its data is given to. */
  frame?: string;
  /** Every module it statically imports beyond the entry's (for modulepreload). */
  imports: string[];
  /** The CSS its own modules import. */
  styles: string[];
}

export interface ClientAssets {
  entry: EntryAssets;
  /** By route path. */
  routes: Map<string, RouteAssets>;
  /** Some page draws a Mermaid diagram: the output needs mermaid's renderer (src/emit/mermaid-renderer.ts). */
  drawsDiagrams: boolean;
  /** URL of the search worker's script (with the base URL). */
  searchWorker: string;
}

/** Extensions a page may import as a file (see SHARED.loader). */
export const FILE_EXTENSIONS = [
  ...['.svg', '.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.ico', '.bmp', '.tif', '.tiff', '.apng'],
  ...['.mp4', '.webm', '.ogv', '.mov', '.m4v', '.mp3', '.ogg', '.oga', '.wav', '.m4a', '.flac', '.vtt'],
  ...['.pdf', '.zip', '.gz', '.tgz', '.csv', '.xlsx', '.docx', '.pptx', '.epub'],
  ...['.woff', '.woff2', '.ttf', '.otf', '.eot'],
];

/** What every bundle of a site shares (the build's and the dev server's). */
export const SHARED: BuildOptions = {
  bundle: true,
  format: 'esm',
  jsx: 'automatic',
  logLevel: 'silent',
  legalComments: 'none',
  // Files a page imports or `require`s are copied with a hashed name and imported as their URL: every kind an
  // author uses (images, video, audio, documents, fonts), not only the web's usual images.
  // JSX in `.js` files, as Docusaurus sites write their pages and components.
  loader: { ...Object.fromEntries(FILE_EXTENSIONS.map((extension) => [extension, 'file' as const])), '.js': 'jsx' },
};

/** Bundles that render pages in Node. */
export const FOR_NODE: BuildOptions = {
  ...SHARED,
  platform: 'node',
  target: 'node20',
  // CommonJS packages inside an ESM bundle still call require() for Node built-ins.
  banner: { js: "import { createRequire as __docsiteCreateRequire } from 'node:module'; const require = __docsiteCreateRequire(import.meta.url);" },
  // The server renders every kind of page: the theme's code for versioned docs is always there.
  define: { 'process.env.NODE_ENV': '"production"', __DOCSITE_VERSIONED_DOCS__: 'true' },
  // Stylesheets are the browser bundle's business (CSS modules still give the server their class names).
  loader: { ...SHARED.loader, '.css': 'empty' },
};

/** Files a page imports (images, fonts) go to assets/media with hashed names, referred to by absolute URL. */
function assetUrls(base: string): Pick<BuildOptions, 'assetNames' | 'publicPath'> {
  return { assetNames: 'media/[name]-[hash]', publicPath: withBase(base, '/assets/') };
}

/** The browser builds' options but the site's (its folder, URLs and defines). */
export function clientBuildOptions(minify: boolean): BuildOptions {
  return { ...SHARED, platform: 'browser', target: BROWSER_TARGET, splitting: true, minify, metafile: true, entryNames: '[dir]/[name]-[hash]', chunkNames: 'chunks/[name]-[hash]' };
}

/**
 * The browser bundle: React's own file (react-runtime.ts), the runtime with the theme's chrome, then one chunk per
 * route with the page-kind components and content they need (for the pages of static content, one frame per sidebar
 * or cut of it instead: virtual-modules.ts `routeFrames`), code-split and hashed. The runtime and the routes are
 * two builds: see runtime-exports.ts for why.
 */
export interface ClientBundleOptions {
  minify: boolean;
  /**
   * Where React's file goes when it is not the site's own assets folder: a translated locale's pages load the default
   * locale's copy, so a reader who switches language has React in the cache already.
   */
  reactAssets?: { dir: string; url: string };
  /** Receives each build's metafile: what it read (bundle-reuse.ts keeps a hash of every file). */
  metafiles?: Metafile[];
  /** Called once esbuild has made the last of the client's files, before the route chunks are written. */
  onBundlerDone?: () => Promise<void> | void;
}

export async function bundleClient(inputs: VirtualModuleInputs, outDir: string, siteDir: string, options: ClientBundleOptions): Promise<ClientAssets> {
  const assetsDir = join(outDir, 'assets');
  const { assetNames, publicPath } = assetUrls(inputs.site.baseUrl);
  const react = await emitReactRuntime(options.reactAssets?.dir ?? assetsDir, options.reactAssets?.url ?? publicPath!, BROWSER_TARGET, { development: !options.minify });
  const common: BuildOptions = {
    ...clientBuildOptions(options.minify),
    outdir: assetsDir,
    assetNames,
    publicPath,
    define: {
      'process.env.NODE_ENV': JSON.stringify(options.minify ? 'production' : 'development'),
      // The theme leaves out what only versioned docs need (the version menu, banners) on a site without them.
      __DOCSITE_VERSIONED_DOCS__: JSON.stringify(inputs.site.docsVersions !== undefined),
    },
  };
  // Pages of static content have no chunk: their data is in their HTML and in their content file, never in a module.
  const frames = routeFrames(inputs);
  const chunkedRoutes = inputs.routes.filter((route) => !frames.frameOf.has(route.path));
  // Written while esbuild (its own process) reads the runtime's graph: the route builds need them, the graph does not.
  const writingPageData = writePageDataModules(chunkedRoutes, outDir, inputs.site.baseUrl);
  writingPageData.catch(() => undefined);
  let pageData: Map<string, PageDataModule> | undefined;
  const plugins = (extra: Plugin[]) => [...extra, reactShims(react.url), docsitePlugin(inputs, 'browser', pageData)];
  const entryFile = join(CLIENT_DIR, 'entry.tsx');
  let runtime: Metafile;
  let routes: Metafile;
  let routeFiles: { path: string; contents: Uint8Array }[];
  let workerUrl: string;
  // The search worker is a program of its own (no React, no registry: a worker shares no modules with the page),
  // bundled beside the runtime.
  const searchWorker = bundleSearchWorker(common, outDir, inputs.site.baseUrl);
  searchWorker.catch(() => undefined);
  try {
    // 1. What the runtime is made of (nothing written): the modules it shares, and those it loads lazily.
    const graph = (await build({ ...common, minify: false, write: false, entryPoints: [{ in: entryFile, out: 'app' }], plugins: plugins([]) })).metafile!;
    options.metafiles?.push(graph);
    const exports = await runtimeExportsOf(graph, process.cwd());
    const lazy = lazyImportsOf(graph, process.cwd());
    pageData = await writingPageData;
    // 2. The routes, then the runtime's lazy modules (the search engine, the progress bar: packages of their own,
    //    which would bring esbuild's CommonJS helpers into every route), both taking the shared modules from the
    //    runtime's registry.
    //    A page of static content has no module of its own, only its frame (virtual-modules.ts `routeFrames`).
    const routeEntries = [
      ...chunkedRoutes.map((route) => ({ in: routeModuleId(route), out: `routes/${route.chunkName}` })),
      ...[...frames.sources.keys()].map((frame) => ({ in: frame, out: `routes/frame-${frame.slice(FRAME_PREFIX.length)}` })),
    ];
    const lazyEntries = lazy.map((file) => ({ in: file, out: `lazy/${basename(file).replace(/\.[^.]+$/, '')}` }));
    const used = new Set<string>();
    const [routesBuild, lazyBuild] = await Promise.all([
      // Written below, from memory, once esbuild's process is gone.
      build({ ...common, write: false, entryPoints: routeEntries, plugins: plugins([runtimeImports(exports, used)]) }),
      build({ ...common, entryPoints: lazyEntries, chunkNames: 'lazy/chunks/[name]-[hash]', plugins: plugins([runtimeImports(exports, used)]) }),
    ]);
    routes = routesBuild.metafile!;
    routeFiles = routesBuild.outputFiles;
    options.metafiles?.push(routes, lazyBuild.metafile!);
    const lazyUrls = new Map(lazy.map((file) => [file, withBase(inputs.site.baseUrl, `/${urlOfOutput(outDir, entryOutputOf(lazyBuild.metafile!, relative(process.cwd(), file)))}`)]));
    // 3. The runtime: one file, its registry first, then the client entry.
    const entrySource = `import ${JSON.stringify(REGISTRY_MODULE)};\nimport ${JSON.stringify(entryFile)};`;
    runtime = (await build({ ...common, splitting: false, entryPoints: [{ in: RUNTIME_ENTRY, out: 'app' }], plugins: plugins([lazyChunks(lazyUrls), runtimeModules({ [RUNTIME_ENTRY]: entrySource, [REGISTRY_MODULE]: runtimeRegistrySource(exports, used) })]) })).metafile!;
    options.metafiles?.push(runtime);
    workerUrl = await searchWorker;
  } catch (error) {
    // The worker's build writes into the output too: the failed build's output is removed only once it is done.
    await searchWorker.catch(() => undefined);
    throw esbuildFailure(error, siteDir, 'docsite client bundle');
  }
  await options.onBundlerDone?.();
  // Written once esbuild's process is gone, from memory.
  writeFilesSync(routeFiles);
  // React in another locale's folder is named by its URL: the page's own asset paths are relative to its base URL.
  return { ...collectAssets(runtime, routes, outDir, inputs.routes, options.reactAssets ? react.url : react.file, pageData ?? new Map(), frames, staticContentFiles(inputs)), searchWorker: workerUrl };
}

const RUNTIME_ENTRY = 'docsite-runtime:entry';
const REGISTRY_MODULE = 'docsite-runtime:registry';

/** The runtime's own virtual modules: its entry and its registry (see runtime-exports.ts). */
function runtimeModules(sources: Record<string, string>): Plugin {
  return {
    name: 'docsite-runtime-modules',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^docsite-runtime:/ }, (args) => ({ path: args.path, namespace: 'docsite-runtime' }));
      pluginBuild.onLoad({ filter: /.*/, namespace: 'docsite-runtime' }, (args) => ({ contents: sources[args.path]!, loader: 'js', resolveDir: CLIENT_DIR }));
    },
  };
}

function urlOfOutput(outDir: string, output: string): string {
  return relative(outDir, resolve(output)).split('\\').join('/');
}

function entryOutputOf(metafile: Metafile, entryPoint: string): string {
  const output = Object.entries(metafile.outputs).find(([file, info]) => file.endsWith('.js') && info.entryPoint?.endsWith(entryPoint))?.[0];
  if (!output) throw new Error(`docsite: ${entryPoint} is missing from the bundle`);
  return output;
}

/** The route build's entry chunks (as esbuild names outputs), by module id: `docsite:route:/docs/intro`, a frame's. */
function entryChunks(routes: Metafile): Map<string, string> {
  // An entry point is named `<namespace>:<module id>`: `docsite:docsite:route:/docs/intro`.
  const byModule = new Map<string, string>();
  for (const [output, info] of Object.entries(routes.outputs)) {
    if (info.entryPoint && output.endsWith('.js')) byModule.set(info.entryPoint.replace(/^docsite:/, ''), output);
  }
  return byModule;
}

/** `contentFiles`: the content file of each page of static content, by route path (relative to the output folder). */
function collectAssets(runtime: Metafile, routes: Metafile, outDir: string, routeList: RouteDefinition[], reactFile: string, pageData: ReadonlyMap<string, PageDataModule>, frames: RouteFrames, contentFiles: ReadonlyMap<string, string>): Omit<ClientAssets, 'searchWorker'> {
  const urlOf = (output: string) => urlOfOutput(outDir, output);
  const staticImports = (metafile: Metafile, start: string): string[] => {
    const seen = new Set<string>();
    const visit = (output: string) => {
      for (const imported of metafile.outputs[output]?.imports ?? []) {
        // React's file and the runtime are imported by URL (externals): the entry's imports list them.
        if (imported.kind !== 'import-statement' || imported.external || seen.has(imported.path)) continue;
        seen.add(imported.path);
        visit(imported.path);
      }
    };
    visit(start);
    return [...seen];
  };
  const entryOutput = entryOutputOf(runtime, RUNTIME_ENTRY);
  const routeOutputs = entryChunks(routes);
  const routeAssets = new Map(routeList.map((route): [string, RouteAssets] => {
    const frame = frames.frameOf.get(route.path);
    // A page of static content: its frame, preloaded with what it imports; its "chunk" is its content file.
    const chunk = routeOutputs.get(frame ?? routeModuleId(route))!;
    // CSS imported by a page (a React page's `import './home.css'`, a CSS module) is bundled per route by esbuild.
    const routeCss = routes.outputs[chunk]?.cssBundle;
    // The data module is an external import of the chunk: preloaded beside it, not found after it.
    const dataFile = pageData.get(route.path)?.file;
    const imports = [...(dataFile ? [dataFile] : []), ...(frame ? [urlOf(chunk)] : []), ...staticImports(routes, chunk).map(urlOf)];
    const styles = routeCss ? [urlOf(routeCss)] : [];
    if (!frame) return [route.path, { chunk: urlOf(chunk), imports, styles }];
    const content = contentFiles.get(route.path);
    if (content === undefined) throw new Error(`docsite: no content file for ${route.path}`);
    return [route.path, { chunk: content, frame: urlOf(chunk), imports, styles }];
  }));
  const css = runtime.outputs[entryOutput]?.cssBundle;
  // React first: the largest file, and the one every page needs before it can hydrate.
  const imports = [reactFile, ...staticImports(runtime, entryOutput).map(urlOf)];
  return { entry: { entry: urlOf(entryOutput), styles: css ? [urlOf(css)] : [], imports }, routes: routeAssets, drawsDiagrams: bundlesFile(routes, MERMAID_COMPONENT) || bundlesFile(runtime, MERMAID_COMPONENT) };
}

/** The theme's diagram component: in the bundle when a page (or a site's component) draws a diagram. */
const MERMAID_COMPONENT = providedModuleFile('@theme/Mermaid')!;

function bundlesFile(metafile: Metafile, file: string): boolean {
  return Object.keys(metafile.inputs).some((input) => resolve(input) === file);
}

/** The Node bundle used to render every route to HTML: theme, route modules and react-dom/server in one file. */
export async function bundleServer(inputs: VirtualModuleInputs, serverDir: string, siteDir: string, metafiles?: Metafile[]): Promise<string> {
  await mkdir(serverDir, { recursive: true });
  const outfile = join(serverDir, 'server.mjs');
  try {
    const result = await build({
      ...FOR_NODE,
      entryPoints: [SERVER_ENTRY],
      outfile,
      minify: false,
      // An imported image is the same URL in the HTML as in the browser bundle (which writes the file).
      ...assetUrls(inputs.site.baseUrl),
      metafile: metafiles !== undefined,
      plugins: [docsitePlugin(inputs, 'node')],
    });
    if (result.metafile) metafiles?.push(result.metafile);
  } catch (error) {
    throw esbuildFailure(error, siteDir, 'docsite server bundle');
  }
  return outfile;
}

/**
 * Ends esbuild's process, which keeps the memory of the bundles it made until it exits (140 MB at 1,000 pages,
 * a quarter of a build's peak): called once a build has its bundles. A later call to esbuild starts it again.
 */
export async function releaseBundler(): Promise<void> {
  await stopEsbuild();
}
