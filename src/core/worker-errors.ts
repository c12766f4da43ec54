import { DocsiteError } from './errors';

// Errors cross from worker threads as plain data: a DocsiteError keeps its file, line and details.

export interface SerializedError {
  docsite: boolean;
  message: string;
  file?: string;
  line?: number;
  column?: number;
  details: string[];
  stack?: string;
}

export function serializeError(error: unknown): SerializedError {
  if (error instanceof DocsiteError) {
    return { docsite: true, message: error.message, file: error.file, line: error.line, column: error.column, details: error.details, stack: error.stack };
  }
  const plain = error instanceof Error ? error : new Error(String(error));
  return { docsite: false, message: plain.message, details: [], stack: plain.stack };
}

export function reviveError(error: SerializedError): Error {
  const revived = error.docsite
    ? new DocsiteError(error.message, { ...(error.file ? { file: error.file } : {}), ...(error.line ? { line: error.line } : {}), ...(error.column ? { column: error.column } : {}) }, { details: error.details })
    : new Error(error.message);
  if (error.stack) revived.stack = error.stack;
  return revived;
}
