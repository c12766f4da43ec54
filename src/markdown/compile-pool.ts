import { availableParallelism } from 'node:os';
import { DocsiteError } from '../core/errors';
import { createWorkerPool } from '../core/worker-pool';
import { workerUrl } from '../core/worker-thread';
import type { CompileReply, CompileRequest } from './kept-code-blocks';
import type { CompileSetup } from './compile-setup';

// MDX compilation is pure CPU (micromark, acorn, shiki): spread over worker threads it scales
// with the cores. Each worker holds its own compiler; requests go to whichever is free.

export interface CompilePool {
  /** The file's code blocks go and come back as bytes (kept-code-blocks.ts keeps them). */
  compile(request: CompileRequest): Promise<CompileReply>;
  close(): Promise<void>;
}

/** Below this many files, starting workers costs more than it saves. */
const MIN_FILES_PER_WORKER = 24;

export function poolSizeFor(files: number): number {
  return Math.max(0, Math.min(availableParallelism(), 4, Math.floor(files / MIN_FILES_PER_WORKER)));
}

const WORKER_URL = workerUrl('compile-worker', import.meta.url);

/**
 * The heap a compile worker may use. Any limit at all makes V8 size a worker's heap closely (with none, two workers'
 * heaps grew to ~160 MB each on the 1000-page corpus, though little of it was live): the build's peak went from
 * 514 to 355 MB with a limit of 384 MB and to 398 MB with 1536 MB, in the same time (paired runs). This one leaves a
 * single huge page room, and a page past it fails with an error that names it instead of aborting the process.
 */
export const COMPILE_WORKER_HEAP_MB = 1024;

/** What a compile worker is given: the compiler's setup, and whether its work waits for everything else's. */
export interface CompileWorkerData {
  setup: CompileSetup;
  /**
   * Work nobody waits for (the dev server compiling the rest of the site behind the pages open): the worker's thread
   * runs at the lowest priority, so an author's save, compiled and bundled on the main thread, and the browser
   * painting it have the cores first.
   */
  background: boolean;
}

export function createCompilePool(setup: CompileSetup, size: number, { heapMb = COMPILE_WORKER_HEAP_MB, background = false }: { heapMb?: number; background?: boolean } = {}): CompilePool {
  // A young generation of 32 MB: 64 MB (fewer scavenges) was no faster once the compile made less garbage, only larger.
  const resourceLimits = { maxYoungGenerationSizeMb: 32, maxOldGenerationSizeMb: heapMb };
  const workerData: CompileWorkerData = { setup, background };
  const pool = createWorkerPool<CompileRequest, CompileReply>(WORKER_URL, { workerData, resourceLimits }, size, {
    describeCrash: (input, error) =>
      (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY' ? new DocsiteError(`too large to compile: its compile took more than the ${heapMb} MB of heap a compile worker has`, { file: input.file }) : error,
  });
  return { compile: (input) => pool.run(input), close: () => pool.close() };
}
