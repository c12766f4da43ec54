import type { SearchFiles, VersionFilter } from '../../shared/search';
import type { SearchResult } from './engine';

// What the page and the search worker say to each other (client.ts, worker.ts).

export type ToWorker =
  /** The entry files (absolute URLs) and their text, which the page fetched: the first use of search. */
  | { type: 'open'; files: Pick<SearchFiles, 'docs' | 'index'>; texts: { docs: string; index: string } }
  | { type: 'search'; id: number; query: string; limit?: number; filter?: VersionFilter }
  /** The reader typed on: stop fetching for this query. */
  | { type: 'cancel'; id: number };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  /** `done`: the whole result; else the first results, whose documents have arrived. */
  | { type: 'result'; id: number; result: SearchResult; done: boolean }
  | { type: 'search-failed'; id: number; message: string };
