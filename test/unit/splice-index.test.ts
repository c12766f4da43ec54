import assert from 'node:assert/strict';
import { test } from 'node:test';
import { packSearchIndex } from '../../src/search/search-index';
import { spliceSearchIndex } from '../../src/search/splice-index';
import type { SearchDoc } from '../../src/shared/search';

// The spliced index must be the packed one, exactly: an incremental build's search files equal a full build's.

const WORDS = ['backup', 'photos', 'videos', 'server', 'running', 'runs', 'library', 'albums', 'sharing', 'the', 'a', 'face', 'faces', 'storage', 'upload', 'mobile', 'x86_64', 'zebra', 'quartz', 'über'];

/** A deterministic stream of numbers, so a failure can be run again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function text(next: () => number, words: number): string {
  return Array.from({ length: words }, () => WORDS[Math.floor(next() * WORDS.length)]).join(next() < 0.5 ? ' ' : '-');
}

function doc(next: () => number, id: number): SearchDoc {
  return { t: `Page ${Math.floor(id / 3)} ${text(next, 2)}`, ...(id % 3 ? { h: text(next, 3) } : {}), u: `/docs/p${id}`, b: text(next, Math.floor(next() * 30)), k: 'doc' };
}

test('an edited, added or removed run of documents splices into the index packing would make', () => {
  for (let seed = 1; seed <= 60; seed++) {
    const next = random(seed);
    const before = Array.from({ length: 20 + Math.floor(next() * 40) }, (_, id) => doc(next, id));
    const after = [...before];
    const at = Math.floor(next() * after.length);
    const removed = Math.floor(next() * 3);
    const added = Array.from({ length: Math.floor(next() * 3) }, (_, i) => doc(next, 1000 + i));
    after.splice(at, removed, ...added);
    // Sometimes only the text of a section changes: the same count of documents.
    if (seed % 4 === 0 && after[at]) after[at] = { ...after[at]!, b: `${after[at]!.b} zebra quartz newterm${seed}` };
    const previous = packSearchIndex(before);
    assert.deepEqual(spliceSearchIndex(previous, before, after), packSearchIndex(after), `seed ${seed}`);
  }
});

test('a document that takes the last use of a term away removes the term; nothing changed gives the same index', () => {
  const before: SearchDoc[] = [
    { t: 'One', u: '/one', b: 'backup photos', k: 'doc' },
    { t: 'Two', u: '/two', b: 'lonelyterm videos', k: 'doc' },
    { t: 'Three', u: '/three', b: 'backup server', k: 'doc' },
  ];
  const after = [before[0]!, { ...before[1]!, b: 'videos' }, before[2]!];
  const spliced = spliceSearchIndex(packSearchIndex(before), before, after);
  assert.deepEqual(spliced, packSearchIndex(after));
  assert.ok(!spliced.terms.includes('lonelyterm'));
  assert.deepEqual(spliceSearchIndex(packSearchIndex(before), before, before), packSearchIndex(before));
});

test('versions and other languages splice too; a different language packs from scratch', () => {
  const docs: SearchDoc[] = [
    { t: 'Sauvegarde', u: '/fr/a', b: 'les photos et les vidéos', k: 'doc', v: 0 },
    { t: 'Serveur', u: '/fr/b', b: 'le serveur tourne', k: 'doc', v: 1 },
  ];
  const versions = [
    { pluginId: 'default', name: '2.0' },
    { pluginId: 'default', name: '1.0' },
  ];
  const after = [docs[0]!, { ...docs[1]!, b: 'le serveur tourne encore' }];
  const options = { language: 'fr', versions };
  assert.deepEqual(spliceSearchIndex(packSearchIndex(docs, options), docs, after, options), packSearchIndex(after, options));
  assert.deepEqual(spliceSearchIndex(packSearchIndex(docs), docs, after, options), packSearchIndex(after, options));
});
