import { copyFile, mkdir } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { sourceFingerprint } from '../core/fingerprint';
import { CLIENT_DIR } from '../core/paths';
import { withBase } from '../shared/url';
import { madeAhead } from './made-ahead';

// The search worker's files. The worker is one file, so it runs after a single request (on a slow network each
// request in a row costs a round trip); each language's stemmer and stop words, which only the sites written in
// that language load, are files of their own that it imports by URL. With esbuild's code splitting instead, the
// worker would wait for a chunk of shared helpers first.

export const SEARCH_WORKER_ENTRY = join(CLIENT_DIR, 'search', 'worker.ts');

/** Language packages the worker imports lazily (client/search/languages.ts). */
const LANGUAGE_PACKAGE = /^@orama\/(stemmers|stopwords)\/([a-z]+)$/;

// The language files are the same for every site (a package's code, for the bundle's target): `npm run compile` makes
// them ahead (write-search-languages.ts), production and development, and a build copies them. Made in each cold
// build, their 54 small bundles took esbuild longer than the runtime's and the routes' together (the bundle stage of
// the 1000-page corpus 1.26 -> 1.02 s without them).

/** The language files made ahead, in dist/search-languages/: a folder per key (made-ahead.ts). */
export const PREBUILT_LANGUAGES = madeAhead<LanguagesManifest>('search-languages');

/** Per key (`languagesKey`): the folder under PREBUILT_LANGUAGES's, and each package's file in it. */
export type LanguagesManifest = Record<string, { dir: string; files: Record<string, string> }>;

/**
 * What a language file's bytes depend on: the code that makes it, esbuild's and the packages' versions, and the
 * client build's options but those of the site (its folder, URLs, defines: the packages use none of them).
 */
export function languagesKey(common: BuildOptions): string {
  const { outdir: _outdir, publicPath: _publicPath, assetNames: _assetNames, define: _define, plugins: _plugins, ...options } = common;
  const sorted = Object.fromEntries(Object.entries(options).sort(([a], [b]) => (a < b ? -1 : 1)));
  return JSON.stringify([sourceFingerprint(['src/bundle'], ['esbuild', '@orama/stemmers', '@orama/stopwords']), sorted]);
}

/** The language files made ahead for these options: their folder, and each package's file (relative to it). */
function prebuiltLanguages(common: BuildOptions): { dir: URL; files: Record<string, string> } | undefined {
  const entry = PREBUILT_LANGUAGES.manifest()?.[languagesKey(common)];
  return entry && { dir: PREBUILT_LANGUAGES.file(`${entry.dir}/`), files: entry.files };
}

export interface SearchWorkerOptions {
  /** Make every language file, whatever was made ahead (write-search-languages.ts). */
  fresh?: boolean;
  /** Told each language package's file, relative to `common.outdir`. */
  onLanguageFile?: (specifier: string, file: string) => void;
}

/** Bundles the worker and its language files into `common.outdir`; returns the worker's URL (with `base`). */
export async function bundleSearchWorker(common: BuildOptions, outDir: string, base: string, options: SearchWorkerOptions = {}): Promise<string> {
  const urlOf = (output: string) => withBase(base, `/${relative(outDir, resolve(output)).split('\\').join('/')}`);
  const prebuilt = options.fresh ? undefined : prebuiltLanguages(common);
  const worker = await build({ ...common, splitting: false, metafile: true, entryPoints: [{ in: SEARCH_WORKER_ENTRY, out: 'search/worker' }], plugins: [languageFiles(common, urlOf, prebuilt, options.onLanguageFile)] });
  return urlOf(entryOutput(worker.metafile!));
}

/** Each language package, bundled alone (or copied, made ahead) on its first import and imported by its URL. */
function languageFiles(common: BuildOptions, urlOf: (output: string) => string, prebuilt?: { dir: URL; files: Record<string, string> }, onLanguageFile?: SearchWorkerOptions['onLanguageFile']): Plugin {
  return {
    name: 'docsite-search-languages',
    setup(pluginBuild) {
      const built = new Map<string, Promise<string>>();
      pluginBuild.onResolve({ filter: LANGUAGE_PACKAGE }, async (args) => {
        if (args.kind !== 'dynamic-import') return undefined;
        let url = built.get(args.path);
        if (!url) {
          const [, kind, language] = LANGUAGE_PACKAGE.exec(args.path)!;
          const make = () =>
            pluginBuild.resolve(args.path, { kind: 'import-statement', resolveDir: args.resolveDir }).then(async (resolved) => {
              if (resolved.errors.length) throw new Error(resolved.errors[0]!.text);
              const result = await build({ ...common, splitting: false, metafile: true, entryPoints: [{ in: resolved.path, out: `search/${kind}/${language}` }] });
              const output = entryOutput(result.metafile!);
              onLanguageFile?.(args.path, relative(common.outdir!, resolve(output)).split('\\').join('/'));
              return urlOf(output);
            });
          const made = prebuilt?.files[args.path];
          const to = made && join(common.outdir!, made);
          // A file made ahead that is not there (a dist/ tidied by hand) is made here, as without one.
          url = to
            ? mkdir(dirname(to), { recursive: true })
                .then(() => copyFile(new URL(made, prebuilt!.dir), to))
                .then(() => urlOf(to), make)
            : make();
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
