import { serveJobs } from '../core/worker-pool';
import { getHighlighter } from '../highlight/highlighter';
import { highlightCodeBlocks } from './plugins/code-blocks/highlight-block';

// A code-block worker: a file's fenced blocks in, their languages and HTML out (code-block-pool.ts). Its highlighter
// starts with the worker, while the compile's first files are parsed.
//
// Shiki's modules are imported here, not required (as `lazyPackage` would on the highlighter's first use): Node 20
// aborts the process when a worker is ended while it `require`s an ES module, and this worker may be ended while it
// loads them (a build that finds its compiles in the cache ends the one the launcher started, src/prestart.ts). Ended
// during an `import()`, a worker just stops. Once imported, the highlighter's `require` finds them loaded.
const loaded = Promise.all([import('shiki'), import('shiki/engine/javascript')]);
loaded.then(() => getHighlighter()).catch(() => undefined); // its failure is the first block's

serveJobs(async (blocks: Parameters<typeof highlightCodeBlocks>[0]) => {
  await loaded;
  return highlightCodeBlocks(blocks);
});
