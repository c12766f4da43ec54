import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { CompiledMarkdown } from '../markdown/compile';
import { PACKAGE_ROOT } from '../paths';

// Compiled MDX cached on disk by content hash: a warm build recompiles only what changed.

/**
 * Any change to the Markdown pipeline (its sources or the compilers it drives) must miss the cache,
 * so the key starts with a fingerprint of them rather than a version someone has to remember to bump.
 */
let fingerprint: string | undefined;
export function pipelineFingerprint(): string {
  if (fingerprint) return fingerprint;
  const hash = createHash('sha256').update('format 2');
  const markdownDir = join(PACKAGE_ROOT, 'src', 'markdown');
  for (const file of readdirSync(markdownDir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts')).sort()) {
    hash.update(file).update(readFileSync(join(markdownDir, file)));
  }
  for (const dependency of ['@mdx-js/mdx', 'shiki']) hash.update(dependencyVersion(dependency));
  return (fingerprint = hash.digest('hex'));
}

/** A dependency's version, from the package.json above its entry (its `exports` hide the file itself). */
function dependencyVersion(name: string): string {
  let dir = dirname(createRequire(join(PACKAGE_ROOT, 'package.json')).resolve(name));
  while (dir !== dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (manifest.name === name) return manifest.version ?? '';
    } catch {
      // no package.json at this level
    }
    dir = dirname(dir);
  }
  return '';
}

export class CompileCache {
  private readonly dir: string;
  private ready: Promise<unknown> | undefined;

  constructor(siteDir: string, private readonly enabled = true) {
    this.dir = join(siteDir, '.docsite', 'cache', 'mdx');
  }

  key(...parts: string[]): string {
    const hash = createHash('sha256').update(pipelineFingerprint());
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
    // Write then rename, so a build running at the same time never reads half a file.
    const file = join(this.dir, `${key}.json`);
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temporary, JSON.stringify(value));
    await rename(temporary, file);
  }
}
