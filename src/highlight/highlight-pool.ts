import { availableParallelism } from 'node:os';
import { createWorkerPool } from '../core/worker-pool';
import { workerUrl } from '../core/worker-thread';

// Highlighting in worker threads, for code that is not in Markdown files (the API reference's request samples:
// thousands of snippets on a large API, most of the reference's build time, all on one thread before). The
// caller hands code over as it makes its pages and goes on; the workers highlight meanwhile, on the other cores.

export interface HighlightJob {
  code: string;
  /** A language the highlighter has loaded (ensureLanguage's answer, or one of its preloaded ones). */
  lang: string;
}

export interface HighlightPool {
  /** The highlighted `<pre>` of the code, once a worker has made it. */
  highlight(job: HighlightJob): Promise<string>;
  /** Sends the snippets still gathering into a batch (call it once the last one is handed over). */
  flush(): void;
  /** Stops the workers; what they had not answered is rejected. */
  close(): Promise<void>;
}

/** Snippets per message: one each would spend more on messages than on some of the snippets. */
const BATCH_SIZE = 32;

/**
 * Workers for `jobs` snippets: none below a thousand, where starting a highlighter in each (~1 s with its grammars)
 * costs about what it saves. Measured content stages on 2 cores, alone -> with two workers: Memora's 438 snippets
 * 4.5-4.8 s -> 5.4-5.6 s; Stripe's 1,404 11.7-13.5 s -> 10.7-11.6 s; Kubernetes' 3,369 14.9 s -> 10.3 s.
 */
export function highlightWorkersFor(jobs: number): number {
  const cores = availableParallelism();
  // On one core a worker only takes turns with the thread that waits for it.
  if (jobs < 1000 || cores < 2) return 0;
  return Math.min(cores, 4);
}

const WORKER_URL = workerUrl('highlight-worker', import.meta.url);

export function createHighlightPool(size: number): HighlightPool {
  type Waiting = { resolve: (html: string) => void; reject: (error: unknown) => void };
  const pool = createWorkerPool<HighlightJob[], string[]>(WORKER_URL, { resourceLimits: { maxYoungGenerationSizeMb: 32 } }, size);
  let batch: HighlightJob[] = [];
  let waiting: Waiting[] = [];
  const flush = () => {
    if (!batch.length) return;
    const answers = waiting;
    pool.run(batch).then(
      (html) => answers.forEach((answer, index) => answer.resolve(html[index]!)),
      (error: unknown) => answers.forEach((answer) => answer.reject(error)),
    );
    batch = [];
    waiting = [];
  };
  return {
    highlight(job) {
      return new Promise((resolve, reject) => {
        batch.push(job);
        waiting.push({ resolve, reject });
        if (batch.length >= BATCH_SIZE) flush();
      });
    },
    flush,
    close: () => pool.close(),
  };
}
