import { availableParallelism } from 'node:os';
import { createWorkerPool } from '../core/worker-pool';
import { prestartWorker, workerUrl } from '../core/worker-thread';
import type { BlockHighlighter, CodeBlockSource, HighlightedCode } from './plugins/code-blocks/highlight-block';

// The split compile (compile-files.ts): on two cores, the Markdown is compiled in the build's thread and its code
// blocks are highlighted in one worker beside it, a file's blocks to a message. Each thread then runs one half of
// the compile's code: V8 compiles the hot functions of each isolate for that isolate alone, and with two compile
// workers each running all of it (parser, plugins, HTML writer and shiki's tokenizer), that work was done twice.

/** How a build's compile uses the cores when not told (`CompileOptions.spread`): split on two, workers on more. */
export function defaultSpread(): 'split' | 'workers' {
  return availableParallelism() === 2 ? 'split' : 'workers';
}

export interface CodeBlockPool {
  highlight: BlockHighlighter;
  close(): Promise<void>;
}

const WORKER_URL = workerUrl('code-block-worker', import.meta.url);
/** The young generation the compile workers have (compile-pool.ts); the highlighter keeps little. */
const WORKER_OPTIONS = { resourceLimits: { maxYoungGenerationSizeMb: 32, maxOldGenerationSizeMb: 1024 } };

/**
 * Starts the code-block worker before the CLI's modules load (src/prestart.ts): it loads shiki and its first grammars
 * on the core that loading leaves idle, and `createCodeBlockPool` takes it.
 */
export function prestartCodeBlockWorker(): void {
  prestartWorker(WORKER_URL, WORKER_OPTIONS);
}

export function createCodeBlockPool(): CodeBlockPool {
  // Every file's blocks go to the worker as the compile meets them: the compile runs on without waiting for them
  // (code-blocks/index.ts fillCodeBlocks), in long stretches of this thread that would otherwise leave the worker
  // waiting for its next job. The pool never terminates it, but asks it to leave: it loads grammars as it warms up
  // (code-block-warmup.ts).
  const pool = createWorkerPool<CodeBlockSource[], HighlightedCode[]>(WORKER_URL, WORKER_OPTIONS, 1, { jobsPerWorker: Infinity, closeGracefully: true });
  return { highlight: (blocks) => pool.run(blocks), close: () => pool.close() };
}
