import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { searchFileSet, searchFilesOf, writeSearchFiles } from '../../src/emit/search-files';
import type { SearchDoc } from '../../src/shared/search';

// The search worker writes the search files itself, early in the build: before any page of a translated locale has
// made that locale's folder.

const dir = mkdtempSync(join(tmpdir(), 'docsite-search-files-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const docs: SearchDoc[] = [
  { t: 'Install', u: '/fr/docs/install', b: 'Installer le serveur avec Docker.', k: 'doc' },
  { t: 'Backups', u: '/fr/docs/backups', b: 'Sauvegarder les photos chaque nuit.', k: 'doc' },
];

test('the files go into a folder that does not exist yet', async () => {
  const outDir = join(dir, 'staged', 'fr');
  const written = await searchFilesOf({ docs, versions: [], language: 'en', shards: 'never', write: { outDir, stamp: 1700000000000 } });
  assert.deepEqual(written, { files: 2, kept: [] });
  assert.deepEqual(readdirSync(outDir).sort(), ['lunr-index-1700000000000.json', 'search-doc-1700000000000.json']);
  assert.deepEqual(JSON.parse(readFileSync(join(outDir, 'search-doc-1700000000000.json'), 'utf8')), docs);
});

test('sharded, the shards go below it', async () => {
  const outDir = join(dir, 'sharded', 'fr');
  const whole = await (async () => {
    const { packSearchIndex } = await import('../../src/search/search-index');
    return { docs, index: packSearchIndex(docs, { language: 'en', versions: [] }) };
  })();
  const files = searchFileSet(whole, 'always');
  await writeSearchFiles({ outDir, stamp: 1700000000001 }, files);
  assert.ok(files.shards.size > 0);
  for (const [path, json] of files.shards) assert.equal(readFileSync(join(outDir, path), 'utf8'), json, path);
});

test("the worker's shards, written as they are made, are the shards collected whole", async () => {
  const outDir = join(dir, 'streamed');
  const written = await searchFilesOf({ docs, versions: [], language: 'en', shards: 'always', write: { outDir, stamp: 1700000000002 } });
  const { packSearchIndex } = await import('../../src/search/search-index');
  const collected = searchFileSet({ docs, index: packSearchIndex(docs, { language: 'en', versions: [] }) }, 'always');
  assert.equal(written.files, 2 + collected.shards.size);
  for (const [path, json] of collected.shards) assert.equal(readFileSync(join(outDir, path), 'utf8'), json, path);
  assert.equal(readFileSync(join(outDir, 'search-doc-1700000000002.json'), 'utf8'), collected.docs);
  assert.equal(readFileSync(join(outDir, 'lunr-index-1700000000002.json'), 'utf8'), collected.index);
});
