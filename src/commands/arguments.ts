import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { InvalidArgumentError } from 'commander';

// What every command's arguments share: the site folder and port numbers.

/** Wrong usage (exit code 2), as opposed to a content or config error (exit code 1). */
export class UsageError extends Error {}

/** The site folder argument: must exist, or it is a usage error. */
export function siteDirArgument(value: string | undefined): string {
  const dir = resolve(value ?? '.');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`site folder not found: ${value ?? dir}`);
  return dir;
}

export function portArgument(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) throw new InvalidArgumentError('must be a port number (0-65535)');
  return parsed;
}
