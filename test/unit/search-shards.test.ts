import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { search, type SearchResult, type SearchSource } from '../../src/client/search/engine';
import { ENGLISH } from '../../src/client/search/languages';
import { packedSource } from '../../src/client/search/single-file-source';
import { shardSearchIndex, shouldShard } from '../../src/search/shard-index';
import { memoryShardedSource } from './helpers/search-engine';
import { decodeShardTable, type PackedSearchIndex, type SearchDoc } from '../../src/shared/search';
import { builtMemoraSite } from '../helpers';

// The sharded index answers as the single one: the Memora site's own index, cut into shards as a big site's is,
// gives the same pages, sections, scores and order for words, prefixes as they are typed, two-word queries and
// typos. (The Memora site itself is small enough to keep its two files: `shouldShard` says so.)

const memora = builtMemoraSite();

function memoraIndex(): { docs: SearchDoc[]; index: PackedSearchIndex } {
  const dir = join(memora.dir, 'build');
  const file = (prefix: string) => JSON.parse(readFileSync(join(dir, readdirSync(dir).find((name) => name.startsWith(prefix) && name.endsWith('.json'))!), 'utf8'));
  return { docs: file('search-doc-'), index: file('lunr-index-') };
}

const shardedOf = (whole: { docs: SearchDoc[]; index: PackedSearchIndex }) => memoryShardedSource(whole);

/** Words of the site's titles and headings, most frequent first: what readers search for. */
function queriesOf(docs: SearchDoc[]): string[] {
  const counts = new Map<string, number>();
  for (const doc of docs) for (const word of `${doc.t} ${doc.h ?? ''}`.toLowerCase().match(/[a-z]{3,}/g) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  const words = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([word]) => word).slice(0, 60);
  const queries = new Set<string>();
  for (const word of words.slice(0, 15)) for (let length = 1; length <= word.length; length++) queries.add(word.slice(0, length));
  for (const word of words) queries.add(word);
  for (let i = 0; i + 1 < words.length; i += 2) queries.add(`${words[i]} ${words[i + 1]}`);
  for (let i = 0; i + 2 < words.length; i += 3) queries.add(`how to ${words[i]} ${words[i + 2]!.slice(0, 2)}`);
  // Typos, which lunr matches with words anywhere in the alphabet ("review" finds "preview").
  for (const word of words.filter((w) => w.length >= 6)) queries.add(word.slice(0, 3) + word[4] + word[3] + word.slice(5));
  queries.add('api');
  queries.add('x');
  queries.add('docker compose backup restore');
  return [...queries];
}

const summary = (result: SearchResult) => result.pages.map((page) => ({ url: page.url, version: page.version, sections: page.sections.map((section) => [section.doc.u, section.score]) }));

async function compare(single: SearchSource, sharded: SearchSource, query: string, limit?: number) {
  const options = limit ? { limit } : {};
  assert.deepEqual(summary(await search(sharded, query, options)), summary(await search(single, query, options)), `query ${JSON.stringify(query)}`);
}

test('the Memora site keeps its two files; the sharded index answers every query as they do', async () => {
  await memora.ready();
  const whole = memoraIndex();
  const bytes = JSON.stringify(whole.docs).length + JSON.stringify(whole.index).length;
  assert.equal(shouldShard(bytes, 'auto'), false);
  assert.equal(shouldShard(bytes, 'always'), true);
  assert.equal(shouldShard(bytes * 2, 'auto'), true, 'twice its size would be sharded');
  assert.equal(shouldShard(bytes * 2, 'never'), false);
  const single = packedSource(whole.docs, whole.index, ENGLISH);
  const { sharded, source, fetched } = shardedOf(whole);
  assert.ok(decodeShardTable(sharded.index.terms).files.length >= 4 && decodeShardTable(sharded.docs.shards).files.length >= 10, 'the site is cut into several shards of each kind');
  const queries = queriesOf(whole.docs);
  assert.ok(queries.length > 100);
  for (const query of queries) await compare(single, source, query);
  await compare(single, source, 'backup', 200);
  // Each query fetched what it needed only: a word needs a handful of shards, never the whole index.
  const { source: fresh, fetched: oneWord } = shardedOf(whole);
  await search(fresh, 'backup');
  assert.ok(oneWord.length < (decodeShardTable(sharded.index.terms).files.length + decodeShardTable(sharded.docs.shards).files.length) / 2, `one word fetched ${oneWord.length} files`);
  assert.equal(new Set(fetched).size, fetched.length, 'no shard is fetched twice');
});

test('a shard is named by its content: the same index gives the same names, another range another name', async () => {
  await memora.ready();
  const whole = memoraIndex();
  const first = shardSearchIndex(whole);
  const again = shardSearchIndex(JSON.parse(JSON.stringify(whole)));
  assert.deepEqual([...again.files.keys()], [...first.files.keys()]);
  for (const path of first.files.keys()) assert.match(path, /^assets\/search\/[thd]-[a-z2-7]{10}\.json$/);
  assert.equal(new Set(first.files.keys()).size, first.files.size);
});

test('results arrive as their documents do, best first, and a cancelled query stops fetching', async () => {
  await memora.ready();
  const whole = memoraIndex();
  const { source, fetched } = shardedOf(whole);
  const partials: SearchResult[] = [];
  const final = await search(source, 'backup', { partial: (result) => partials.push(result) });
  assert.ok(partials.length >= 1);
  const order = (result: SearchResult) => result.pages.flatMap((page) => page.sections.map((section) => section.doc.u));
  for (const partial of partials) assert.deepEqual(order(partial), order(final).slice(0, order(partial).length), 'a partial result is the start of the final one');
  const before = fetched.length;
  await search(source, 'restore', { cancelled: () => true });
  assert.ok(fetched.slice(before).every((path) => !path.includes('/d-')), 'no documents were fetched');
});
