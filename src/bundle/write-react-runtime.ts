import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { BROWSER_TARGET } from './browser-target';
import { MANIFEST } from './made-ahead';
import { loadExportNames, makeReactRuntime, PREBUILT, PRODUCTION_FILES, reactVersion, runtimeKey, type PrebuiltManifest } from './react-runtime';

// Run by `npm run compile` once dist/ is written: React's browser file for the site bundle's target, production and
// development, and the names React's packages export, made ahead (react-runtime.ts). Kept while its keys (React's and
// esbuild's versions, the target) still hold, so most compiles skip it.
const keys = [false, true].map((development) => ({ development, key: runtimeKey(BROWSER_TARGET, development) }));
const current = PREBUILT.manifest();
const upToDate = current && current.react === reactVersion() && keys.every(({ key }) => current.files[key] && existsSync(PREBUILT.file(current.files[key]!)));
if (!upToDate) {
  mkdirSync(PREBUILT.file(''), { recursive: true });
  const manifest: PrebuiltManifest = { react: reactVersion(), files: {}, names: Object.fromEntries(PRODUCTION_FILES.map((file) => [file, loadExportNames(file)])) };
  for (const { development, key } of keys) {
    const { name, contents } = await makeReactRuntime(BROWSER_TARGET, development);
    writeFileSync(PREBUILT.file(name), contents);
    manifest.files[key] = name;
  }
  writeFileSync(PREBUILT.file(MANIFEST), JSON.stringify(manifest));
  console.log(`made React's browser files into dist/${PREBUILT.name}`);
}
