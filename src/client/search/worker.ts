import type { PackedSearchIndex, SearchDoc, SearchFiles, ShardedSearchDocs, ShardedSearchIndex } from '../../shared/search';
import { queryTerms } from '../../shared/search';
import { search, type SearchSource } from './engine';
import { loadQueryLanguage } from './languages';
import { shardedSource } from './sharded-source';
import { packedSource } from './single-file-source';
import type { FromWorker, ToWorker } from './worker-messages';

// The search worker: fetches the index, parses it and answers queries off the page's thread, so typing never
// waits for a big index to load or a query to run. One per page, started on the first use of the search box.

/** The worker's global scope, in the DOM's types (the project's code is typed for pages, not workers). */
const scope = globalThis as unknown as { postMessage(message: FromWorker): void; onmessage: ((event: MessageEvent<ToWorker>) => void) | null };

/**
 * A one- or two-letter word on a sharded index fetches the title and heading shards of everything it starts: the
 * worker waits this long for the next letter first (a reader typing on never pays for them).
 */
const SHORT_WORD_WAIT_MS = 250;

let opening: Promise<SearchSource> | undefined;
const cancelled = new Set<number>();
const post = (message: FromWorker) => scope.postMessage(message);

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'open') {
    opening ??= open(message.files);
    opening.then(
      () => post({ type: 'ready' }),
      (error: unknown) => {
        opening = undefined; // the next use tries again
        post({ type: 'failed', message: String(error) });
      },
    );
  } else if (message.type === 'cancel') cancelled.add(message.id);
  else void answer(message);
};

async function answer({ id, query, limit, filter }: Extract<ToWorker, { type: 'search' }>): Promise<void> {
  try {
    const source = await opening!;
    const terms = queryTerms(query);
    if (source.fetchesShards && (terms.at(-1)?.length ?? 3) < 3) await new Promise((resolve) => setTimeout(resolve, SHORT_WORD_WAIT_MS));
    const isCancelled = () => cancelled.has(id);
    if (isCancelled()) return;
    const result = await search(source, query, { ...(limit ? { limit } : {}), ...(filter ? { filter } : {}), cancelled: isCancelled, partial: (partial) => post({ type: 'result', id, result: partial, done: false }) });
    if (!isCancelled()) post({ type: 'result', id, result, done: true });
  } catch (error) {
    post({ type: 'search-failed', id, message: String(error) });
  } finally {
    cancelled.delete(id);
  }
}

async function open(files: Pick<SearchFiles, 'docs' | 'index'>): Promise<SearchSource> {
  const [docs, index] = await Promise.all([fetchJson(files.docs), fetchJson(files.index)]);
  const { pipeline } = index as { pipeline: string[] };
  // lunr loads an index only once the functions its pipeline names are registered.
  const language = await loadQueryLanguage(pipeline);
  if ((index as ShardedSearchIndex).format === 'docsite-lunr-shards-1') return shardedSource(files, index as ShardedSearchIndex, docs as ShardedSearchDocs, language, fetchJson);
  return packedSource(docs as SearchDoc[], index as PackedSearchIndex, language);
}

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`search index ${url}: HTTP ${response.status}`);
  return response.json();
}
