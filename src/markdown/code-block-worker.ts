import { serveJobs } from '../core/worker-pool';
import { getHighlighter } from '../highlight/highlighter';
import { highlightCodeBlock, type CodeBlockSource } from './plugins/code-blocks/highlight-block';

// A code-block worker: a file's fenced blocks in, their languages and HTML out (code-block-pool.ts). Its highlighter
// starts with the worker, while the compile's first files are parsed.

// React's production build, as in the compile workers (compile-worker.ts); the highlighter does not render React, but
// the environment stays that of every other compile thread.
process.env.NODE_ENV ??= 'production';

void getHighlighter().catch(() => undefined); // its failure is the first block's

serveJobs(async (blocks: CodeBlockSource[]) => {
  const answers = [];
  for (const block of blocks) answers.push(await highlightCodeBlock(block));
  return answers;
});
