import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * A build writes into a fresh folder beside the target and swaps it in only when everything
 * succeeded: a failed build leaves the previous output untouched.
 *
 * The folders are named by the process that made them (`.build.tmp-<pid>-<time>`, and
 * `.build.old-<pid>-<time>` for the previous output during the swap). A build killed outright
 * (SIGKILL, a crash, a power cut) leaves them behind; the next build removes those of processes that
 * no longer run, and never touches those of a build still running beside it.
 */
export class StagedOutput {
  readonly dir: string;

  private constructor(readonly target: string) {
    this.dir = join(dirname(target), `.${basename(target)}.tmp-${process.pid}-${Date.now()}`);
  }

  static async create(target: string): Promise<StagedOutput> {
    await removeStaleOutputFolders(target);
    const staged = new StagedOutput(target);
    await mkdir(staged.dir, { recursive: true });
    return staged;
  }

  async commit(): Promise<void> {
    const old = join(dirname(this.target), `.${basename(this.target)}.old-${process.pid}-${Date.now()}`);
    const hadPrevious = existsSync(this.target);
    if (hadPrevious) await rename(this.target, old);
    try {
      await rename(this.dir, this.target);
    } catch (error) {
      if (hadPrevious) await rename(old, this.target);
      throw error;
    }
    if (hadPrevious) await rm(old, { recursive: true, force: true });
  }

  async discard(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}

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
interface OwnedEntry {
  name: string;
  pid: number;
  /** The time in its name (ms). */
  time: number;
}

/** The entries of `dir` that `pattern` matches, its groups being the pid and the time; none when `dir` is missing. */
async function ownedEntries(dir: string, pattern: RegExp): Promise<OwnedEntry[]> {
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

/**
 * The staging and swap folders of killed builds beside `target`. A build killed between the two renames of
 * its commit left the previous output as `.old-` and no `target`: that output is put back (the newest, if
 * several), so the output folder is what it was before that build, as if it had failed.
 */
async function removeStaleOutputFolders(target: string): Promise<void> {
  const parent = dirname(target);
  const name = escapeRegExp(basename(target));
  const staleOld = (await ownedEntries(parent, new RegExp(`^\\.${name}\\.old-(\\d+)-(\\d+)$`))).filter((entry) => !processIsAlive(entry.pid));
  const newest = staleOld.sort((a, b) => b.time - a.time)[0];
  if (newest && !existsSync(target)) {
    try {
      await rename(join(parent, newest.name), target);
    } catch {
      // Another build may have put its output there meanwhile: this copy is then removed below.
    }
  }
  await removeStaleStaging(parent, new RegExp(`^\\.${name}\\.(?:tmp|old)-(\\d+)-(\\d+)$`));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
