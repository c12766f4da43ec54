import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * A build writes into a fresh folder beside the target and swaps it in only when everything
 * succeeded: a failed build leaves the previous output untouched.
 */
export class StagedOutput {
  readonly dir: string;

  private constructor(readonly target: string) {
    this.dir = join(dirname(target), `.${basename(target)}.tmp-${process.pid}-${Date.now()}`);
  }

  static async create(target: string): Promise<StagedOutput> {
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
