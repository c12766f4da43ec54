import { setPriority } from 'node:os';
import { Worker, type WorkerOptions } from 'node:worker_threads';

// docsite's worker threads (Markdown compiles, highlighting, rendering) run a module of dist/ beside dist/cli.js;
// under tsx (the tests) they run the TypeScript source beside the module that starts them.

/** The worker module `name` beside `importerUrl` (`import.meta.url`): `<name>.ts` under tsx, `<name>.js` in dist/. */
export function workerUrl(name: string, importerUrl: string): URL {
  return new URL(`./${name}${importerUrl.endsWith('.ts') ? '.ts' : '.js'}`, importerUrl);
}

export function startWorker(url: URL, options: WorkerOptions): Worker {
  const early = takePrestarted(url, options);
  if (early) return early;
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

// A worker can be started before the CLI's modules load (src/prestart.ts, run by bin/docsite.js), to use the core
// that loading leaves idle. The next `startWorker` of the same module and options takes it. It lives in a global
// because the launcher's module and the CLI are two bundles, each with its own copy of this file.

interface Prestarted {
  worker: Worker;
  options: string;
  /** Set when it failed or exited before it was taken: then a new worker is started instead. */
  gone: boolean;
}

const PRESTARTED = Symbol.for('docsite.prestartedWorkers');

function prestartedWorkers(): Map<string, Prestarted> {
  const holder = globalThis as { [PRESTARTED]?: Map<string, Prestarted> };
  return (holder[PRESTARTED] ??= new Map());
}

/**
 * Starts the worker `url` now, for the next `startWorker` of it with the same options; it keeps no process alive, and
 * may be ended at any time before it is taken (its module must not `require` an ES module at its start, see
 * markdown/code-block-worker.ts).
 */
export function prestartWorker(url: URL, options: WorkerOptions): Worker {
  const started = prestartedWorkers().get(url.href);
  if (started) return started.worker;
  const worker = startWorker(url, options);
  const early: Prestarted = { worker, options: JSON.stringify(options), gone: false };
  // Until it is taken, an error is only a reason to start another one (it must not go unhandled).
  const gone = () => void (early.gone = true);
  worker.on('error', gone).on('exit', gone);
  early.worker.unref();
  prestartedWorkers().set(url.href, early);
  return worker;
}

function takePrestarted(url: URL, options: WorkerOptions): Worker | undefined {
  const early = prestartedWorkers().get(url.href);
  if (!early || early.options !== JSON.stringify(options)) return undefined;
  prestartedWorkers().delete(url.href);
  if (early.gone) {
    void early.worker.terminate();
    return undefined;
  }
  early.worker.removeAllListeners('error').removeAllListeners('exit');
  early.worker.ref();
  return early.worker;
}

/** Ends the workers started early that nothing took (a build that finds its compiles in the cache needs none). */
export function discardPrestartedWorkers(): void {
  for (const early of prestartedWorkers().values()) void early.worker.terminate();
  prestartedWorkers().clear();
}
