import { parentPort, type Worker, type WorkerOptions } from 'node:worker_threads';
import { reviveError, serializeError, type SerializedError } from './worker-errors';
import { startWorker } from './worker-thread';

// One pool of worker threads for every kind of work docsite spreads over the cores (Markdown compiles,
// highlighting, rendering): jobs queue up and go to whichever worker is free; a worker answers each with its
// result or its error, which crosses as plain data (worker-errors.ts) and keeps its file and line.

export interface WorkerPool<Job, Result> {
  run(job: Job): Promise<Result>;
  /** Starts more workers, up to `size` in all: the jobs waiting go to them too. */
  grow(size: number): void;
  /** Jobs given to the pool that no worker has started yet. */
  readonly queued: number;
  /** Stops the workers; jobs not answered yet are rejected. */
  close(): Promise<void>;
}

interface Request<Job> {
  id: number;
  job: Job;
}

interface Reply<Result> {
  id: number;
  result?: Result;
  error?: SerializedError;
}

/**
 * `describeCrash` says what went wrong when a worker dies during a job (it ran out of the heap its resource limits
 * give it): its error then names the job's input. The pool fails as a whole either way.
 */
export function createWorkerPool<Job, Result>(url: URL, options: WorkerOptions, size: number, describeCrash?: (job: Job, error: Error) => Error): WorkerPool<Job, Result> {
  type Waiting = { resolve: (result: Result) => void; reject: (error: Error) => void };
  const waiting = new Map<number, Waiting>();
  const queue: Request<Job>[] = [];
  const idle: Worker[] = [];
  /** The job each busy worker is on. */
  const running = new Map<Worker, Request<Job>>();
  let nextId = 0;
  let failure: Error | undefined;
  let closed = false;

  const dispatch = () => {
    while (idle.length && queue.length) {
      const worker = idle.pop()!;
      const request = queue.shift()!;
      running.set(worker, request);
      worker.postMessage(request);
    }
  };
  const fail = (error: Error) => {
    failure ??= error;
    for (const job of waiting.values()) job.reject(error);
    waiting.clear();
  };

  const startOne = () => {
    const worker = startWorker(url, options);
    worker.on('message', (reply: Reply<Result>) => {
      running.delete(worker);
      const job = waiting.get(reply.id);
      waiting.delete(reply.id);
      idle.push(worker);
      dispatch();
      if (!job) return;
      if (reply.error) job.reject(reviveError(reply.error));
      else job.resolve(reply.result as Result);
    });
    worker.on('error', (error: Error) => {
      const request = running.get(worker);
      fail(request && describeCrash ? describeCrash(request.job, error) : error);
    });
    idle.push(worker);
    return worker;
  };
  const workers = Array.from({ length: size }, startOne);

  return {
    run(job) {
      if (failure) return Promise.reject(failure);
      return new Promise((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        queue.push({ id, job });
        dispatch();
      });
    },
    grow(size) {
      if (closed || failure) return;
      while (workers.length < size) workers.push(startOne());
      dispatch();
    },
    get queued() {
      return queue.length;
    },
    async close() {
      closed = true;
      await Promise.all(workers.map((worker) => worker.terminate()));
      fail(new Error('the worker pool was closed'));
    },
  };
}

/** The worker's side: answers each job the pool sends with `handle`'s result or error. */
export function serveJobs<Job, Result>(handle: (job: Job) => Result | Promise<Result>): void {
  parentPort!.on('message', async ({ id, job }: Request<Job>) => {
    let reply: Reply<Result>;
    try {
      reply = { id, result: await handle(job) };
    } catch (error) {
      reply = { id, error: serializeError(error) };
    }
    parentPort!.postMessage(reply);
  });
}
