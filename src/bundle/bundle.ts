import { mkdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { esbuildFailure } from '../config/module-loader';
import { CLIENT_DIR, PACKAGE_ROOT } from '../core/paths';
import type { RouteDefinition } from '../routes';
import { withBase } from '../shared/url';
import { docsitePlugin, routeModuleId, SERVER_ENTRY, type VirtualModuleInputs } from './virtual-modules';

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
  /** The route's chunk. */
  chunk: string;
  /** Every module it statically imports beyond the entry's (for modulepreload). */
  imports: string[];
  /** The CSS its own modules import. */
  styles: string[];
}

export interface ClientAssets {
  entry: EntryAssets;
  /** By route path. */
  routes: Map<string, RouteAssets>;
}

/** What every bundle of a site shares (the build's and the dev server's). */
export const SHARED: BuildOptions = {
  bundle: true,
  format: 'esm',
  jsx: 'automatic',
  logLevel: 'silent',
  legalComments: 'none',
  loader: { '.svg': 'file', '.png': 'file', '.jpg': 'file', '.webp': 'file', '.woff2': 'file' },
};

/** Bundles that render pages in Node. */
export const FOR_NODE: BuildOptions = {
  ...SHARED,
  platform: 'node',
  target: 'node20',
  // CommonJS packages inside an ESM bundle still call require() for Node built-ins.
  banner: { js: "import { createRequire as __docsiteCreateRequire } from 'node:module'; const require = __docsiteCreateRequire(import.meta.url);" },
  define: { 'process.env.NODE_ENV': '"production"' },
  // Stylesheets are the browser bundle's business (CSS modules still give the server their class names).
  loader: { ...SHARED.loader, '.css': 'empty' },
};

/**
 * Production browser bundles run on Preact's React compatibility layer: react-dom alone was three quarters
 * of the runtime (209 of 280 KB), Preact does the same job in a tenth of it. The server renders with React
 * (the HTML is the same), and `docsite dev` keeps React in the browser for its development warnings.
 */
const PREACT_ALIASES: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

function preactInBrowser(): Plugin {
  return {
    name: 'docsite-preact',
    setup(build) {
      build.onResolve({ filter: /^react(-dom)?(\/(client|jsx-runtime|jsx-dev-runtime))?$/ }, async (args) => {
        const target = PREACT_ALIASES[args.path];
        if (!target) return undefined;
        const resolved = await build.resolve(target, { kind: 'import-statement', resolveDir: PACKAGE_ROOT });
        return resolved.errors.length ? { errors: resolved.errors } : { path: resolved.path };
      });
    },
  };
}

/** Files a page imports (images, fonts) go to assets/media with hashed names, referred to by absolute URL. */
function assetUrls(base: string): Pick<BuildOptions, 'assetNames' | 'publicPath'> {
  return { assetNames: 'media/[name]-[hash]', publicPath: withBase(base, '/assets/') };
}

/** The browser bundle: runtime + theme as one entry, one lazily imported chunk per route, code-split and hashed. */
export async function bundleClient(inputs: VirtualModuleInputs, outDir: string, siteDir: string, options: { minify: boolean }): Promise<ClientAssets> {
  const assetsDir = join(outDir, 'assets');
  const entryPoints = [{ in: join(CLIENT_DIR, 'entry.tsx'), out: 'app' }, ...inputs.routes.map((route) => ({ in: routeModuleId(route), out: `routes/${route.chunkName}` }))];
  let metafile: Metafile;
  try {
    const result = await build({
      ...SHARED,
      entryPoints,
      outdir: assetsDir,
      platform: 'browser',
      target: ['es2022', 'chrome100', 'firefox100', 'safari15'],
      splitting: true,
      minify: options.minify,
      metafile: true,
      entryNames: '[dir]/[name]-[hash]',
      chunkNames: 'chunks/[name]-[hash]',
      ...assetUrls(inputs.site.baseUrl),
      define: { 'process.env.NODE_ENV': JSON.stringify(options.minify ? 'production' : 'development') },
      plugins: [...(options.minify ? [preactInBrowser()] : []), docsitePlugin(inputs, 'browser')],
    });
    metafile = result.metafile;
  } catch (error) {
    throw esbuildFailure(error, siteDir, 'docsite client bundle');
  }
  return collectAssets(metafile, outDir, inputs.routes);
}

function collectAssets(metafile: Metafile, outDir: string, routes: RouteDefinition[]): ClientAssets {
  const urlOf = (output: string) => relative(outDir, output).split('\\').join('/');
  const byEntry = new Map<string, string>();
  for (const [output, info] of Object.entries(metafile.outputs)) {
    if (info.entryPoint && output.endsWith('.js')) byEntry.set(info.entryPoint.replace(/^docsite:/, ''), output);
  }
  const staticImports = (start: string): string[] => {
    const seen = new Set<string>();
    const visit = (output: string) => {
      for (const imported of metafile.outputs[output]?.imports ?? []) {
        if (imported.kind !== 'import-statement' || seen.has(imported.path)) continue;
        seen.add(imported.path);
        visit(imported.path);
      }
    };
    visit(start);
    return [...seen];
  };
  const entryOutput = [...byEntry.entries()].find(([entry]) => entry.endsWith('entry.tsx'))?.[1];
  if (!entryOutput) throw new Error('docsite: the client entry is missing from the bundle');
  const entryImports = staticImports(entryOutput);
  const entrySet = new Set(entryImports);
  const routeAssets = new Map(routes.map((route): [string, RouteAssets] => {
    const chunk = byEntry.get(routeModuleId(route))!;
    // CSS imported by a page (a React page's `import './home.css'`, a CSS module) is bundled per route by esbuild.
    const routeCss = metafile.outputs[chunk]?.cssBundle;
    return [route.path, { chunk: urlOf(chunk), imports: staticImports(chunk).filter((file) => !entrySet.has(file) && file !== entryOutput).map(urlOf), styles: routeCss ? [urlOf(routeCss)] : [] }];
  }));
  const css = metafile.outputs[entryOutput]?.cssBundle;
  return { entry: { entry: urlOf(entryOutput), styles: css ? [urlOf(css)] : [], imports: entryImports.map(urlOf) }, routes: routeAssets };
}

/** The Node bundle used to render every route to HTML: theme, route modules and react-dom/server in one file. */
export async function bundleServer(inputs: VirtualModuleInputs, serverDir: string, siteDir: string): Promise<string> {
  await mkdir(serverDir, { recursive: true });
  const outfile = join(serverDir, 'server.mjs');
  try {
    await build({
      ...FOR_NODE,
      entryPoints: [SERVER_ENTRY],
      outfile,
      minify: false,
      // An imported image is the same URL in the HTML as in the browser bundle (which writes the file).
      ...assetUrls(inputs.site.baseUrl),
      plugins: [docsitePlugin(inputs, 'node')],
    });
  } catch (error) {
    throw esbuildFailure(error, siteDir, 'docsite server bundle');
  }
  return outfile;
}
