import { queryTerms } from '../../shared/search';
import { search, type SearchSource } from './engine';
import { openSearchSource } from './open-source';
import type { FromWorker, ToWorker } from './worker-messages';

// The search worker: fetches the index, parses it and answers queries off the page's thread, so typing never
// waits for a big index to load or a query to run. One per page, started on the first use of the search box.

/** The worker's global scope, in the DOM's types (the project's code is typed for pages, not workers). */
const scope = globalThis as unknown as { postMessage(message: FromWorker): void; onmessage: ((event: MessageEvent<ToWorker>) => void) | null };

/**
 * On a sharded index, a query waits this long for the next letter before fetching: each prefix of a word being
 * typed would fetch its own shards and results. A one- or two-letter word, which fetches the title and heading
 * postings of every word it starts, waits longer.
 */
const TYPING_WAIT_MS = 80;
const SHORT_WORD_WAIT_MS = 250;

/**
 * Sections the search box lists on a sharded index, each of whose documents is fetched (the search page lists
 * them all); on a small site, whose documents are all loaded, the box lists 40.
 */
const SHARDED_BOX_LIMIT = 10;

let opening: Promise<SearchSource> | undefined;
const cancelled = new Set<number>();
const post = (message: FromWorker) => scope.postMessage(message);

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'open') {
    const { files, texts } = message;
    opening ??= (async () => openSearchSource(files, fetchJson, { docs: JSON.parse(texts.docs), index: JSON.parse(texts.index) }))();
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
    if (source.fetchesShards) await new Promise((resolve) => setTimeout(resolve, (terms.at(-1)?.length ?? 3) < 3 ? SHORT_WORD_WAIT_MS : TYPING_WAIT_MS));
    const isCancelled = () => cancelled.has(id);
    if (isCancelled()) return;
    const result = await search(source, query, { ...(limit ? { limit } : source.fetchesShards ? { limit: SHARDED_BOX_LIMIT } : {}), ...(filter ? { filter } : {}), cancelled: isCancelled, partial: (partial) => post({ type: 'result', id, result: partial, done: false }) });
    if (!isCancelled()) post({ type: 'result', id, result, done: true });
  } catch (error) {
    post({ type: 'search-failed', id, message: String(error) });
  } finally {
    cancelled.delete(id);
  }
}

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`search index ${url}: HTTP ${response.status}`);
  return response.json();
}
