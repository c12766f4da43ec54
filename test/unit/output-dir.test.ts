import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { StagedOutput } from '../../src/emit/output-dir';

// An edit build writes into the previous output (emit/output-dir.ts commitInPlace): its files go in, then what it no
// longer has goes, but a stale file in the way of a written one goes first.

const put = (root: string, files: Record<string, string>) => {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
};

test('an in-place commit replaces, adds and removes, stale files in the way of a written one included', async () => {
  const root = mkdtempSync(join(tmpdir(), 'docsite-output-'));
  try {
    const out = join(root, 'build');
    // `docs/x` was a file and becomes a folder; `docs/y/index.html` was in a folder that becomes a file.
    put(out, { 'index.html': 'old home', 'kept.txt': 'kept', 'search-doc-1.json': 'old search', 'docs/x': 'old file', 'docs/y/index.html': 'old page' });
    const staged = await StagedOutput.create(out, undefined, { inPlace: true });
    assert.ok(staged.previous().take('kept.txt'));
    put(staged.dir, { 'index.html': 'new home', 'search-doc-2.json': 'new search', 'docs/x/index.html': 'new page', 'docs/y': 'new file' });
    await staged.commit();
    const read = (name: string) => readFileSync(join(out, name), 'utf8');
    assert.equal(read('index.html'), 'new home');
    assert.equal(read('kept.txt'), 'kept');
    assert.equal(read('search-doc-2.json'), 'new search');
    assert.equal(read('docs/x/index.html'), 'new page');
    assert.equal(read('docs/y'), 'new file');
    assert.equal(existsSync(join(out, 'search-doc-1.json')), false, 'what the build no longer has is gone');
    assert.equal(existsSync(staged.dir), false);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
