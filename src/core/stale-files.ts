import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

// Work files named by the process that made them (`<name>-<pid>-<time>`): a process killed outright leaves
// them behind, and the next run removes those whose process no longer runs, never those of one still running.

/**
 * Whether the process `pid` runs. Signal 0 sends nothing, it only checks: ESRCH means there is no such
 * process; EPERM means there is one, of another user. A pid that is not one (0, negative) counts as running:
 * nothing is removed on a guess.
 */
export function processIsAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** An entry of a folder named by the process that made it. */
export interface OwnedEntry {
  name: string;
  pid: number;
  /** The time in its name (ms). */
  time: number;
}

/** The entries of `dir` that `pattern` matches, its groups being the pid and the time; none when `dir` is missing. */
export async function ownedEntries(dir: string, pattern: RegExp): Promise<OwnedEntry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const match = pattern.exec(name);
    return match ? [{ name, pid: Number(match[1]), time: Number(match[2]) }] : [];
  });
}

/**
 * Removes the entries of `dir` that `pattern` names (first group the pid, second the time) and whose process no
 * longer runs: the work folders of killed builds. Best effort: one that cannot be removed now is left for the
 * next build. Returns the names removed.
 */
export async function removeStaleStaging(dir: string, pattern: RegExp): Promise<string[]> {
  const stale = (await ownedEntries(dir, pattern)).filter((entry) => !processIsAlive(entry.pid));
  const removed: string[] = [];
  for (const { name } of stale) {
    try {
      await rm(join(dir, name), { recursive: true, force: true });
      removed.push(name);
    } catch {
      // Left for the next build.
    }
  }
  return removed;
}
