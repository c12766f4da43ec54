import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { clientBuildOptions } from '../../src/bundle/bundle';
import { MANIFEST } from '../../src/bundle/made-ahead';
import { bundleSearchWorker, languagesKey, PREBUILT_LANGUAGES, type LanguagesManifest } from '../../src/bundle/search-worker';
import { ROOT } from '../helpers';

// `npm run compile` makes the search worker's language files ahead (write-search-languages.ts) and builds copy them
// instead of making them: each must be, byte for byte, the file a build would make, under the key a build asks for.

const dir = join(ROOT, 'dist', PREBUILT_LANGUAGES.name);

test('the language files made by npm run compile are those a build makes, under the keys a build asks for', { skip: !existsSync(join(dir, MANIFEST)) && 'dist/ not compiled' }, async () => {
  const manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as LanguagesManifest;
  for (const minify of [true, false]) {
    const common = clientBuildOptions(minify);
    const made = manifest[languagesKey(common)];
    assert.ok(made, `no language files made ahead for ${minify ? 'production' : 'development'}: run npm run compile`);
    const out = mkdtempSync(join(tmpdir(), 'docsite-languages-'));
    try {
      const fresh: Record<string, string> = {};
      await bundleSearchWorker({ ...common, outdir: out, publicPath: '/' }, out, '/', { fresh: true, onLanguageFile: (specifier, file) => void (fresh[specifier] = file) });
      assert.deepEqual(Object.keys(made.files).sort(), Object.keys(fresh).sort());
      assert.ok(Object.keys(fresh).length >= 50, 'every stemmed language has a stemmer and stop words');
      for (const [specifier, file] of Object.entries(fresh)) assert.ok(readFileSync(join(out, file)).equals(readFileSync(join(dir, made.dir, made.files[specifier]!))), specifier);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }
});

test("a site's folder, URLs and defines are not in the language files' key; the minification is", () => {
  const common = clientBuildOptions(true);
  const key = languagesKey(common);
  assert.equal(languagesKey({ ...common, outdir: '/elsewhere', publicPath: '/docs/assets/', define: { __DOCSITE_VERSIONED_DOCS__: 'true' } }), key);
  assert.notEqual(languagesKey(clientBuildOptions(false)), key);
});

test('a build copies the language files made ahead, and its worker imports them', async () => {
  const out = mkdtempSync(join(tmpdir(), 'docsite-languages-'));
  try {
    const common = { ...clientBuildOptions(true), outdir: out, publicPath: '/' };
    const worker = await bundleSearchWorker(common, out, '/');
    const source = readFileSync(join(out, worker.slice(1)), 'utf8');
    const imported = [...source.matchAll(/\/search\/(?:stemmers|stopwords)\/[\w-]+\.js/g)].map(([path]) => path);
    assert.ok(imported.length >= 50, source.slice(0, 200));
    for (const path of imported) assert.ok(existsSync(join(out, path)), path);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
