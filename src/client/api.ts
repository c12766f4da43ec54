import type { SearchEngine } from './search/engine';
import { readBootData } from './boot';

// The browser runtime's public API: the one module of src/client the theme may import
// (test/unit/architecture.test.ts holds both sides to it). The runtime reaches the theme the
// other way only through `docsite:theme`.

export type { ExcerptPart } from './search/excerpt';
export type { PageHit, SearchEngine, SearchResult, SectionHit } from './search/engine';

/**
 * The search engine over this build's index files (named in the page's boot data). It is a chunk of
 * its own, with lunr, fetched on first use: never part of a page's first load. Rejects when the page
 * has no search index or the files do not load (the next call tries again).
 */
export function loadSearchEngine(): Promise<SearchEngine> {
  return import('./search/engine').then((engine) => {
    const files = readBootData().search;
    if (!files) throw new Error('this page has no search index');
    return engine.loadSearchEngine(files);
  });
}
