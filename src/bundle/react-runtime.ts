import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { sourceFingerprint } from '../core/fingerprint';
import { PACKAGE_ROOT } from '../core/paths';
import { madeAhead } from './made-ahead';

// React in the browser, as one file of its own: `assets/react-<version>-<hash>.js`.
//
// React and react-dom are most of the JavaScript every page loads (about 60 KB of gzip), and they change only
// when docsite's React does. Bundled into the runtime entry, they would be downloaded again whenever the theme,
// the site's config or one of its components changes; as a file named by React's version and its content,
// a reader's browser keeps it across pages and across deploys that keep React's version.
//
// esbuild cannot be told to put chosen packages in a chunk of their own, so React is bundled here, on its own,
// and the site's bundle imports it as an external module by URL. React's packages are CommonJS: the file exports
// all their names itself, and each package's module object for its default export (see `reactShims`).

/** The package specifiers the React file provides, and the name each one's module object has in it. */
const PROVIDED: Record<string, { exportName: string; productionFile: string }> = {
  react: { exportName: 'react', productionFile: 'react/cjs/react.production.js' },
  'react/jsx-runtime': { exportName: 'jsxRuntime', productionFile: 'react/cjs/react-jsx-runtime.production.js' },
  'react/jsx-dev-runtime': { exportName: 'jsxDevRuntime', productionFile: 'react/cjs/react-jsx-dev-runtime.production.js' },
  'react/compiler-runtime': { exportName: 'compilerRuntime', productionFile: 'react/cjs/react-compiler-runtime.production.js' },
  'react-dom': { exportName: 'reactDom', productionFile: 'react-dom/cjs/react-dom.production.js' },
  'react-dom/client': { exportName: 'reactDomClient', productionFile: 'react-dom/cjs/react-dom-client.production.js' },
};

const requireFromDocsite = createRequire(`${PACKAGE_ROOT}/package.json`);

export interface ReactRuntime {
  /** Path of the file under the output folder (`assets/react-19.3.1-AB12CD34.js`). */
  file: string;
  /** Its URL, base URL included: what the site's modules import. */
  url: string;
}

export interface BuiltRuntime {
  name: string;
  contents: Uint8Array;
}

/** Built once per process and target: it depends on nothing but React's version and esbuild's options. */
const built = new Map<string, Promise<BuiltRuntime>>();

// Made ahead by `npm run compile` (write-react-runtime.ts) for the site bundle's target, production and development,
// and used while the code that makes it and React's and esbuild's versions are those it was made with: a cold build
// otherwise made it first thing in its bundle stage (40-60 ms of esbuild's, with this thread waiting), after loading
// React's production files here for their export names (30 ms). Without them (made-ahead.ts) the file is made here.

/** React's files made ahead, in dist/react-runtime/. */
export const PREBUILT = madeAhead<PrebuiltManifest>('react-runtime');

export interface PrebuiltManifest {
  /** React's version: a manifest of another is not used. */
  react: string;
  /** Each file's name (in PREBUILT's folder) by the key of what it was made from (`runtimeKey`). */
  files: Record<string, string>;
  /** Each React production file's export names (`exportNames`). */
  names: Record<string, string[]>;
}

/** What React's file depends on: the code that makes it, React's and esbuild's versions, the target, the build. */
export function runtimeKey(target: string[], development: boolean): string {
  return JSON.stringify([sourceFingerprint(['src/bundle'], ['react', 'react-dom', 'esbuild']), target, development]);
}

/** The manifest of React's files made ahead, when they are of this React. */
function prebuilt(): PrebuiltManifest | undefined {
  const manifest = PREBUILT.manifest();
  return manifest?.react === reactVersion() ? manifest : undefined;
}

/** Writes React's file into `assetsDir` and returns its name and URL. */
export async function emitReactRuntime(assetsDir: string, assetsUrl: string, target: string[], options: { development: boolean }): Promise<ReactRuntime> {
  const key = `${target.join(',')}${options.development ? ':development' : ''}`;
  let runtime = built.get(key);
  if (!runtime) {
    runtime = buildReactRuntime(target, options.development);
    built.set(key, runtime);
    runtime.catch(() => built.delete(key));
  }
  const { name, contents } = await runtime;
  await mkdir(assetsDir, { recursive: true });
  await writeFile(join(assetsDir, name), contents);
  return { file: `assets/${name}`, url: `${assetsUrl}${name}` };
}

/** React's file made ahead for this target and build, else made now. */
async function buildReactRuntime(target: string[], development: boolean): Promise<BuiltRuntime> {
  const name = prebuilt()?.files[runtimeKey(target, development)];
  if (name) {
    const contents = await readFile(PREBUILT.file(name)).catch(() => undefined);
    if (contents) return { name, contents };
  }
  return makeReactRuntime(target, development);
}

/** `development`: React's development build, unminified (a `--mode development` build), else its production build. */
export async function makeReactRuntime(target: string[], development: boolean): Promise<BuiltRuntime> {
  // Every package's names are exported by the file itself, so that a module of the site imports what it uses by
  // name (`import { useState } from '/assets/react-….js'`) and a bundle keeps only those imports. The packages'
  // default exports, which differ, are their module objects, exported under their own names.
  const entry: string[] = [];
  const flat = new Set<string>();
  for (const [specifier, { exportName, productionFile }] of Object.entries(PROVIDED)) {
    entry.push(`import * as ${exportName} from ${JSON.stringify(specifier)};`);
    // The same name in two packages is the same value (`version`, the JSX runtimes' `Fragment`): exported once.
    const names = exportNames(productionFile).filter((name) => !flat.has(name));
    names.forEach((name) => flat.add(name));
    if (names.length) entry.push(`export const { ${names.join(', ')} } = ${exportName};`);
    entry.push(`export { ${exportName} };`);
  }
  entry.push('export default react.default ?? react;');
  const result = await build({
    stdin: { contents: entry.join('\n'), resolveDir: PACKAGE_ROOT, loader: 'js', sourcefile: 'react-runtime.js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target,
    minify: !development,
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': development ? '"development"' : '"production"' },
  });
  const contents = result.outputFiles[0]!.contents;
  const hash = createHash('sha256').update(contents).digest('base64url').replace(/[-_]/g, '').slice(0, 8).toUpperCase();
  return { name: `react-${reactVersion()}${development ? '-development' : ''}-${hash}.js`, contents };
}

export function reactVersion(): string {
  return (requireFromDocsite('react/package.json') as { version: string }).version;
}

/**
 * The site bundle's side: `react`, `react-dom`, `react-dom/client` and the JSX runtimes, wherever they are
 * imported from (the theme, a page, a package of the site), become a module that takes its package's object
 * from React's file and re-exports its names.
 */
export function reactShims(runtimeUrl: string): Plugin {
  const namespace = 'docsite-react';
  const specifiers = Object.keys(PROVIDED);
  return {
    name: 'docsite-react-runtime',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^react(-dom)?(\/[\w-]+)?$/ }, (args) => {
        // The two every module imports, straight from React's file (it has their names): no module in between.
        if (args.path === 'react' || args.path === 'react/jsx-runtime') return { path: runtimeUrl, external: true };
        return specifiers.includes(args.path) ? { path: args.path, namespace } : undefined;
      });
      pluginBuild.onResolve({ filter: /.*/, namespace }, (args) => (args.path === runtimeUrl ? { path: runtimeUrl, external: true } : undefined));
      pluginBuild.onLoad({ filter: /.*/, namespace }, (args) => {
        const { exportName, productionFile } = PROVIDED[args.path]!;
        // Re-exports only: a bundle imports from React's file just the names it uses.
        return {
          contents: [
            `export { ${exportNames(productionFile).join(', ')} } from ${JSON.stringify(runtimeUrl)};`,
            // `import ReactDOM from 'react-dom'` is the package's module object, as for CommonJS under any bundler.
            `export { ${exportName} as default } from ${JSON.stringify(runtimeUrl)};`,
          ].join('\n'),
          loader: 'js',
        };
      });
    },
  };
}

/** The production files of the React packages this file provides. */
export const PRODUCTION_FILES = Object.values(PROVIDED).map((provided) => provided.productionFile);

/** The named exports of one of the React packages this file provides (`react`, `react-dom`, …); [] for another. */
export function reactExportNames(specifier: string): string[] {
  const provided = PROVIDED[specifier];
  return provided ? exportNames(provided.productionFile) : [];
}

const namesByFile = new Map<string, string[]>();

/** The names a production build of a React package exports (CommonJS: known only by loading it). */
function exportNames(productionFile: string): string[] {
  let names = namesByFile.get(productionFile) ?? prebuilt()?.names[productionFile];
  if (!names) names = loadExportNames(productionFile);
  namesByFile.set(productionFile, names);
  return names;
}

/** The names a production build of a React package exports, from the package itself. */
export function loadExportNames(productionFile: string): string[] {
  // The packages' `exports` do not list their builds: loaded by path.
  const [scope, ...rest] = productionFile.split('/');
  const loaded = requireFromDocsite(join(dirname(requireFromDocsite.resolve(`${scope}/package.json`)), ...rest)) as Record<string, unknown>;
  return Object.keys(loaded).filter((name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name));
}
