import { useEffect, useState } from 'react';
import type { SearchEngine, SearchResult } from '../../src/client/api';
import type { VersionFilter } from '../../src/shared/search';

// The results of a query, as the search worker sends them: the first ones as their documents arrive, then all.
// Until the new query's first results come, the last query's stay on screen: typing on does not blank the list.

export interface SearchState {
  result: SearchResult | null;
  /** The shown result answers an earlier query, or not all of this one has arrived yet. */
  pending: boolean;
  failed: boolean;
}

/** `filterKey`: the filter as a string, so a filter made anew on each render does not search again. */
export function useSearchResult(engine: SearchEngine | null, query: string, limit: number | undefined, filter: VersionFilter | undefined, filterKey: string | undefined): SearchState {
  const [state, setState] = useState<SearchState>({ result: null, pending: false, failed: false });
  useEffect(() => {
    if (!engine || !query.trim()) {
      setState({ result: null, pending: false, failed: false });
      return;
    }
    setState((current) => ({ ...current, pending: true }));
    return engine.search(
      { query, ...(limit ? { limit } : {}), ...(filter ? { filter } : {}) },
      (result, done) => setState({ result, pending: !done, failed: false }),
      () => setState({ result: null, pending: false, failed: true }),
    );
  }, [engine, query, limit, filterKey]);
  return state;
}
