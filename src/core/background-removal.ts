import { spawn } from 'node:child_process';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { removeStaleStaging } from './stale-files';

// A folder nothing needs any more (the previous output, once a build has swapped its own in) is moved into a
// trash folder and removed by a process of its own: removing a thousand-page output takes a few hundred
// milliseconds that the command need not wait for. The trash is named by the process that put it there, so
// the next run removes what a killed remover left (removeStaleTrash).

const TRASH = /^trash-(\d+)-(\d+)$/;

/** Removes `folder` after this process is done with it. `trashParent` must be on the folder's file system. */
export async function removeInBackground(folder: string, trashParent: string): Promise<void> {
  const trash = join(trashParent, `trash-${process.pid}-${Date.now()}`);
  try {
    await mkdir(trashParent, { recursive: true });
    await rename(folder, trash);
  } catch {
    // Another file system, or no rights there: removed here instead.
    await rm(folder, { recursive: true, force: true });
    return;
  }
  try {
    const { NODE_OPTIONS: _options, ...env } = process.env;
    const remover = spawn(process.execPath, ['-e', "require('node:fs').rmSync(process.argv[1], { recursive: true, force: true })", trash], { detached: true, stdio: 'ignore', windowsHide: true, env });
    remover.on('error', () => void rm(trash, { recursive: true, force: true }).catch(() => undefined));
    remover.unref();
  } catch {
    await rm(trash, { recursive: true, force: true });
  }
}

/** The trash of runs whose remover did not finish (killed with them, or a machine that stopped). */
export async function removeStaleTrash(trashParent: string): Promise<void> {
  await removeStaleStaging(trashParent, TRASH);
}
