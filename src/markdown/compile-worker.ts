import { parentPort, workerData } from 'node:worker_threads';
import { createMarkdownCompiler, type CompileInput } from './compile';
import { markdownOptionsFrom, type CompileSetup } from './compile-setup';
import type { WorkerReply, WorkerRequest } from './compile-pool';
import { serializeError } from './worker-errors';

// A compile worker: the same Markdown compiler as the main thread, fed one file at a time.

const compile = createMarkdownCompiler(markdownOptionsFrom(workerData as CompileSetup));

parentPort!.on('message', async ({ id, input }: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    reply = { id, result: await compile(input as CompileInput) };
  } catch (error) {
    reply = { id, error: serializeError(error) };
  }
  parentPort!.postMessage(reply);
});
