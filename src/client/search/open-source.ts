import type { PackedSearchIndex, SearchDoc, SearchFiles, ShardedSearchDocs, ShardedSearchIndex } from '../../shared/search';
import type { SearchSource } from './engine';
import { loadQueryLanguage } from './languages';
import { shardedSource, type FetchJson } from './sharded-source';
import { packedSource } from './single-file-source';

/**
 * The source over a build's two search files (absolute URLs): a small site's whole index, or a big site's entry
 * files. `parsed`: their contents, when already fetched.
 */
export async function openSearchSource(files: Pick<SearchFiles, 'docs' | 'index'>, fetchJson: FetchJson, parsed?: { docs: unknown; index: unknown }): Promise<SearchSource> {
  const [docs, index] = parsed ? [parsed.docs, parsed.index] : await Promise.all([fetchJson(files.docs), fetchJson(files.index)]);
  const { pipeline } = index as { pipeline: string[] };
  // lunr loads an index only once the functions its pipeline names are registered.
  const language = await loadQueryLanguage(pipeline);
  if ((index as ShardedSearchIndex).format === 'docsite-lunr-shards-1') return shardedSource(files, index as ShardedSearchIndex, docs as ShardedSearchDocs, language, fetchJson);
  return packedSource(docs as SearchDoc[], index as PackedSearchIndex, language);
}
