import { setPriority } from 'node:os';
import { Worker, type WorkerOptions } from 'node:worker_threads';

// docsite's worker threads (Markdown compiles, highlighting, rendering) run a module of dist/ beside dist/cli.js;
// under tsx (the tests) they run the TypeScript source beside the module that starts them.

/** The worker module `name` beside `importerUrl` (`import.meta.url`): `<name>.ts` under tsx, `<name>.js` in dist/. */
export function workerUrl(name: string, importerUrl: string): URL {
  return new URL(`./${name}${importerUrl.endsWith('.ts') ? '.ts' : '.js'}`, importerUrl);
}

export function startWorker(url: URL, options: WorkerOptions): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url, options);
  // On Node 20 a worker does not get tsx's loader in time for a TypeScript entry: it registers it, then imports.
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); });`, { ...options, eval: true });
}

/**
 * Runs the calling worker thread at the lowest priority, for work nobody waits for: on Linux a nice value is a
 * thread's, and setPriority with no process id sets the calling thread's, this worker's only. Elsewhere it would be the
 * whole process's, the main thread's too: there it does nothing.
 */
export function runAtLowestPriority(): void {
  if (process.platform !== 'linux') return;
  try {
    setPriority(19);
  } catch {
    // Not allowed here: the work is only less polite.
  }
}
