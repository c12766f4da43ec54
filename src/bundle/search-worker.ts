import { basename, join, relative, resolve } from 'node:path';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { CLIENT_DIR } from '../core/paths';
import { withBase } from '../shared/url';

// The search worker's files. The worker is one file, so it runs after a single request (on a slow network each
// request in a row costs a round trip); each language's stemmer and stop words, which only the sites written in
// that language load, are files of their own that it imports by URL. With esbuild's code splitting instead, the
// worker would wait for a chunk of shared helpers first.

export const SEARCH_WORKER_ENTRY = join(CLIENT_DIR, 'search', 'worker.ts');

/** Language packages the worker imports lazily (client/search/languages.ts). */
const LANGUAGE_PACKAGE = /^@orama\/(stemmers|stopwords)\/([a-z]+)$/;

/** Bundles the worker and its language files into `common.outdir`; returns the worker's URL (with `base`). */
export async function bundleSearchWorker(common: BuildOptions, outDir: string, base: string): Promise<string> {
  const urlOf = (output: string) => withBase(base, `/${relative(outDir, resolve(output)).split('\\').join('/')}`);
  const worker = await build({ ...common, splitting: false, metafile: true, entryPoints: [{ in: SEARCH_WORKER_ENTRY, out: 'search/worker' }], plugins: [languageFiles(common, urlOf)] });
  return urlOf(entryOutput(worker.metafile!));
}

/** Each language package, bundled alone on its first import and imported by its URL. */
function languageFiles(common: BuildOptions, urlOf: (output: string) => string): Plugin {
  return {
    name: 'docsite-search-languages',
    setup(pluginBuild) {
      const built = new Map<string, Promise<string>>();
      pluginBuild.onResolve({ filter: LANGUAGE_PACKAGE }, async (args) => {
        if (args.kind !== 'dynamic-import') return undefined;
        let url = built.get(args.path);
        if (!url) {
          const [, kind, language] = LANGUAGE_PACKAGE.exec(args.path)!;
          url = pluginBuild.resolve(args.path, { kind: 'import-statement', resolveDir: args.resolveDir }).then(async (resolved) => {
            if (resolved.errors.length) throw new Error(resolved.errors[0]!.text);
            const result = await build({ ...common, splitting: false, metafile: true, entryPoints: [{ in: resolved.path, out: `search/${kind}/${language}` }] });
            return urlOf(entryOutput(result.metafile!));
          });
          built.set(args.path, url);
        }
        return { path: await url, external: true };
      });
    },
  };
}

function entryOutput(metafile: Metafile): string {
  const output = Object.entries(metafile.outputs).find(([file, info]) => file.endsWith('.js') && info.entryPoint)?.[0];
  if (!output) throw new Error(`docsite: the search worker's bundle has no entry (${Object.keys(metafile.outputs).map((file) => basename(file)).join(', ')})`);
  return output;
}
