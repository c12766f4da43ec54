import { serveJobs } from '../core/worker-pool';
import { getHighlighter } from '../highlight/highlighter';
import { highlightCodeBlocks } from './plugins/code-blocks/highlight-block';

// A code-block worker: a file's fenced blocks in, their languages and HTML out (code-block-pool.ts). Its highlighter
// starts with the worker, while the compile's first files are parsed.

void getHighlighter().catch(() => undefined); // its failure is the first block's

serveJobs(highlightCodeBlocks);
