import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** Posix-style relative path, whatever the platform. */
export function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

export function relativePosix(from: string, to: string): string {
  return toPosix(relative(from, to));
}

/**
 * Every file below `dir` (relative posix paths, sorted), skipping dot folders and node_modules.
 * Sorted so that builds are deterministic on every file system.
 */
export async function listFiles(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const rel = toPosix(relative(dir, join(entry.parentPath, entry.name)));
    if (rel.split('/').some((part) => part.startsWith('.') || part === 'node_modules')) continue;
    files.push(rel);
  }
  return files.sort();
}
