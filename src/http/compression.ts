import { open } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

// On-the-fly compression for `docsite serve`: sirv only serves files compressed ahead of time,
// and a build writes none. Each file is compressed once per change and kept in memory.

export type Encoding = 'br' | 'gzip';

/** Below this, compression saves less than the headers and the CPU cost. */
export const MIN_COMPRESSIBLE_BYTES = 1024;

/** The encoding to answer with for an Accept-Encoding header: brotli over gzip at equal preference. */
export function negotiateEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q) || 0);
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br > 0 && br >= gz) return 'br';
  return gz > 0 ? 'gzip' : undefined;
}

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/** What a compressed body was made from: a later change to the file makes it stale. */
export interface FileVersion {
  mtimeMs: number;
  size: number;
}

interface Entry {
  version: FileVersion;
  body: Buffer;
}

export class CompressedFiles {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<Entry>>();
  private bytes = 0;

  /** maxBytes bounds the memory held; the least recently used bodies go first. */
  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  /**
   * The file compressed with `encoding`, from memory when `version` is what was compressed before.
   * Returns the version actually read, which the caller's headers must describe.
   */
  async get(file: string, version: FileVersion, encoding: Encoding): Promise<Entry> {
    const key = `${encoding}:${file}`;
    const cached = this.entries.get(key);
    if (cached && sameVersion(cached.version, version)) {
      // Re-inserted: Map order is the eviction order.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    // Two requests for the same new file share one compression.
    const pendingKey = `${key}:${version.mtimeMs}:${version.size}`;
    let work = this.pending.get(pendingKey);
    if (!work) {
      work = compressFile(file, encoding).finally(() => this.pending.delete(pendingKey));
      this.pending.set(pendingKey, work);
      void work.then((entry) => this.remember(key, entry), () => undefined);
    }
    return work;
  }

  private remember(key: string, entry: Entry): void {
    const previous = this.entries.get(key);
    if (previous) {
      this.bytes -= previous.body.length;
      this.entries.delete(key);
    }
    if (entry.body.length > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= old.body.length;
    }
  }
}

function sameVersion(a: FileVersion, b: FileVersion): boolean {
  return a.mtimeMs === b.mtimeMs && a.size === b.size;
}

/** Reads through one file handle, so the version recorded is the one whose bytes were compressed. */
async function compressFile(file: string, encoding: Encoding): Promise<Entry> {
  const handle = await open(file, 'r');
  let raw: Buffer;
  let version: FileVersion;
  try {
    const stats = await handle.stat();
    version = { mtimeMs: stats.mtimeMs, size: stats.size };
    raw = await handle.readFile();
  } finally {
    await handle.close();
  }
  const body =
    encoding === 'br'
      ? await compressBrotli(raw, {
          params: {
            // Quality 5 compresses nearly as well as 11 for text, in a fraction of the time: answers stay fast on a cold cache.
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        })
      : await compressGzip(raw, { level: 6 });
  return { version, body };
}
