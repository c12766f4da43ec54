import { join } from 'node:path';
import kleur from 'kleur';
import { frameForError, isDocsiteError } from './errors';

/** Prints an error for a person: location, message, code frame, details; the stack only with --debug. */
export function printError(error: unknown, debug: boolean, siteDir = process.cwd()): void {
  if (isDocsiteError(error)) {
    const where = error.where ? `${kleur.bold(error.where)}: ` : '';
    console.error(`${kleur.red('error')} ${where}${error.message}`);
    const frame = error.file ? frameForError(error, join(siteDir, error.file)) : undefined;
    if (frame) console.error(kleur.dim(frame));
    for (const detail of error.details) console.error(`  ${detail}`);
    if (debug && error.cause instanceof Error) console.error(kleur.dim(error.cause.stack ?? String(error.cause)));
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  console.error(`${kleur.red('error')} ${message}`);
  if (debug && error instanceof Error) console.error(kleur.dim(error.stack ?? ''));
  else console.error(kleur.dim('  (run with --debug for the stack trace)'));
}
