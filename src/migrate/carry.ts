import { isAbsolute, relative } from 'node:path';
import { toPosix } from '../core/fs-utils';
import type { WarningList } from './warnings';

// Copying one option across, checked: a value docsite's schema would refuse is noted and left out, so the
// written config always validates, whatever the Docusaurus config held.

/** A check that also names what it wants, for the note when a value fails it. */
export interface Expect {
  test: (value: unknown) => boolean;
  wants: string;
}

export const aString: Expect = { test: (v) => typeof v === 'string', wants: 'a string' };
export const aBoolean: Expect = { test: (v) => typeof v === 'boolean', wants: 'true or false' };
export const aStringList: Expect = { test: (v) => Array.isArray(v) && v.every((item) => typeof item === 'string'), wants: 'a list of strings' };

export function oneOf(...values: readonly unknown[]): Expect {
  return { test: (v) => values.includes(v), wants: values.map((value) => JSON.stringify(value)).join(', ') };
}

export function anInteger(min: number, ...alternatives: readonly unknown[]): Expect {
  return {
    test: (v) => (typeof v === 'number' && Number.isInteger(v) && v >= min) || alternatives.includes(v),
    wants: [`a whole number from ${min}`, ...alternatives.map((value) => JSON.stringify(value))].join(' or '),
  };
}

export function aNumberBetween(min: number, max: number): Expect {
  return { test: (v) => typeof v === 'number' && v >= min && v <= max, wants: `a number from ${min} to ${max}` };
}

/**
 * Copies `from[key]` to `to[toKey ?? key]` when it passes the check; a value that does not is noted.
 * Returns whether it was copied.
 */
export function carry(from: Record<string, unknown>, to: Record<string, unknown>, key: string, expect: Expect, where: string, warnings: WarningList, toKey = key): boolean {
  const value = from[key];
  if (value === undefined) return false;
  if (!expect.test(value)) {
    warnings.notCarried(`${where}${key}`, typeof value === 'function' ? `it is a function; docsite takes ${expect.wants}` : `docsite takes ${expect.wants}`);
    return false;
  }
  to[toKey] = value;
  return true;
}

/** A path from the Docusaurus config as docsite writes it: relative to the site folder, posix, no "./". */
export function sitePath(siteDir: string, path: string): string {
  const rel = toPosix(isAbsolute(path) ? relative(siteDir, path) : path);
  const tidy = rel.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
  return tidy === '' ? '.' : tidy;
}
