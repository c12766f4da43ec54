import { readFileSync } from 'node:fs';

export interface SourceLocation {
  file: string;
  line?: number;
  column?: number;
}

/**
 * An error in the user's content or config. The CLI prints it as one message naming the file
 * (and line:column with a code frame where known) and exits 1, without a stack trace unless --debug.
 */
export class DocsiteError extends Error {
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  /** Further problems of the same kind (e.g. every broken link), each printed on its own line. */
  readonly details: string[];

  constructor(message: string, location?: Partial<SourceLocation>, options?: { cause?: unknown; details?: string[] }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DocsiteError';
    this.file = location?.file;
    this.line = location?.line;
    this.column = location?.column;
    this.details = options?.details ?? [];
  }

  /** "file:line:column" or "file" or "". */
  get where(): string {
    if (!this.file) return '';
    if (this.line === undefined) return this.file;
    return `${this.file}:${this.line}${this.column === undefined ? '' : `:${this.column}`}`;
  }
}

export function isDocsiteError(error: unknown): error is DocsiteError {
  return error instanceof DocsiteError;
}

/** A few lines of source around a position, with a caret under the column. */
export function codeFrame(source: string, line: number, column = 1, context = 2): string {
  const lines = source.split(/\r?\n/);
  const start = Math.max(1, line - context);
  const end = Math.min(lines.length, line + context);
  const width = String(end).length;
  const out: string[] = [];
  for (let n = start; n <= end; n++) {
    const marker = n === line ? '>' : ' ';
    out.push(`${marker} ${String(n).padStart(width)} | ${lines[n - 1] ?? ''}`);
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}^`);
  }
  return out.join('\n');
}

/** Code frame for an error's own file, or undefined when the file cannot be read. */
export function frameForError(error: DocsiteError, absoluteFile?: string): string | undefined {
  if (error.line === undefined || !absoluteFile) return undefined;
  try {
    return codeFrame(readFileSync(absoluteFile, 'utf8'), error.line, error.column);
  } catch {
    return undefined;
  }
}
