import type lunr from 'lunr';
import { search, type SearchResult } from '../../../src/client/search/engine';
import { excerpt } from '../../../src/client/search/excerpt';
import { ENGLISH, type QueryLanguage } from '../../../src/client/search/languages';
import { shardedSource } from '../../../src/client/search/sharded-source';
import { shardSearchIndex } from '../../../src/search/shard-index';
import { singleFileSource } from '../../../src/client/search/single-file-source';
import type { PackedSearchIndex, SearchDoc, SearchVersion, VersionFilter } from '../../../src/shared/search';

/** The worker's engine over one index and its documents, as a small site's files make it. */
export function createEngine(docs: SearchDoc[], index: lunr.Index, options: { language?: QueryLanguage; versions?: SearchVersion[] } = {}) {
  const source = singleFileSource(docs, index, options);
  return {
    search: (query: string, limit?: number, filter?: VersionFilter): Promise<SearchResult> => search(source, query, { ...(limit ? { limit } : {}), ...(filter ? { filter } : {}) }),
    excerpt,
  };
}

/** A big site's source over `search` cut into shards, served from memory; `fetched` lists what it asked for. */
export function memoryShardedSource(whole: { docs: SearchDoc[]; index: PackedSearchIndex }, language: QueryLanguage = ENGLISH) {
  const sharded = shardSearchIndex(whole);
  const base = 'https://docs.example/';
  const fetched: string[] = [];
  const source = shardedSource({ index: `${base}lunr-index-1.json`, docs: `${base}search-doc-1.json` }, JSON.parse(JSON.stringify(sharded.index)), JSON.parse(JSON.stringify(sharded.docs)), language, async (url) => {
    const path = url.slice(base.length);
    fetched.push(path);
    const json = sharded.files.get(path);
    if (json === undefined) throw new Error(`no shard ${path}`);
    return JSON.parse(json);
  });
  return { sharded, source, fetched };
}
