import type lunr from 'lunr';
import { search, type SearchResult } from '../../../src/client/search/engine';
import { excerpt } from '../../../src/client/search/excerpt';
import type { QueryLanguage } from '../../../src/client/search/languages';
import { singleFileSource } from '../../../src/client/search/single-file-source';
import type { SearchDoc, SearchVersion, VersionFilter } from '../../../src/shared/search';

/** The worker's engine over one index and its documents, as a small site's files make it. */
export function createEngine(docs: SearchDoc[], index: lunr.Index, options: { language?: QueryLanguage; versions?: SearchVersion[] } = {}) {
  const source = singleFileSource(docs, index, options);
  return {
    search: (query: string, limit?: number, filter?: VersionFilter): Promise<SearchResult> => search(source, query, { ...(limit ? { limit } : {}), ...(filter ? { filter } : {}) }),
    excerpt,
  };
}
