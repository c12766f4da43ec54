import { join } from 'node:path';
import kleur from 'kleur';
import { frameForError, isDocsiteError } from './errors';

/** An error as a person reads it, in the terminal and in the dev server's browser overlay alike. */
export interface ErrorReport {
  message: string;
  /** "file:line:column", "file" or "". */
  where: string;
  /** Source lines around the position, with a caret. */
  frame?: string;
  /** Further problems of the same kind, one per line. */
  details: string[];
  stack?: string;
}

export function describeError(error: unknown, siteDir = process.cwd()): ErrorReport {
  if (isDocsiteError(error)) {
    const frame = error.file ? frameForError(error, join(siteDir, error.file)) : undefined;
    const cause = error.cause instanceof Error ? error.cause.stack : undefined;
    return { message: error.message, where: error.where, ...(frame ? { frame } : {}), details: error.details, ...(cause ? { stack: cause } : {}) };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message, where: '', details: [], ...(error instanceof Error && error.stack ? { stack: error.stack } : {}) };
}

/** Prints an error for a person: location, message, code frame, details; the stack only with --debug. */
export function printError(error: unknown, debug: boolean, siteDir = process.cwd()): void {
  const report = describeError(error, siteDir);
  const where = report.where ? `${kleur.bold(report.where)}: ` : '';
  console.error(`${kleur.red('error')} ${where}${report.message}`);
  if (report.frame) console.error(kleur.dim(report.frame));
  for (const detail of report.details) console.error(`  ${detail}`);
  if (debug && report.stack) console.error(kleur.dim(report.stack));
  else if (!isDocsiteError(error)) console.error(kleur.dim('  (run with --debug for the stack trace)'));
}
