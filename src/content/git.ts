import { execFile } from 'node:child_process';
import { isAbsolute, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { LastUpdate } from '../shared/types';

const run = promisify(execFile);

/**
 * Last commit time and author of every file below `dir`, from one `git log` call (one process
 * for the whole folder, not one per file). Files outside git or never committed are absent;
 * without git at all the map is empty: last-update data is a nicety, never an error.
 */
export async function loadLastUpdates(dir: string): Promise<Map<string, LastUpdate>> {
  const updates = new Map<string, LastUpdate>();
  let root: string;
  try {
    root = (await run('git', ['rev-parse', '--show-toplevel'], { cwd: dir })).stdout.trim();
  } catch {
    return updates;
  }
  let stdout: string;
  try {
    ({ stdout } = await run('git', ['-c', 'core.quotepath=off', 'log', '--format=%x1e%ct%x1f%an', '--name-only', '--no-renames', '--', '.'], {
      cwd: dir,
      maxBuffer: 256 * 1024 * 1024,
    }));
  } catch {
    return updates;
  }
  for (const record of stdout.split('\x1e')) {
    if (!record.trim()) continue;
    const [header, ...files] = record.split('\n');
    const [time, author] = header!.split('\x1f');
    const date = Number(time) * 1000;
    for (const file of files) {
      if (!file) continue;
      const absolute = resolve(root, file);
      // git log lists newest first: the first sighting of a file is its last update.
      if (!updates.has(absolute)) updates.set(absolute, author ? { date, author } : { date });
    }
  }
  return updates;
}

/**
 * The last-update reader a build or a dev session shares: one `git log` for the whole site folder, whichever
 * docs folder, version or locale asks (a folder outside the site gets one of its own).
 */
export function siteLastUpdates(siteDir: string): (docsDir: string) => Promise<Map<string, LastUpdate>> {
  const byRoot = new Map<string, Promise<Map<string, LastUpdate>>>();
  return (docsDir) => {
    const rel = relative(siteDir, docsDir);
    const root = rel === '' || (!rel.startsWith('..') && !isAbsolute(rel)) ? siteDir : docsDir;
    let updates = byRoot.get(root);
    if (!updates) byRoot.set(root, (updates = loadLastUpdates(root)));
    return updates;
  };
}
