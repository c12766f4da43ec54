import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clientBuildOptions } from './bundle';
import { MANIFEST } from './made-ahead';
import { bundleSearchWorker, languagesKey, PREBUILT_LANGUAGES, type LanguagesManifest } from './search-worker';

// Run by `npm run compile` once dist/ is written: the search worker's language files (stemmers and stop words) for
// the client bundle's options, production and development, made ahead (search-worker.ts). Kept while their keys
// (the bundle code's hash, esbuild's and the packages' versions, the options) still hold, so most compiles skip it.
const dir = fileURLToPath(PREBUILT_LANGUAGES.file(''));
const variants = [true, false].map((minify) => ({ dir: minify ? 'production' : 'development', common: clientBuildOptions(minify) }));
const current = PREBUILT_LANGUAGES.manifest() ?? {};
if (!variants.every(({ common }) => current[languagesKey(common)])) {
  rmSync(dir, { recursive: true, force: true });
  const manifest: LanguagesManifest = {};
  for (const variant of variants) {
    const outdir = join(dir, variant.dir);
    const files: Record<string, string> = {};
    // The worker is made too (it is what imports the languages), and left out: each site makes its own, with its URLs.
    await bundleSearchWorker({ ...variant.common, outdir, publicPath: '/' }, outdir, '/', { fresh: true, onLanguageFile: (specifier, file) => void (files[specifier] = file) });
    for (const file of Object.values(files)) if (!existsSync(join(outdir, file))) throw new Error(`search language file not written: ${file}`);
    for (const name of readdirSync(join(outdir, 'search'))) if (name.startsWith('worker-')) rmSync(join(outdir, 'search', name));
    manifest[languagesKey(variant.common)] = { dir: variant.dir, files };
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, MANIFEST), JSON.stringify(manifest));
  console.log(`made the search worker's ${Object.keys(manifest[languagesKey(variants[0]!.common)]!.files).length} language files into dist/${PREBUILT_LANGUAGES.name}`);
}
