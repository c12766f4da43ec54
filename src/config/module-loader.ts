import { readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Message, type Plugin } from 'esbuild';
import { DocsiteError } from '../core/errors';
import { removeStaleStaging } from '../core/stale-files';

// Loads a TypeScript or JavaScript module written by the user (the config, a sidebars file):
// esbuild bundles it with its local imports, `docsite` resolves to a tiny shim, and packages stay external.

const DOCSITE_SHIM = 'export function defineConfig(config) { return config; }\nexport function defineSidebars(s) { return s; }\n';

export interface LoadOptions {
  /**
   * Receives, for each package the module imports, the file it resolves to: a function the config imports
   * (a Markdown plugin) can then be traced to the module that exports it, which worker threads can load.
   */
  packageFiles?: Map<string, string>;
}

export async function loadUserModule(file: string, siteDir: string, options: LoadOptions = {}): Promise<unknown> {
  let code: string;
  try {
    const result = await build({
      // Fed as stdin, so esbuild tells CommonJS from ESM by the syntax alone: a Docusaurus-style
      // `module.exports = …` sidebars file works even inside a package whose package.json says "type": "module".
      stdin: { contents: await readFile(file, 'utf8'), sourcefile: relative(siteDir, file), resolveDir: dirname(file), loader: /\.[mc]?ts$/.test(file) ? 'ts' : 'js' },
      absWorkingDir: siteDir,
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // Packages stay external (see recordPackages); only the config's own files are bundled.
      packages: options.packageFiles ? undefined : 'external',
      logLevel: 'silent',
      // CommonJS code calls require() and reads __dirname, which an ES module lacks.
      banner: { js: `import { createRequire as __docsiteCreateRequire } from 'node:module'; const require = __docsiteCreateRequire(${JSON.stringify(file)});` },
      define: { __dirname: JSON.stringify(dirname(file)), __filename: JSON.stringify(file) },
      plugins: [
        {
          name: 'docsite-shim',
          setup(b) {
            b.onResolve({ filter: /^docsite(\/.*)?$/ }, (args) => ({ path: args.path, namespace: 'docsite-shim' }));
            b.onLoad({ filter: /.*/, namespace: 'docsite-shim' }, () => ({ contents: DOCSITE_SHIM, loader: 'js' }));
          },
        },
        ...(options.packageFiles ? [recordPackages(options.packageFiles)] : []),
      ],
    });
    code = result.outputFiles[0]!.text;
  } catch (error) {
    throw esbuildFailure(error, siteDir, file, siteDir);
  }

  // Written beside the file so that its bare imports resolve from the site's own node_modules. A process
  // killed while loading it left its copy behind: the next load removes those of processes that are gone.
  await removeStaleStaging(dirname(file), /^\.docsite-config-(\d+)-(\d+)\.mjs$/);
  const temp = join(dirname(file), `.docsite-config-${process.pid}-${Date.now()}.mjs`);
  await writeFile(temp, code);
  try {
    const module = (await import(pathToFileURL(temp).href)) as { default?: unknown };
    return module.default;
  } catch (error) {
    throw new DocsiteError(`could not evaluate ${relative(siteDir, file)}: ${(error as Error).message}`, { file: relative(siteDir, file) }, { cause: error });
  } finally {
    await rm(temp, { force: true });
  }
}

/**
 * Keeps every package import external, as `packages: 'external'` does, while noting the file each resolves to
 * (with `packages: 'external'` set, esbuild would not resolve them at all). A package esbuild cannot resolve
 * stays external unrecorded: Node reports it when the module runs, as before.
 */
function recordPackages(files: Map<string, string>): Plugin {
  return {
    name: 'docsite-record-packages',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === RESOLVING || isAbsolute(args.path)) return undefined;
        if (!args.path.startsWith('node:')) {
          const resolved = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: RESOLVING });
          if (!resolved.errors.length && isAbsolute(resolved.path)) files.set(args.path, resolved.path);
        }
        return { path: args.path, external: true };
      });
    },
  };
}

const RESOLVING = Symbol('docsite-resolving');

/**
 * Turns an esbuild failure into a DocsiteError at the first error's position, its file named relative to
 * the site folder (so the error prints with a code frame, and the same way whichever stage met it).
 * esbuild names files relative to the build's `absWorkingDir`: pass it as `workingDir` when known; without
 * it, the site folder or else the working folder is taken, whichever the file is found in.
 */
export function esbuildFailure(error: unknown, siteDir: string, fallbackFile: string, workingDir?: string): DocsiteError {
  const errors = (error as { errors?: Message[] }).errors;
  const first = errors?.[0];
  const fallback = isAbsolute(fallbackFile) ? relative(siteDir, fallbackFile) : fallbackFile;
  if (!first) return new DocsiteError((error as Error).message, { file: fallback }, { cause: error });
  const fileOf = (location: NonNullable<Message['location']>) => siteFileOf(location, siteDir, workingDir);
  const location = first.location;
  return new DocsiteError(
    first.text,
    location ? { file: fileOf(location), line: location.line, column: location.column + 1 } : { file: fallback },
    { details: (errors ?? []).slice(1).map((e) => `${e.location ? `${fileOf(e.location)}:${e.location.line}:${e.location.column + 1} ` : ''}${e.text}`) },
  );
}

/** A file esbuild names, relative to the site folder; a module of a plugin's namespace keeps its name. */
function siteFileOf(location: NonNullable<Message['location']>, siteDir: string, workingDir: string | undefined): string {
  if (location.namespace && location.namespace !== 'file') return location.file;
  const candidates = workingDir ? [workingDir] : [siteDir, process.cwd()];
  const found = candidates.map((dir) => resolve(dir, location.file)).find((file) => existsSync(file)) ?? resolve(candidates[0]!, location.file);
  return relative(siteDir, found) || location.file;
}
