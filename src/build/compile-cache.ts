import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CompiledMarkdown } from '../markdown/compile';

// Compiled MDX cached on disk by content hash: a warm build recompiles only what changed.
// Bump the version whenever the pipeline's output changes shape or content.
const PIPELINE_VERSION = '1';

export class CompileCache {
  private readonly dir: string;
  private ready: Promise<unknown> | undefined;

  constructor(siteDir: string, private readonly enabled = true) {
    this.dir = join(siteDir, '.docsite', 'cache', 'mdx');
  }

  key(...parts: string[]): string {
    const hash = createHash('sha256').update(PIPELINE_VERSION);
    for (const part of parts) hash.update('\0').update(part);
    return hash.digest('hex').slice(0, 40);
  }

  async get(key: string): Promise<CompiledMarkdown | undefined> {
    if (!this.enabled) return undefined;
    try {
      return JSON.parse(await readFile(join(this.dir, `${key}.json`), 'utf8')) as CompiledMarkdown;
    } catch {
      return undefined;
    }
  }

  async set(key: string, value: CompiledMarkdown): Promise<void> {
    if (!this.enabled) return;
    this.ready ??= mkdir(this.dir, { recursive: true });
    await this.ready;
    await writeFile(join(this.dir, `${key}.json`), JSON.stringify(value));
  }
}
