import { readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { esbuildFailure } from '../config/module-loader';
import { DocsiteError } from '../core/errors';
import { ownPackageEntries } from './own-packages';
import { STUB_SOURCE, stubMissingPackages, type StubOptions } from './stub-packages';

// Loads a module written for Docusaurus (its config, a sidebars file) as Docusaurus would: ESM or
// CommonJS, JavaScript or TypeScript. esbuild bundles it with its local imports into one ES module;
// packages that are installed stay external, the others are stubbed (see stub-packages.ts).

export interface LoadedModule {
  /** The default export (or `module.exports`). */
  value: unknown;
  /** Packages that were not installed and were stood in for. */
  stubbed: string[];
  /**
   * Packages the module's code asked `require` or `require.resolve` for at run time that are not installed. The
   * set keeps growing while functions of the module run (a config function), so read it after calling them.
   */
  missingAtRunTime: ReadonlySet<string>;
}

/**
 * CommonJS code expects `require`, `require.resolve`, `__dirname` and `__filename`, which an ES module
 * lacks. The banner gives the bundle a `require` that resolves from the file's own folder (esbuild
 * renames any top-level `require` of the user's so they do not clash), and `define` points
 * `__dirname`/`__filename` at the file. That `require` is lenient, and so is every one the config makes
 * itself with `createRequire(import.meta.url)` (see nodeModuleShim): a Docusaurus config calls
 * `require.resolve` on files (custom.css) and packages (`react-tweet/theme.css`) that need not be installed
 * for migrate to read the config. A package that is not there resolves to its own name and loads as the
 * stub; its name is recorded in `__docsiteMissing`, which the bundle exports (see FOOTER).
 */
function banner(file: string): string {
  return [
    "import { createRequire as __docsiteCreateRequire } from 'node:module';",
    "import { resolve as __docsiteResolvePath } from 'node:path';",
    `const __docsite_filename = ${JSON.stringify(file)};`,
    `const __docsite_dirname = ${JSON.stringify(dirname(file))};`,
    'const __docsiteMissing = new Set();',
    `const __docsiteOwnPackages = ${JSON.stringify(ownPackageEntries())};`,
    `const __docsiteStub = (() => { const module = { exports: undefined }; ${STUB_SOURCE}; return module.exports; })();`,
    'function __docsitePackageOf(request) {',
    "  const parts = request.split('/');",
    "  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];",
    '}',
    'function __docsiteIsBare(request) {',
    "  return !request.startsWith('.') && !request.startsWith('/') && !request.startsWith('node:') && !/^[a-z]:[\\\\/]/i.test(request);",
    '}',
    'function __docsiteLenientRequire(strict, baseDir) {',
    '  const lenient = (request) => {',
    '    try { return strict(request); }',
    '    catch (error) {',
    "      if (error?.code !== 'MODULE_NOT_FOUND' || !__docsiteIsBare(request)) throw error;",
    '      if (Object.hasOwn(__docsiteOwnPackages, request)) return strict(__docsiteOwnPackages[request]);',
    '      __docsiteMissing.add(__docsitePackageOf(request));',
    '      return __docsiteStub;',
    '    }',
    '  };',
    '  lenient.resolve = (request, options) => {',
    '    try { return strict.resolve(request, options); }',
    '    catch {',
    '      if (!__docsiteIsBare(request)) return __docsiteResolvePath(baseDir, request);',
    '      __docsiteMissing.add(__docsitePackageOf(request));',
    '      return request;',
    '    }',
    '  };',
    '  lenient.cache = strict.cache;',
    '  return lenient;',
    '}',
    'const require = __docsiteLenientRequire(__docsiteCreateRequire(__docsite_filename), __docsite_dirname);',
  ].join('\n');
}

/** The names the bundle adds to the module's exports, beside its default export. */
const FOOTER = 'export { __docsiteMissing };';

const NODE_MODULE_SHIM = 'docsite-migrate-node-module';

/**
 * `import { createRequire } from 'node:module'` in the user's code gets a createRequire whose `require` is
 * lenient like the banner's: a config that makes its own `require` (ESM configs do) would otherwise fail
 * on the first package that is not installed.
 */
function nodeModuleShim(): Plugin {
  return {
    name: 'docsite-migrate-node-module',
    setup(build) {
      build.onResolve({ filter: /^(node:)?module$/ }, (args) =>
        args.namespace === NODE_MODULE_SHIM ? { path: 'node:module', external: true } : { path: 'node:module', namespace: NODE_MODULE_SHIM },
      );
      build.onLoad({ filter: /.*/, namespace: NODE_MODULE_SHIM }, () => ({
        contents: [
          "import * as real from 'node:module';",
          "import { dirname } from 'node:path';",
          "import { fileURLToPath } from 'node:url';",
          "export * from 'node:module';",
          'export function createRequire(from) {',
          "  const file = String(from).startsWith('file:') ? fileURLToPath(from) : String(from);",
          '  return __docsiteLenientRequire(real.createRequire(from), dirname(file));',
          '}',
          'export default { ...real.default, createRequire };',
        ].join('\n'),
        loader: 'js',
      }));
    },
  };
}

export type LoadOptions = Pick<StubOptions, 'localStandIns'>;

async function bundle(file: string, siteDir: string, stubAll: boolean, stubbed: Set<string>, options: LoadOptions): Promise<string> {
  try {
    const result = await build({
      // Fed as stdin so that esbuild tells CommonJS from ESM by the syntax alone, as Docusaurus does: a
      // `module.exports` config in a "type": "module" package is still CommonJS to Docusaurus.
      stdin: { contents: await readFile(file, 'utf8'), sourcefile: relative(siteDir, file), resolveDir: dirname(file), loader: /\.[mc]?ts$/.test(file) ? 'ts' : 'js' },
      // Positions in error messages are then relative to the site folder.
      absWorkingDir: siteDir,
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'silent',
      banner: { js: banner(file) },
      footer: { js: FOOTER },
      define: { __dirname: '__docsite_dirname', __filename: '__docsite_filename' },
      plugins: [nodeModuleShim(), stubMissingPackages({ siteDir, stubAll, onStub: (name) => stubbed.add(name), ...options })],
    });
    return result.outputFiles[0]!.text;
  } catch (error) {
    throw esbuildFailure(error, siteDir, file);
  }
}

async function evaluate(code: string, file: string, stubbed: Set<string>): Promise<LoadedModule> {
  // Written beside the file so that the installed packages it imports resolve from the site's node_modules.
  const temp = join(dirname(file), `.docsite-migrate-${process.pid}-${Date.now()}.mjs`);
  await writeFile(temp, code);
  try {
    const module = (await import(pathToFileURL(temp).href)) as { default?: unknown; __docsiteMissing?: Set<string> };
    return { value: module.default, stubbed: [...stubbed], missingAtRunTime: module.__docsiteMissing ?? new Set() };
  } finally {
    await rm(temp, { force: true });
  }
}

export async function loadDocusaurusModule(file: string, siteDir: string, options: LoadOptions = {}): Promise<LoadedModule> {
  const stubbed = new Set<string>();
  const code = await bundle(file, siteDir, false, stubbed, options);
  try {
    return await evaluate(code, file, stubbed);
  } catch (error) {
    // An installed package may still fail to load (a missing peer, a newer Node API): try once more
    // with every package stubbed before giving up, since migrate needs the config's data, not its plugins.
    const everything = new Set<string>();
    const fallback = await bundle(file, siteDir, true, everything, options);
    if (everything.size > stubbed.size) {
      try {
        return await evaluate(fallback, file, everything);
      } catch {
        // Report the first failure: it is the one the user's own setup produces.
      }
    }
    throw new DocsiteError(`could not evaluate ${relative(siteDir, file)}: ${(error as Error).message}`, { file: relative(siteDir, file) }, { cause: error });
  }
}
