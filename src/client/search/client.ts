import type { SearchFiles, VersionFilter } from '../../shared/search';
import type { SearchResult } from './engine';
import { excerpt, type ExcerptPart } from './excerpt';
import type { FromWorker, ToWorker } from './worker-messages';

// The page's side of search: talks to the search worker (worker.ts), which api.ts starts on first use, and passes
// it queries. Nothing of lunr or the index is on the page's thread; this chunk is a few hundred bytes besides the
// excerpts.

export interface SearchRequest {
  query: string;
  /** Sections shown at most (40 when absent). */
  limit?: number;
  /** The docs versions to show; all when absent. */
  filter?: VersionFilter;
}

export interface SearchEngine {
  /**
   * Runs a query: `onResult` gets the first results as their documents arrive (`done` false), then the whole
   * result. Returns a function that stops it (the reader typed on); nothing is reported after that.
   */
  search(request: SearchRequest, onResult: (result: SearchResult, done: boolean) => void, onError?: (error: Error) => void): () => void;
  /** The part of a section's text around the query's terms, the terms marked. */
  excerpt(text: string, terms: string[]): ExcerptPart[];
}

let loading: Promise<SearchEngine> | undefined;

/** What api.ts started before this chunk arrived: the worker, and the two files' text. */
export interface SearchStart {
  worker: Worker;
  /** Settles if the worker stops (its script failed to load or threw). */
  stopped: Promise<Error>;
  entries: Promise<SearchEntries>;
}

/** The build's two entry files, named by the route manifest, and their text. */
export interface SearchEntries {
  files: SearchFiles;
  docs: string;
  index: string;
}

export function loadSearchEngine(start: SearchStart): Promise<SearchEngine> {
  loading ??= connect(start);
  // A failed load is retried on the next use.
  loading.catch(() => (loading = undefined));
  return loading;
}

function connect({ worker, stopped, entries }: SearchStart): Promise<SearchEngine> {
  return new Promise((resolve, reject) => {
    const pending = new Map<number, { onResult: (result: SearchResult, done: boolean) => void; onError: ((error: Error) => void) | undefined }>();
    let nextId = 1;
    const send = (message: ToWorker) => worker.postMessage(message);
    const engine: SearchEngine = {
      excerpt,
      search({ query, limit, filter }, onResult, onError) {
        const id = nextId++;
        pending.set(id, { onResult, onError });
        send({ type: 'search', id, query, ...(limit ? { limit } : {}), ...(filter ? { filter } : {}) });
        return () => {
          if (pending.delete(id)) send({ type: 'cancel', id });
        };
      },
    };
    worker.onmessage = (event: MessageEvent<FromWorker>) => {
      const message = event.data;
      if (message.type === 'ready') resolve(engine);
      else if (message.type === 'failed') {
        worker.terminate();
        reject(new Error(message.message));
      } else {
        const waiting = pending.get(message.id);
        if (!waiting) return;
        if (message.type === 'result') {
          if (message.done) pending.delete(message.id);
          waiting.onResult(message.result, message.done);
        } else {
          pending.delete(message.id);
          waiting.onError?.(new Error(message.message));
        }
      }
    };
    // The script did not load (a network failure, a policy that forbids workers), or the worker failed.
    void stopped.then((error) => {
      worker.terminate();
      reject(error);
      for (const [, waiting] of pending) waiting.onError?.(error);
      pending.clear();
    });
    const absolute = (url: string) => new URL(url, location.href).href;
    entries.then(
      // Parsed in the worker: a small site's whole index is megabytes of JSON.
      ({ files, docs, index }) => send({ type: 'open', files: { docs: absolute(files.docs), index: absolute(files.index) }, texts: { docs, index } }),
      (error: unknown) => {
        worker.terminate();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
