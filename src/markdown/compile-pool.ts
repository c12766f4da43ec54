import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorker, workerUrl } from '../core/worker-thread';
import type { CompileInput, CompiledMarkdown } from './compile';
import type { CompileSetup } from './compile-setup';
import { reviveError, type SerializedError } from './worker-errors';

// MDX compilation is pure CPU (micromark, acorn, shiki): spread over worker threads it scales
// with the cores. Each worker holds its own compiler; requests go to whichever is free.

export interface WorkerRequest {
  id: number;
  input: CompileInput;
}

export interface WorkerReply {
  id: number;
  result?: CompiledMarkdown;
  error?: SerializedError;
}

export interface CompilePool {
  compile(input: CompileInput): Promise<CompiledMarkdown>;
  close(): Promise<void>;
}

/** Below this many files, starting workers costs more than it saves. */
const MIN_FILES_PER_WORKER = 24;

export function poolSizeFor(files: number): number {
  return Math.max(0, Math.min(availableParallelism(), 4, Math.floor(files / MIN_FILES_PER_WORKER)));
}

const WORKER_URL = workerUrl('compile-worker', import.meta.url);

export function createCompilePool(setup: CompileSetup, size: number): CompilePool {
  type Pending = { resolve: (result: CompiledMarkdown) => void; reject: (error: unknown) => void };
  const pending = new Map<number, Pending>();
  const queue: WorkerRequest[] = [];
  const idle: Worker[] = [];
  let nextId = 0;
  let failure: Error | undefined;

  const dispatch = () => {
    while (idle.length && queue.length) idle.pop()!.postMessage(queue.shift()!);
  };

  const workers = Array.from({ length: size }, () => {
    // A larger young generation than the default (fewer scavenges), but not so large that two workers' heaps
    // dominate peak memory: 128 MB gave 690 MB peak RSS on the 1000-page corpus, 64 MB ~550 MB at the same speed.
    const worker = startWorker(WORKER_URL, { workerData: setup, resourceLimits: { maxYoungGenerationSizeMb: 64 } });
    worker.on('message', (reply: WorkerReply) => {
      const job = pending.get(reply.id);
      pending.delete(reply.id);
      idle.push(worker);
      dispatch();
      if (!job) return;
      if (reply.result) job.resolve(reply.result);
      else job.reject(reviveError(reply.error!));
    });
    worker.on('error', (error) => {
      failure = error;
      for (const job of pending.values()) job.reject(error);
      pending.clear();
    });
    idle.push(worker);
    return worker;
  });

  return {
    compile(input) {
      if (failure) return Promise.reject(failure);
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        queue.push({ id, input });
        dispatch();
      });
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
