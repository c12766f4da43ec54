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
