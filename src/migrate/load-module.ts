import { readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { esbuildFailure } from '../config/module-loader';
import { DocsiteError } from '../core/errors';
import { stubMissingPackages, type StubOptions } from './stub-packages';

// Loads a module written for Docusaurus (its config, a sidebars file) as Docusaurus would: ESM or
// CommonJS, JavaScript or TypeScript. esbuild bundles it with its local imports into one ES module;
// packages that are installed stay external, the others are stubbed (see stub-packages.ts).

export interface LoadedModule {
  /** The default export (or `module.exports`). */
  value: unknown;
  /** Packages that were not installed and were stood in for. */
  stubbed: string[];
}

/**
 * CommonJS code expects `require`, `require.resolve`, `__dirname` and `__filename`, which an ES module
 * lacks. The banner gives the bundle a `require` that resolves from the file's own folder (esbuild
 * renames any top-level `require` of the user's so they do not clash), and `define` points
 * `__dirname`/`__filename` at the file. `require.resolve` is lenient: a Docusaurus config calls it on
 * files (custom.css) and packages that need not exist for migrate to read the config.
 */
function banner(file: string): string {
  return [
    "import { createRequire as __docsiteCreateRequire } from 'node:module';",
    "import { resolve as __docsiteResolvePath } from 'node:path';",
    `const __docsite_filename = ${JSON.stringify(file)};`,
    `const __docsite_dirname = ${JSON.stringify(dirname(file))};`,
    'const require = __docsiteCreateRequire(__docsite_filename);',
    '{',
    '  const strictResolve = require.resolve;',
    '  require.resolve = (request, options) => {',
    '    try { return strictResolve(request, options); }',
    "    catch { return request.startsWith('.') ? __docsiteResolvePath(__docsite_dirname, request) : request; }",
    '  };',
    '}',
  ].join('\n');
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
      define: { __dirname: '__docsite_dirname', __filename: '__docsite_filename' },
      plugins: [stubMissingPackages({ siteDir, stubAll, onStub: (name) => stubbed.add(name), ...options })],
    });
    return result.outputFiles[0]!.text;
  } catch (error) {
    throw esbuildFailure(error, siteDir, file);
  }
}

async function evaluate(code: string, file: string): Promise<unknown> {
  // Written beside the file so that the installed packages it imports resolve from the site's node_modules.
  const temp = join(dirname(file), `.docsite-migrate-${process.pid}-${Date.now()}.mjs`);
  await writeFile(temp, code);
  try {
    const module = (await import(pathToFileURL(temp).href)) as { default?: unknown };
    return module.default;
  } finally {
    await rm(temp, { force: true });
  }
}

export async function loadDocusaurusModule(file: string, siteDir: string, options: LoadOptions = {}): Promise<LoadedModule> {
  const stubbed = new Set<string>();
  const code = await bundle(file, siteDir, false, stubbed, options);
  try {
    return { value: await evaluate(code, file), stubbed: [...stubbed] };
  } catch (error) {
    // An installed package may still fail to load (a missing peer, a newer Node API): try once more
    // with every package stubbed before giving up, since migrate needs the config's data, not its plugins.
    const everything = new Set<string>();
    const fallback = await bundle(file, siteDir, true, everything, options);
    if (everything.size > stubbed.size) {
      try {
        return { value: await evaluate(fallback, file), stubbed: [...everything] };
      } catch {
        // Report the first failure: it is the one the user's own setup produces.
      }
    }
    throw new DocsiteError(`could not evaluate ${relative(siteDir, file)}: ${(error as Error).message}`, { file: relative(siteDir, file) }, { cause: error });
  }
}
