import type { RouteManifest } from '../shared/types';
import type { SearchEngine, SearchEntries, SearchStart } from './search/client';
import { readBootData } from './boot';
import { loadManifest } from './router';

// The browser runtime's public API: the one module of src/client the theme may import
// (test/unit/architecture.test.ts holds both sides to it). The runtime reaches the theme the
// other way only through `docsite:theme`.

export type { ExcerptPart } from './search/excerpt';
export type { PageHit, SearchResult, SectionHit } from './search/engine';
export type { SearchEngine, SearchRequest } from './search/client';

/**
 * The search engine over this build's index files (named in the route manifest). Its page side is a small chunk of
 * its own; lunr and the index live in a worker. Both load on first use: never part of a page's first load. Rejects
 * when the page has no search index or the worker does not start (the next call tries again).
 */
export function loadSearchEngine(): Promise<SearchEngine> {
  const boot = readBootData();
  if (!boot.searchWorker) return Promise.reject(new Error('this page has no search index'));
  // The worker's script, the manifest (fetched at idle already, as a rule) and the index's entry files are fetched
  // beside the engine's chunk, not after it: on a slow network each request in a row is a round trip.
  if (!started) {
    try {
      const worker = new Worker(boot.searchWorker, { type: 'module', name: 'docsite-search' });
      // Heard from the start: the script may fail to load before the engine's chunk arrives.
      const stopped = new Promise<Error>((resolve) =>
        worker.addEventListener('error', (event) => {
          event.preventDefault();
          resolve(new Error(`search worker: ${event.message || 'failed to start'}`));
        }),
      );
      started = { worker, stopped, entries: loadManifest(boot.manifest).then(searchEntries) };
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error))); // a policy that forbids workers
    }
    started.entries.catch(() => undefined);
  }
  const start = started;
  return import('./search/client')
    .then((client) => client.loadSearchEngine(start))
    .catch((error: unknown) => {
      // The next use starts again.
      start.worker.terminate();
      if (started === start) started = undefined;
      throw error;
    });
}

async function searchEntries(manifest: RouteManifest): Promise<SearchEntries> {
  const files = manifest.search;
  if (!files) throw new Error('this site has no search index');
  const [docs, index] = await Promise.all([fetchText(files.docs), fetchText(files.index)]);
  return { files, docs, index };
}

let started: SearchStart | undefined;

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`search index ${url}: HTTP ${response.status}`);
  return response.text();
}
