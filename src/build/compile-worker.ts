import { parentPort, workerData } from 'node:worker_threads';
import { DocsiteError } from '../errors';
import { createMarkdownCompiler, type CompileInput } from '../markdown/compile';
import { markdownOptionsFrom, type CompileSetup } from './compile-setup';
import type { WorkerReply, WorkerRequest } from './compile-pool';

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

function serializeError(error: unknown): NonNullable<WorkerReply['error']> {
  if (error instanceof DocsiteError) {
    return { docsite: true, message: error.message, file: error.file, line: error.line, column: error.column, details: error.details, stack: error.stack };
  }
  const plain = error instanceof Error ? error : new Error(String(error));
  return { docsite: false, message: plain.message, details: [], stack: plain.stack };
}
