import { serveJobs } from '../core/worker-pool';
import type { HighlightJob } from './highlight-pool';
import { getHighlighter, highlightCode } from './highlighter';

// A highlight worker: docsite's highlighter, fed batches of code (languages already resolved by the caller).

const highlighter = getHighlighter();

serveJobs(async (jobs: HighlightJob[]) => {
  const instance = await highlighter;
  return jobs.map(({ code, lang }) => highlightCode(instance, code, lang));
});
