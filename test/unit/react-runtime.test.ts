import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { BROWSER_TARGET } from '../../src/bundle/browser-target';
import { MANIFEST } from '../../src/bundle/made-ahead';
import { loadExportNames, makeReactRuntime, PREBUILT, PRODUCTION_FILES, runtimeKey, type PrebuiltManifest } from '../../src/bundle/react-runtime';
import { ROOT } from '../helpers';

// `npm run compile` makes React's browser file ahead (write-react-runtime.ts) and builds use it in place of making
// it: it must be, byte for byte, the file a build would make, under the key a build asks for.

const dir = join(ROOT, 'dist', PREBUILT.name);

test("React's files made by npm run compile are those a build makes, under the keys a build asks for", { skip: !existsSync(join(dir, MANIFEST)) && 'dist/ not compiled' }, async () => {
  const manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as PrebuiltManifest;
  for (const development of [false, true]) {
    const name = manifest.files[runtimeKey(BROWSER_TARGET, development)];
    assert.ok(name, `no file made ahead for ${development ? 'development' : 'production'}: run npm run compile`);
    const made = await makeReactRuntime(BROWSER_TARGET, development);
    assert.equal(name, made.name);
    assert.ok(readFileSync(join(dir, name)).equals(Buffer.from(made.contents)), name);
  }
  for (const file of PRODUCTION_FILES) assert.deepEqual(manifest.names[file], loadExportNames(file), file);
});

test("React's file's key changes with the build and the target", () => {
  assert.notEqual(runtimeKey(BROWSER_TARGET, false), runtimeKey(BROWSER_TARGET, true));
  assert.notEqual(runtimeKey(BROWSER_TARGET, false), runtimeKey(['es2020'], false));
});
