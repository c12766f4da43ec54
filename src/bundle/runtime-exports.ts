import { isAbsolute, join, resolve } from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import { PACKAGE_ROOT } from '../core/paths';

// The browser bundle is made in two builds: the runtime (the client entry and the theme's chrome, one file),
// and the routes (page modules, page-kind components, content, and whatever the runtime loads lazily) split
// among them.
//
// Why two: esbuild puts every module that two entry points (or lazily imported modules) share in a chunk of its
// own. In one build, each theme module that the runtime and some routes both used became a separate small file,
// twenty of them on a docs page, and small files compress badly (the same code, gzipped as one file, was a fifth
// smaller). So the runtime's modules are listed first (a build that writes nothing), the routes build takes those
// from the runtime instead of bundling its own copies, and the runtime is built last, as one file whose lazy
// imports point at the routes build's chunks. The runtime hands its modules over in a registry on `globalThis`
// (an import of the runtime by URL would make the two builds depend on each other's file names). One instance of
// each module stays a rule too: the theme's contexts must be the same objects for the chrome and for the page.

/** The global the runtime puts its modules in, for the routes build's chunks. */
export const RUNTIME_REGISTRY = '__docsiteRuntime';

/** A module of the runtime that route chunks import from it. */
export interface RuntimeExport {
  /** Name of the module's namespace among the runtime's exports. */
  exportName: string;
  /** Its named exports. */
  names: string[];
  hasDefault: boolean;
}

/** Modules by key: an absolute file path, or `namespace:path` for a virtual module. */
export type RuntimeExports = Map<string, RuntimeExport>;

const SHIM_NAMESPACE = 'docsite-runtime-export';
/** Virtual modules of the runtime that routes may import too, with their exports. */
const VIRTUAL_EXPORTS: Record<string, string[]> = { 'docsite:docsite:site': ['default'], 'docsite:docsite:site-mdx-components': ['default'] };

/**
 * The modules of a runtime build (its metafile, `workingDir` being the folder esbuild named its inputs from) that
 * the routes build should take from it: docsite's own sources and virtual modules (packages are left to each build:
 * their CommonJS exports cannot be listed, and they hold no state of the theme's).
 */
export async function runtimeExportsOf(metafile: Metafile, workingDir: string): Promise<RuntimeExports> {
  const files: string[] = [];
  const virtual: Array<[string, string[]]> = [];
  for (const input of staticInputs(metafile)) {
    if (VIRTUAL_EXPORTS[input]) virtual.push([input, VIRTUAL_EXPORTS[input]]);
    else if (!input.includes(':')) {
      const file = isAbsolute(input) ? input : resolve(workingDir, input);
      if (file.startsWith(join(PACKAGE_ROOT, 'templates')) || file.startsWith(join(PACKAGE_ROOT, 'src'))) {
        if (/\.[cm]?[jt]sx?$/.test(file)) files.push(file);
      }
    }
  }
  const exports: RuntimeExports = new Map();
  const add = (key: string, names: string[]) => {
    exports.set(key, { exportName: `$${exports.size}`, names: names.filter((name) => name !== 'default'), hasDefault: names.includes('default') });
  };
  for (const [key, names] of virtual) add(key, names);
  for (const [file, names] of await exportNamesOf(files)) add(file, names);
  return exports;
}

/**
 * The inputs of the entry's output and of the chunks it imports statically: what a page has loaded once the
 * runtime has. Modules it imports lazily (the search engine, the progress bar) stay out of it.
 */
function staticInputs(metafile: Metafile): Set<string> {
  // Every module imported lazily is an entry point too, and esbuild lists outputs in no set order (past seven lazy
  // imports, the entry is seldom first): the entry is the one no output imports lazily.
  const lazy = new Set(Object.values(metafile.outputs).flatMap((info) => info.imports.filter((imported) => imported.kind === 'dynamic-import').map((imported) => imported.path)));
  const entry = Object.entries(metafile.outputs).find(([file, info]) => info.entryPoint && file.endsWith('.js') && !lazy.has(file))?.[0];
  const inputs = new Set<string>();
  const seen = new Set<string>();
  const visit = (output: string) => {
    if (seen.has(output)) return;
    seen.add(output);
    const info = metafile.outputs[output];
    if (!info) return;
    for (const input of Object.keys(info.inputs)) inputs.add(input);
    for (const imported of info.imports) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  if (entry) visit(entry);
  return inputs;
}

/** The files the runtime imports lazily (`import('./MobileMenu')`): the routes build makes their chunks. */
export function lazyImportsOf(metafile: Metafile, workingDir: string): string[] {
  const statics = staticInputs(metafile);
  const lazy = new Set<string>();
  for (const input of statics) {
    for (const imported of metafile.inputs[input]?.imports ?? []) {
      if (imported.kind === 'dynamic-import' && !imported.external && !imported.path.includes(':')) lazy.add(isAbsolute(imported.path) ? imported.path : resolve(workingDir, imported.path));
    }
  }
  return [...lazy];
}

/** The runtime's registry module: each shared module's namespace, put on `globalThis` for the routes' chunks. */
export function runtimeRegistrySource(exports: RuntimeExports, used: ReadonlySet<string>): string {
  const lines: string[] = [];
  const names: string[] = [];
  for (const [key, { exportName }] of exports) {
    if (!used.has(key)) continue;
    lines.push(`import * as ${exportName} from ${JSON.stringify(specifierOf(key))};`);
    names.push(exportName);
  }
  lines.push(`globalThis.${RUNTIME_REGISTRY} = { ${names.join(', ')} };`);
  return lines.join('\n');
}

/**
 * The routes build's side: an import of a module the runtime has becomes a small module reading it from the
 * registry. `used` collects the modules taken so: only those go in the registry, the rest of the runtime stays
 * open to tree shaking.
 */
export function runtimeImports(exports: RuntimeExports, used: Set<string>): Plugin {
  return {
    name: 'docsite-runtime-imports',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /.*/ }, async (args) => {
        if (args.namespace === SHIM_NAMESPACE || (args.pluginData as { viaRuntimeImports?: boolean } | undefined)?.viaRuntimeImports || args.kind === 'entry-point') return undefined;
        const resolved = await pluginBuild.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, namespace: args.namespace, pluginData: { viaRuntimeImports: true } });
        if (resolved.errors.length) return undefined;
        const key = resolved.namespace === 'file' ? resolved.path : `${resolved.namespace}:${resolved.path}`;
        if (exports.has(key)) {
          used.add(key);
          return { path: key, namespace: SHIM_NAMESPACE };
        }
        return { path: resolved.path, namespace: resolved.namespace, external: resolved.external, sideEffects: resolved.sideEffects, pluginData: resolved.pluginData };
      });
      pluginBuild.onLoad({ filter: /.*/, namespace: SHIM_NAMESPACE }, (args) => {
        const { exportName, names, hasDefault } = exports.get(args.path)!;
        const lines = [`const module = globalThis.${RUNTIME_REGISTRY}.${exportName};`];
        if (hasDefault) lines.push('export default module.default;');
        if (names.length) lines.push(`export const { ${names.join(', ')} } = module;`);
        return { contents: lines.join('\n'), loader: 'js' };
      });
    },
  };
}

/** The runtime build's side: its lazy imports are the routes build's chunks, by URL. */
export function lazyChunks(urls: Map<string, string>): Plugin {
  return {
    name: 'docsite-runtime-lazy-chunks',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || (args.pluginData as { viaLazyChunks?: boolean } | undefined)?.viaLazyChunks) return undefined;
        const resolved = await pluginBuild.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, namespace: args.namespace, pluginData: { viaLazyChunks: true } });
        const url = resolved.errors.length ? undefined : urls.get(resolved.path);
        return url ? { path: url, external: true } : undefined;
      });
    },
  };
}

/** How the runtime entry imports a shared module: a file by path, a virtual module by its own name. */
function specifierOf(key: string): string {
  if (key.startsWith('docsite:')) return key.slice('docsite:'.length);
  return key;
}

/** The export names of ES module files, as esbuild reads them (one transform of them all, nothing bundled). */
async function exportNamesOf(files: string[]): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>();
  if (!files.length) return names;
  const result = await build({
    entryPoints: files,
    bundle: false,
    write: false,
    metafile: true,
    absWorkingDir: PACKAGE_ROOT,
    outdir: join(PACKAGE_ROOT, '.docsite-export-names'),
    outbase: PACKAGE_ROOT,
    format: 'esm',
    jsx: 'automatic',
    logLevel: 'silent',
    loader: { '.css': 'empty' },
  });
  for (const output of Object.values(result.metafile.outputs)) {
    if (!output.entryPoint) continue;
    names.set(resolve(PACKAGE_ROOT, output.entryPoint), output.exports);
  }
  return names;
}
