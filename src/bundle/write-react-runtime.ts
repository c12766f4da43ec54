import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { BROWSER_TARGET } from './browser-target';
import { loadExportNames, makeReactRuntime, PREBUILT_DIR, PREBUILT_MANIFEST, PRODUCTION_FILES, reactVersion, runtimeKey, type PrebuiltManifest } from './react-runtime';

// Run by `npm run compile` once dist/ is written: React's browser file for the site bundle's target, production and
// development, and the names React's packages export, made ahead (react-runtime.ts). Kept while its keys (React's and
// esbuild's versions, the target) still hold, so most compiles skip it.
const dir = new URL(`./${PREBUILT_DIR}/`, import.meta.url);
const manifestFile = new URL(PREBUILT_MANIFEST, dir);
const keys = [false, true].map((development) => ({ development, key: runtimeKey(BROWSER_TARGET, development) }));
const current = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as PrebuiltManifest) : undefined;
const upToDate = current && current.react === reactVersion() && keys.every(({ key }) => current.files[key] && existsSync(new URL(current.files[key]!, dir)));
if (!upToDate) {
  mkdirSync(dir, { recursive: true });
  const manifest: PrebuiltManifest = { react: reactVersion(), files: {}, names: Object.fromEntries(PRODUCTION_FILES.map((file) => [file, loadExportNames(file)])) };
  for (const { development, key } of keys) {
    const { name, contents } = await makeReactRuntime(BROWSER_TARGET, development);
    writeFileSync(new URL(name, dir), contents);
    manifest.files[key] = name;
  }
  writeFileSync(manifestFile, JSON.stringify(manifest));
  console.log(`made React's browser files into dist/${PREBUILT_DIR}`);
}
