import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ownedEntries, processIsAlive, removeStaleStaging } from '../core/stale-files';
import { removeInBackground, removeStaleTrash } from '../core/background-removal';

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

  private constructor(readonly target: string, private readonly trashParent: string | undefined) {
    this.dir = join(dirname(target), `.${basename(target)}.tmp-${process.pid}-${Date.now()}`);
  }

  /** `trashParent`: where the previous output goes to be removed after the swap, in the background (core/background-removal.ts). */
  static async create(target: string, trashParent?: string): Promise<StagedOutput> {
    await removeStaleOutputFolders(target);
    if (trashParent) await removeStaleTrash(trashParent);
    const staged = new StagedOutput(target, trashParent);
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
    if (!hadPrevious) return;
    if (this.trashParent) await removeInBackground(old, this.trashParent);
    else await rm(old, { recursive: true, force: true });
  }

  async discard(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
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
