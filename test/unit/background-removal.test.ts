import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { removeInBackground, removeStaleTrash } from '../../src/core/background-removal';

// The previous output is moved out of the way at once and removed by a process of its own.

const dir = mkdtempSync(join(tmpdir(), 'docsite-trash-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function folderOfFiles(name: string): string {
  const folder = join(dir, name);
  for (let index = 0; index < 50; index++) {
    mkdirSync(join(folder, `page-${index}`), { recursive: true });
    writeFileSync(join(folder, `page-${index}`, 'index.html'), '<p>old</p>');
  }
  return folder;
}

test('a folder is gone from its place at once and from the trash soon after', async () => {
  const folder = folderOfFiles('old-output');
  const trash = join(dir, '.docsite');
  await removeInBackground(folder, trash);
  assert.equal(existsSync(folder), false);
  for (let waited = 0; readdirSync(trash).length && waited < 20_000; waited += 100) await sleep(100);
  assert.deepEqual(readdirSync(trash), [], 'the remover emptied the trash');
});

test('trash a killed remover left is removed by the next run; that of a live one is not', async () => {
  const trash = join(dir, 'trash-parent');
  mkdirSync(join(trash, 'trash-999999999-1700000000000', 'docs'), { recursive: true });
  mkdirSync(join(trash, `trash-${process.pid}-1700000000001`), { recursive: true });
  await removeStaleTrash(trash);
  assert.deepEqual(readdirSync(trash), [`trash-${process.pid}-1700000000001`]);
});
