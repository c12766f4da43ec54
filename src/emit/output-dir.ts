import { copyFileSync, existsSync, linkSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { folderMaker } from '../core/fs-utils';
import type { PreviousOutput } from '../core/previous-output';
import { ownedEntries, processIsAlive, removeStaleStaging } from '../core/stale-files';
import { removeInBackground, removeStaleTrash } from '../core/background-removal';

/**
 * A build writes into a fresh folder beside the target and puts it in place only when everything succeeded: a failed
 * build leaves the previous output untouched.
 *
 * Two ways to put it in place. A full build's folder is the whole output, swapped in for the previous one by two
 * renames. A build that takes from a previous output it can vouch for (its build record, pipeline/build-record.ts)
 * writes only what changed: its folder holds those files, which are moved into the previous output one by one, and
 * the files of the previous output that this build has not kept are removed (`inPlace`). Taking a file then costs
 * nothing, where a full folder had to link every page, chunk and card of the site into new folders. The caller
 * forgets the build record first: a build killed while it moves files leaves an output no record vouches for, which
 * the next build replaces whole.
 *
 * The folders are named by the process that made them (`.build.tmp-<pid>-<time>`, and
 * `.build.old-<pid>-<time>` for the previous output during the swap). A build killed outright
 * (SIGKILL, a crash, a power cut) leaves them behind; the next build removes those of processes that
 * no longer run, and never touches those of a build still running beside it.
 */
export class StagedOutput {
  readonly dir: string;
  /** Files of the previous output this build keeps where they are (`inPlace`). */
  private readonly kept = new Set<string>();

  private constructor(readonly target: string, private readonly trashParent: string | undefined, readonly inPlace: boolean) {
    this.dir = join(dirname(target), `.${basename(target)}.tmp-${process.pid}-${Date.now()}`);
  }

  /**
   * `trashParent`: where the previous output goes to be removed after the swap, in the background
   * (core/background-removal.ts). `inPlace`: this build's files go into the previous output, when there is one.
   */
  static async create(target: string, trashParent?: string, options: { inPlace?: boolean } = {}): Promise<StagedOutput> {
    await removeStaleOutputFolders(target);
    if (trashParent) await removeStaleTrash(trashParent);
    const staged = new StagedOutput(target, trashParent, !!options.inPlace && existsSync(target));
    await mkdir(staged.dir, { recursive: true });
    return staged;
  }

  /** The previous output, to take files from: kept where they are (`inPlace`), or linked into this folder. */
  previous(): PreviousOutput {
    return takingFrom(this.target, this.dir, this.inPlace, this.kept);
  }

  /** Files of the previous output that something else found there and keeps (the search worker's shards). */
  keepFiles(files: Iterable<string>): void {
    for (const file of files) this.kept.add(file);
  }

  async commit(): Promise<void> {
    if (this.inPlace) return this.commitInPlace();
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

  /**
   * The files written are moved into the previous output, then the files it has that this build neither wrote nor
   * kept are removed, with the folders they leave empty. In that order, a build stopped while it commits (killed)
   * leaves every file the previous output's pages name: a file this build replaces is replaced whole (a rename), and
   * the old search files go only once the new ones are in. Only a stale file in the way of a written one (a file where
   * this build has a folder, or one inside a folder where it has a file) is removed first.
   */
  private async commitInPlace(): Promise<void> {
    const written = filesUnder(this.dir);
    const current = new Set([...written, ...this.kept]);
    const stale = filesUnder(this.target).filter((file) => !current.has(file));
    const writtenSet = new Set(written);
    const writtenFolders = new Set(written.flatMap(foldersOf));
    const inTheWay = (file: string) => writtenFolders.has(file) || foldersOf(file).some((folder) => writtenSet.has(folder));
    const emptied = new Set<string>();
    const remove = (files: string[]) => {
      for (const file of files) {
        rmSync(join(this.target, file), { force: true });
        emptied.add(dirname(file));
      }
      removeEmptyFolders(this.target, emptied);
    };
    remove(stale.filter(inTheWay));
    const makeFolder = folderMaker();
    for (const file of written) {
      const to = join(this.target, file);
      makeFolder(dirname(to));
      renameSync(join(this.dir, file), to);
    }
    remove(stale.filter((file) => !inTheWay(file)));
    await rm(this.dir, { recursive: true, force: true });
  }

  async discard(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** Every file under `dir` (anything but a folder), relative to it with `/`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** The folders a relative path lies in, outermost first: `a/b/c` -> `a`, `a/b`. */
function foldersOf(file: string): string[] {
  const parts = file.split('/');
  return parts.slice(0, -1).map((_, index) => parts.slice(0, index + 1).join('/'));
}

/** Removes these folders (relative to `root`) and their parents when nothing is left in them. */
function removeEmptyFolders(root: string, folders: Iterable<string>): void {
  // Deepest first: a folder is empty only once its own subfolders are gone.
  const pending = [...new Set(folders)].sort((a, b) => b.split('/').length - a.split('/').length);
  const tried = new Set<string>();
  while (pending.length) {
    const folder = pending.shift()!;
    if (folder === '.' || folder === '' || tried.has(folder)) continue;
    tried.add(folder);
    try {
      rmdirSync(join(root, folder));
    } catch {
      continue; // not empty
    }
    pending.push(dirname(folder));
    pending.sort((a, b) => b.split('/').length - a.split('/').length);
  }
}

/**
 * Takes files from the previous output `from` for the output staged in `stageDir`: kept where they are (added to
 * `kept`) when the build writes into that output (`inPlace`), hard-linked into the staged folder otherwise. Any
 * thread may make one (the search worker takes its shards with it).
 */
export function takingFrom(from: string, stageDir: string, inPlace: boolean, kept = new Set<string>()): PreviousOutput {
  if (inPlace) {
    return {
      dir: from,
      take: (file) => {
        if (!existsSync(join(from, file))) return false;
        kept.add(file);
        return true;
      },
      release: (file) => void kept.delete(file),
    };
  }
  // A first build has no previous output: nothing to try to link, file by file (some 2,900 calls at 1000 pages).
  if (!existsSync(from)) return { dir: from, take: () => false, release: () => undefined };
  const makeFolder = folderMaker();
  return {
    dir: from,
    take: (file) => {
      const to = join(stageDir, file);
      makeFolder(dirname(to));
      return linkOrCopy(join(from, file), to);
    },
    // A link shares the previous output's file: writing through it would change that output.
    release: (file) => rmSync(join(stageDir, file), { force: true }),
  };
}

/** False when there is no such file; a copy where no link can be made (a file system without hard links). */
function linkOrCopy(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
  }
  try {
    copyFileSync(from, to);
    return true;
  } catch {
    return false;
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
