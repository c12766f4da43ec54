import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { PackedStore } from '../../src/core/packed-store';

// The compile cache's storage: many entries in few files, safe to read while another process writes.

const root = mkdtempSync(join(tmpdir(), 'docsite-packed-'));
after(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
const folder = () => join(root, `store-${folders++}`);
const text = (bytes: Buffer | undefined) => bytes?.toString('utf8');
const packsIn = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.pack'));

test('entries written by one store are read by the next, a later write shadowing an earlier one', async () => {
  const dir = folder();
  const first = new PackedStore(dir);
  first.set('a', Buffer.from('one'));
  first.set('b', Buffer.from('two'));
  assert.equal(text(first.get('a')), 'one', 'read back before it is written');
  await first.flush();
  assert.equal(text(first.get('a')), 'one', 'and after');
  const second = new PackedStore(dir);
  assert.equal(text(second.get('b')), 'two');
  second.set('b', Buffer.from('three'));
  await second.flush();
  assert.equal(text(new PackedStore(dir).get('b')), 'three');
  assert.equal(text(new PackedStore(dir).get('a')), 'one');
  assert.equal(new PackedStore(dir).get('c'), undefined);
  assert.equal(packsIn(dir).length, 2);
});

test('a pack cut short, or a file of something else, is left out; the other packs are read', async () => {
  const dir = folder();
  const first = new PackedStore(dir);
  first.set('whole', Buffer.from('kept'));
  await first.flush();
  const second = new PackedStore(dir);
  second.set('cut', Buffer.from('x'.repeat(100)));
  await second.flush();
  const [, cut] = packsIn(dir).sort();
  const bytes = readFileSync(join(dir, cut!));
  writeFileSync(join(dir, cut!), bytes.subarray(0, bytes.length - 10));
  writeFileSync(join(dir, '0-stray.pack'), 'not a pack at all');
  const next = new PackedStore(dir);
  assert.equal(text(next.get('whole')), 'kept');
  assert.equal(next.get('cut'), undefined);
});

test('a value is read from its pack when asked for, not when the store opens', async () => {
  const dir = folder();
  const store = new PackedStore(dir);
  store.set('asked', Buffer.from('this one'));
  store.set('other', Buffer.from('y'.repeat(1000)));
  await store.flush();
  const [pack] = packsIn(dir);
  // The other value's bytes overwritten on disk: the asked one and the index are still read as written.
  const bytes = readFileSync(join(dir, pack!));
  bytes.fill(0x7a, bytes.indexOf('yyyy'), bytes.indexOf('yyyy') + 1000);
  writeFileSync(join(dir, pack!), bytes);
  const next = new PackedStore(dir);
  assert.equal(text(next.get('asked')), 'this one');
  assert.equal(text(next.get('other')), 'z'.repeat(1000));
});

test('many small packs are merged into one, the newest value of each key kept', async () => {
  const dir = folder();
  for (let i = 0; i < 14; i++) {
    const store = new PackedStore(dir);
    store.set('shared', Buffer.from(`v${i}`));
    store.set(`own-${i}`, Buffer.from(`${i}`));
    await store.flush();
  }
  assert.ok(packsIn(dir).length <= 13, `merged when over the limit: ${packsIn(dir).length} packs`);
  const store = new PackedStore(dir);
  assert.equal(text(store.get('shared')), 'v13');
  for (let i = 0; i < 14; i++) assert.equal(text(store.get(`own-${i}`)), `${i}`);
});

test('prune keeps what the build used once the rest is most of the packs', async () => {
  const dir = folder();
  const old = new PackedStore(dir);
  for (let i = 0; i < 10; i++) old.set(`gone-${i}`, Buffer.from('y'.repeat(100)));
  old.set('used', Buffer.from('u'.repeat(100)));
  old.set('kept', Buffer.from('k'.repeat(100)));
  await old.flush();
  const build = new PackedStore(dir);
  assert.ok(build.get('used'));
  build.keep('kept');
  build.set('new', Buffer.from('n'));
  await build.prune();
  assert.equal(packsIn(dir).length, 1);
  const next = new PackedStore(dir);
  assert.equal(next.get('gone-3'), undefined);
  assert.equal(text(next.get('used'))?.length, 100);
  assert.equal(text(next.get('kept'))?.length, 100);
  assert.equal(text(next.get('new')), 'n');
});

test('a store whose folder cannot be written keeps its entries in memory', async () => {
  writeFileSync(join(root, 'not-a-folder'), '');
  const store = new PackedStore(join(root, 'not-a-folder', 'inside'));
  store.set('a', Buffer.from('still here'));
  await store.flush();
  assert.equal(text(store.get('a')), 'still here');
});

test('a pack of thousands of entries (more pieces than one write call takes) reads back whole', async () => {
  const dir = folder();
  const store = new PackedStore(dir);
  const value = (i: number) => `${'v'.repeat(i % 300)}${i}`;
  for (let i = 0; i < 5000; i++) store.set(`k${i}`, Buffer.from(value(i)));
  await store.flush();
  const next = new PackedStore(dir);
  for (let i = 0; i < 5000; i++) assert.equal(text(next.get(`k${i}`)), value(i));
});

test('entries are written within a few seconds without a flush (a dev server stopped keeps what it compiled)', async () => {
  const dir = folder();
  const store = new PackedStore(dir);
  store.set('soon', Buffer.from('on disk'));
  await new Promise((resolve) => setTimeout(resolve, 2600));
  assert.equal(text(new PackedStore(dir).get('soon')), 'on disk');
});
