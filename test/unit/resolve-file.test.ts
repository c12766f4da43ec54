import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { resolveFile } from '../../src/http/resolve-file';

// A path the file system cannot look up names no file: `docsite serve` answers it like any missing path
// (found by npm run fuzz: an 8 KB path was a 500, logged as ENAMETOOLONG).

test('paths too long for the file system, or through a file, resolve to nothing instead of throwing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsite-resolve-'));
  try {
    writeFileSync(join(dir, 'index.html'), 'home');
    assert.equal(resolveFile(dir, `/${'a'.repeat(8192)}`), undefined);
    assert.equal(resolveFile(dir, `/${'segment/'.repeat(600)}page`), undefined);
    assert.equal(resolveFile(dir, '/index.html/inside'), undefined);
    assert.equal(resolveFile(dir, '/')?.relative, '/index.html');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
