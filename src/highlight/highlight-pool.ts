import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorker, workerUrl } from '../core/worker-thread';

// Highlighting in worker threads, for code that is not in Markdown files (the API reference's request samples:
// thousands of snippets on a large API, most of the reference's build time, all on one thread before). The
// caller hands code over as it makes its pages and goes on; the workers highlight meanwhile, on the other cores.

export interface HighlightJob {
  code: string;
  /** A language the highlighter has loaded (ensureLanguage's answer, or one of its preloaded ones). */
  lang: string;
}

export interface HighlightBatch {
  id: number;
  jobs: HighlightJob[];
}

export interface HighlightReply {
  id: number;
  html?: string[];
  error?: string;
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

/** Workers for `jobs` snippets: none below a few hundred, where starting a highlighter (~0.5 s) costs more than it saves. */
export function highlightWorkersFor(jobs: number): number {
  if (jobs < 300) return 0;
  return Math.max(1, Math.min(availableParallelism(), 4));
}

const WORKER_URL = workerUrl('highlight-worker', import.meta.url);
const WORKER_OPTIONS = { resourceLimits: { maxYoungGenerationSizeMb: 32 } };

export function createHighlightPool(size: number): HighlightPool {
  type Waiting = { resolve: (html: string) => void; reject: (error: Error) => void };
  const waiting = new Map<number, Waiting[]>();
  const queue: HighlightBatch[] = [];
  const idle: Worker[] = [];
  let batch: HighlightJob[] = [];
  let batchWaiting: Waiting[] = [];
  let nextId = 0;
  let failure: Error | undefined;

  const dispatch = () => {
    while (idle.length && queue.length) idle.pop()!.postMessage(queue.shift()!);
  };
  const flush = () => {
    if (!batch.length) return;
    const id = nextId++;
    waiting.set(id, batchWaiting);
    queue.push({ id, jobs: batch });
    batch = [];
    batchWaiting = [];
    dispatch();
  };
  const fail = (error: Error) => {
    failure ??= error;
    for (const jobs of waiting.values()) for (const job of jobs) job.reject(error);
    waiting.clear();
  };

  const workers = Array.from({ length: size }, () => {
    const worker = startWorker(WORKER_URL, WORKER_OPTIONS);
    worker.on('message', (reply: HighlightReply) => {
      const jobs = waiting.get(reply.id) ?? [];
      waiting.delete(reply.id);
      idle.push(worker);
      dispatch();
      if (reply.html) jobs.forEach((job, index) => job.resolve(reply.html![index]!));
      else jobs.forEach((job) => job.reject(new Error(`highlighting failed in a worker: ${reply.error}`)));
    });
    worker.on('error', fail);
    idle.push(worker);
    return worker;
  });

  return {
    highlight(job) {
      if (failure) return Promise.reject(failure);
      return new Promise((resolve, reject) => {
        batch.push(job);
        batchWaiting.push({ resolve, reject });
        if (batch.length >= BATCH_SIZE) flush();
      });
    },
    flush,
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
      fail(new Error('the highlight pool was closed'));
    },
  };
}
