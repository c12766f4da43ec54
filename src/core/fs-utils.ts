import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { link, readdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';

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

/**
 * Writes a file under a temporary name, then renames it into place: a process reading it meanwhile (another build,
 * a worker) never sees half of it, and a file hard-linked elsewhere is never written in place.
 */
export async function writeFileAtomically(file: string, contents: string | Uint8Array): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, contents);
  await rename(temporary, file);
}

/**
 * Hard-links `from` at `to`, for a file that is never written in place (named by its content, or written by
 * writeFileAtomically); where no link can be made (no such file, another file system), does `otherwise` instead.
 */
export async function linkOr(from: string, to: string, otherwise: () => Promise<void>): Promise<void> {
  try {
    await link(from, to);
  } catch {
    await otherwise();
  }
}

/**
 * Makes a folder (and its parents) the first time it is asked for, at once: for writing many files into a few
 * folders synchronously without a `mkdir` call per file.
 */
export function folderMaker(): (folder: string) => void {
  const made = new Set<string>();
  return (folder) => {
    if (made.has(folder)) return;
    mkdirSync(folder, { recursive: true });
    made.add(folder);
  };
}

/**
 * Writes files synchronously, each folder made once: for the thousands of small files of a build (pages, route chunks),
 * which went several times faster so than through the thread pool, where each file's mkdir, open, write and close
 * were four hand-offs.
 */
export function writeFilesSync(files: Iterable<{ path: string; contents: string | Uint8Array }>): void {
  const makeFolder = folderMaker();
  for (const { path, contents } of files) {
    makeFolder(dirname(path));
    writeFileSync(path, contents);
  }
}
