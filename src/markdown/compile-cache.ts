import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { deserialize, serialize } from 'node:v8';
import type { CompiledMarkdown } from './compile';
import { sourceFingerprint } from '../core/fingerprint';
import { PackedStore } from '../core/packed-store';
import { compileCacheDir, siteCacheDir } from '../core/cache-dir';

// Compiled MDX cached on disk by content hash: a warm build recompiles only what changed. Beside it, each file's
// highlighted code blocks of its last compile, by the file's path: the next compile of an edited file takes the
// blocks it still has from there instead of starting the highlighter (plugins/code-blocks/block-memo.ts). Both live in
// pack files (core/packed-store.ts), a few per build, not a file per entry.

/**
 * Any change to the Markdown pipeline (its sources, the highlighter's, or the compilers it drives) must miss
 * the cache, so the key starts with a fingerprint of them rather than a version someone has to remember to bump.
 */
export function pipelineFingerprint(): string {
  return sourceFingerprint(['src/markdown', 'src/highlight'], ['@mdx-js/mdx', 'shiki']);
}

export interface CompileCacheOptions {
  /**
   * Keep what is compiled in memory until `writeDeferred`, instead of serializing each compile as it is set: a build
   * writes them once its content files are written, in the bundle stage, rather than in its compile stage, which this
   * thread's work bounds (serializing the 1000-page corpus's compiles took it 70-80 ms there).
   */
  deferWrites?: boolean;
}

/** Compiles serialized between two turns of the event loop by `writeDeferred` (some 5 ms of work). */
const DEFERRED_BATCH = 64;

export class CompileCache {
  private readonly store: PackedStore | undefined;
  /** Compiles set and not yet serialized, when writes are deferred. */
  private readonly deferred: Map<string, CompiledMarkdown> | undefined;

  constructor(private readonly siteDir: string, enabled = true, options: CompileCacheOptions = {}) {
    this.store = enabled ? new PackedStore(compileCacheDir(siteDir)) : undefined;
    this.deferred = this.store && options.deferWrites ? new Map() : undefined;
  }

  key(...parts: string[]): string {
    const hash = createHash('sha256').update(pipelineFingerprint());
    for (const part of parts) hash.update('\0').update(part);
    return hash.digest('hex').slice(0, 40);
  }

  // In V8's serialization format: the 1000-page corpus's 1100 entries (20 MB) read in 65-82 ms, against 138-154 ms
  // as JSON.
  get(key: string): CompiledMarkdown | undefined {
    // A copy, as from the store: the compile set is the caller's.
    const kept = this.deferred?.get(key);
    if (kept) return deserialize(serialize(kept)) as CompiledMarkdown;
    const bytes = this.store?.get(key);
    if (!bytes) return undefined;
    try {
      return deserialize(bytes) as CompiledMarkdown;
    } catch {
      return undefined;
    }
  }

  /** Whether the cache holds no compile at all (or is off): then every file of a build compiles. */
  holdsNothing(): boolean {
    return !this.store || (this.store.isEmpty() && !this.deferred?.size);
  }

  set(key: string, value: CompiledMarkdown): void {
    if (this.deferred) this.deferred.set(key, value);
    else this.store?.set(key, serialize(value));
  }

  /**
   * The key of a file's kept code blocks; undefined without the cache. Asked for every file of a build, compiled or
   * not: a file's blocks stay while the file does.
   */
  codeBlocksKeyOf(absolutePath: string): string | undefined {
    if (!this.store) return undefined;
    const key = this.key('code blocks', absolutePath);
    this.store.keep(key);
    return key;
  }

  /** A file's kept code blocks, in V8's serialization format (kept-code-blocks.ts). */
  codeBlocks(key: string): Buffer | undefined {
    return this.store?.get(key);
  }

  keepCodeBlocks(key: string, blocks: Uint8Array): void {
    this.store?.set(key, Buffer.from(blocks.buffer, blocks.byteOffset, blocks.byteLength));
  }

  /** Writes what this process compiled since the last flush (but the compiles a deferring cache keeps, see `writeDeferred`). */
  async flush(): Promise<void> {
    await this.store?.flush();
  }

  /**
   * Serializes and writes the compiles a deferring cache kept, a batch at a time: between batches the event loop
   * answers esbuild's plugin calls, which its bundles wait for.
   */
  async writeDeferred(): Promise<void> {
    if (!this.deferred?.size || !this.store) return;
    const entries = [...this.deferred];
    this.deferred.clear();
    for (let i = 0; i < entries.length; i++) {
      const [key, value] = entries[i]!;
      this.store.set(key, serialize(value));
      if (i % DEFERRED_BATCH === DEFERRED_BATCH - 1) await new Promise((resolve) => setImmediate(resolve));
    }
    await this.store.flush();
  }

  /** At the end of a build: writes what is left, and drops the entries the build did not use once they are most of it. */
  async prune(): Promise<void> {
    if (!this.store) return;
    await this.writeDeferred();
    await this.store.prune();
    // The cache of earlier versions, a file per entry: nothing reads it any more.
    await rm(siteCacheDir(this.siteDir, 'mdx'), { recursive: true, force: true }).catch(() => undefined);
  }

  /** Closes the cache's pack files (after a compile stage); they are opened again if asked for. */
  release(): void {
    this.store?.release();
  }
}
