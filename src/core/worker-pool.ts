import { parentPort, type Worker, type WorkerOptions } from 'node:worker_threads';
import { reviveError, serializeError, type SerializedError } from './worker-errors';
import { startWorker } from './worker-thread';

// One pool of worker threads for every kind of work docsite spreads over the cores (Markdown compiles,
// highlighting, rendering): jobs queue up and go to the worker holding the fewest, two at most; a worker answers each
// with its result or its error, which crosses as plain data (worker-errors.ts) and keeps its file and line.

export interface WorkerPool<Job, Result> {
  run(job: Job): Promise<Result>;
  /** Starts more workers, up to `size` in all: the jobs waiting go to them too. */
  grow(size: number): void;
  /** Jobs given to the pool that no worker holds yet. */
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
 * Jobs a worker holds at once, unless told (`PoolOptions.jobsPerWorker`): the one it is on and the next. A worker that
 * had to ask for its next job waited for the thread that owns the pool to take its answer first, and that thread is
 * often busy with its own work for tens of milliseconds (compiling Markdown beside the code-block worker, rendering
 * pages beside the card workers): the code-block worker sat idle for two fifths of a cold build's compile stage.
 */
const JOBS_PER_WORKER = 2;

export interface PoolOptions<Job> {
  /**
   * What went wrong when a worker dies during a job (it ran out of the heap its resource limits give it): its error
   * then names the job's input. The pool fails as a whole either way.
   */
  describeCrash?: (job: Job, error: Error) => Error;
  /**
   * Jobs a worker is given ahead (2). `Infinity` for a single worker whose jobs are all wanted in the order given,
   * which its owner hands out while busy: it never waits for the owner's thread.
   */
  jobsPerWorker?: number;
  /**
   * `close()` asks each worker to leave once the job it is on is done (the jobs it holds beyond that are dropped) and
   * waits for it, instead of terminating it. For a worker that loads ES modules unasked (the code-block worker loads
   * shiki's at its start and grammars as it warms up): terminated while Node was loading one for `require`, a worker
   * aborted the whole process ("v8::Module::IsGraphAsync must be used on an instantiated module", Node 20). Not the
   * default: the other pools' workers are idle when a build closes them, unless it failed or `docsite dev` dropped the
   * work, and then they should stop at once, not finish a batch of pages first.
   */
  closeGracefully?: boolean;
}

/** What a pool sends a worker it closes gracefully. */
interface Leave {
  leave: true;
}
/** A worker still there this long after it was asked to leave is terminated. */
const LEAVE_TIMEOUT_MS = 10_000;

export function createWorkerPool<Job, Result>(url: URL, options: WorkerOptions, size: number, { describeCrash, jobsPerWorker = JOBS_PER_WORKER, closeGracefully = false }: PoolOptions<Job> = {}): WorkerPool<Job, Result> {
  type Waiting = { resolve: (result: Result) => void; reject: (error: Error) => void };
  const waiting = new Map<number, Waiting>();
  const queue: Request<Job>[] = [];
  /** The jobs each worker holds, in the order it was given them: it is on the first. */
  const held = new Map<Worker, Request<Job>[]>();
  let nextId = 0;
  let failure: Error | undefined;
  let closed = false;

  /** The worker holding the fewest jobs, if one has room for another. */
  const leastBusy = (): Worker | undefined => {
    let best: Worker | undefined;
    for (const [worker, jobs] of held) if (jobs.length < jobsPerWorker && (!best || jobs.length < held.get(best)!.length)) best = worker;
    return best;
  };
  const dispatch = () => {
    for (let worker = leastBusy(); worker && queue.length; worker = leastBusy()) {
      const request = queue.shift()!;
      held.get(worker)!.push(request);
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
    held.set(worker, []);
    worker.on('message', (reply: Reply<Result>) => {
      const jobs = held.get(worker)!;
      const answered = jobs.findIndex((request) => request.id === reply.id);
      if (answered >= 0) jobs.splice(answered, 1);
      const job = waiting.get(reply.id);
      waiting.delete(reply.id);
      dispatch();
      if (!job) return;
      if (reply.error) job.reject(reviveError(reply.error));
      else job.resolve(reply.result as Result);
    });
    worker.on('error', (error: Error) => {
      const request = held.get(worker)?.[0];
      fail(request && describeCrash ? describeCrash(request.job, error) : error);
    });
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
      await Promise.all(workers.map((worker) => (closeGracefully ? leave(worker) : worker.terminate())));
      fail(new Error('the worker pool was closed'));
    },
  };
}

/** Asks a worker to leave and waits until it has (terminated if it does not within LEAVE_TIMEOUT_MS). */
async function leave(worker: Worker): Promise<void> {
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.postMessage({ leave: true } satisfies Leave);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), LEAVE_TIMEOUT_MS)));
  if ((await Promise.race([exited, late])) === 'late') await worker.terminate();
  clearTimeout(timer);
}

/** The worker's side: answers each job the pool sends with `handle`'s result or error. */
export function serveJobs<Job, Result>(handle: (job: Job) => Result | Promise<Result>): void {
  // The pool sends a job ahead (JOBS_PER_WORKER): it waits for the one before it, even when that one waits on a file.
  let previous: Promise<unknown> = Promise.resolve();
  let leaving = false;
  parentPort!.on('message', (message: Request<Job> | Leave) => {
    if ('leave' in message) {
      // The job under way is finished, those after it dropped (nobody waits for them any more); the thread ends when
      // what it started (a module still loading) is done, not in the middle of it.
      leaving = true;
      previous = previous.then(() => parentPort!.close());
      return;
    }
    previous = previous.then(() => (leaving ? undefined : answer(message)));
  });
  async function answer({ id, job }: Request<Job>): Promise<void> {
    let reply: Reply<Result>;
    try {
      reply = { id, result: await handle(job) };
    } catch (error) {
      reply = { id, error: serializeError(error) };
    }
    parentPort!.postMessage(reply);
  }
}
