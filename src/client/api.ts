import type { SearchEngine, SearchStart } from './search/client';
import { readBootData } from './boot';

// The browser runtime's public API: the one module of src/client the theme may import
// (test/unit/architecture.test.ts holds both sides to it). The runtime reaches the theme the
// other way only through `docsite:theme`.

export type { ExcerptPart } from './search/excerpt';
export type { PageHit, SearchResult, SectionHit } from './search/engine';
export type { SearchEngine, SearchRequest } from './search/client';

/**
 * The search engine over this build's index files (named in the page's boot data). Its page side is a small
 * chunk of its own; lunr and the index live in a worker. Both load on first use: never part of a page's first
 * load. Rejects when the page has no search index or the worker does not start (the next call tries again).
 */
export function loadSearchEngine(): Promise<SearchEngine> {
  const files = readBootData().search;
  if (!files) return Promise.reject(new Error('this page has no search index'));
  // The worker's script and the index's entry files are fetched at once, beside the engine's chunk, not after it:
  // on a slow network each request in a row is a round trip.
  if (!started) {
    try {
      const worker = new Worker(files.worker, { type: 'module', name: 'docsite-search' });
      // Heard from the start: the script may fail to load before the engine's chunk arrives.
      const stopped = new Promise<Error>((resolve) =>
        worker.addEventListener('error', (event) => {
          event.preventDefault();
          resolve(new Error(`search worker: ${event.message || 'failed to start'}`));
        }),
      );
      started = { worker, stopped, entries: Promise.all([fetchText(files.docs), fetchText(files.index)]).then(([docs, index]) => ({ docs, index })) };
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error))); // a policy that forbids workers
    }
    started.entries.catch(() => undefined);
  }
  const start = started;
  return import('./search/client')
    .then((client) => client.loadSearchEngine(files, start))
    .catch((error: unknown) => {
      // The next use starts again.
      start.worker.terminate();
      if (started === start) started = undefined;
      throw error;
    });
}

let started: SearchStart | undefined;

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`search index ${url}: HTTP ${response.status}`);
  return response.text();
}
