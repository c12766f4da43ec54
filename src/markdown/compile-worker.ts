import { workerData } from 'node:worker_threads';
import { serveJobs } from '../core/worker-pool';
import { runAtLowestPriority } from '../core/worker-thread';
import { createMarkdownCompiler } from './compile';
import { markdownOptionsFrom } from './compile-setup';
import { withCodeBlocksAsBytes } from './kept-code-blocks';
import type { CompileWorkerData } from './compile-pool';

// A compile worker: the same Markdown compiler as the main thread, fed one file at a time.

// React's production build for static content's HTML (static-html.ts): the development one, which React picks
// when NODE_ENV is unset, spent about a second a worker on the 1000-page corpus checking what production never
// checks. The HTML is the same. A worker's environment is its own copy: the main thread's is left alone.
process.env.NODE_ENV ??= 'production';

const { setup, background } = workerData as CompileWorkerData;
if (background) runAtLowestPriority();

serveJobs(withCodeBlocksAsBytes(createMarkdownCompiler(markdownOptionsFrom(setup))));
