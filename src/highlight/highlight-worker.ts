import { parentPort } from 'node:worker_threads';
import { getHighlighter, highlightCode } from './highlighter';
import type { HighlightBatch, HighlightReply } from './highlight-pool';

// A highlight worker: docsite's highlighter, fed batches of code (languages already resolved by the caller).

const highlighter = getHighlighter();

parentPort!.on('message', async ({ id, jobs }: HighlightBatch) => {
  let reply: HighlightReply;
  try {
    const instance = await highlighter;
    reply = { id, html: jobs.map(({ code, lang }) => highlightCode(instance, code, lang)) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(reply);
});
