import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

// A key -> bytes store on disk in a few pack files instead of a file per key. On the machines docsite builds on, making
// a file costs far more than writing its bytes: a cold build of 1000 pages made 2,100 cache files (a compile and a
// file's code blocks each), and an ext4 disk that had just deleted as many spent up to a millisecond of kernel time on
// each, on the compile workers' threads. A pack holds what one build wrote, a few megabytes at a time.
//
// A pack is its values, then an index of their keys, offsets and lengths, then where the index starts: opening a
// store reads the indexes only, and a value is read when asked for (`docsite dev`'s first page reads one compile, not
// every pack). A pack is written whole to a temporary name and renamed, so a reader never sees half of one. Packs are
// read in name order (a time stamp first), a later one's key shadowing an earlier one's. Each process names its own, so
// two builds of a site (`docsite dev` beside `docsite build`) never write the same file; one that merges the packs it
// read removes only those, and a pack gone from under another process is a cache miss there, nothing worse.

const MAGIC = Buffer.from('DOCSITE-PACK-2\n');
/** The end of a pack: the index's offset (6 bytes) and this mark. */
const TRAILER_MARK = Buffer.from('PKIX');
const TRAILER_BYTES = 6 + TRAILER_MARK.length;

/** Pending bytes past which a pack is written while a build goes on, bounding what waits in memory. */
const PACK_BYTES = 8 * 2 ** 20;

/** Longest an entry waits in memory before its pack is written. */
const PENDING_MS = 2000;

/** More packs than this are merged into one when the next is written (edit builds and dev saves write small ones). */
const MAX_PACKS = 12;

interface Pack {
  file: string;
  /** Open while its values are read; closed by `release`, opened again when asked. */
  fd?: number;
}

interface Entry {
  pack: Pack;
  offset: number;
  length: number;
}

export class PackedStore {
  private index: Map<string, Entry> | undefined;
  /** The packs this process read or wrote, in order. */
  private packs: Pack[] = [];
  private pending = new Map<string, Buffer>();
  private timer: NodeJS.Timeout | undefined;
  /** Entries of packs being written. */
  private readonly inFlight = new Map<string, Buffer>();
  private pendingBytes = 0;
  private writing: Promise<void> = Promise.resolve();
  private written = 0;
  /** Keys read or written by this process: what `prune` keeps. */
  private readonly touched = new Set<string>();

  constructor(private readonly dir: string) {}

  get(key: string): Buffer | undefined {
    this.touched.add(key);
    const waiting = this.pending.get(key) ?? this.inFlight.get(key);
    if (waiting) return waiting;
    const entry = this.open().get(key);
    return entry && valueOf(entry);
  }

  /** Whether the store holds nothing, written or waiting. */
  isEmpty(): boolean {
    return this.pending.size === 0 && this.open().size === 0;
  }

  /** Marks a key as still in use without reading it (`prune` keeps it). */
  keep(key: string): void {
    this.touched.add(key);
  }

  set(key: string, value: Buffer): void {
    this.touched.add(key);
    const before = this.pending.get(key);
    if (before) this.pendingBytes -= before.length;
    this.pending.set(key, value);
    this.pendingBytes += value.length;
    if (this.pendingBytes >= PACK_BYTES) this.queueWrite();
    // What waits is written within a few seconds too: `docsite dev` compiles the site in the background for as long as
    // it runs, and an author who stops it keeps what it compiled.
    else this.timer ??= setTimeout(() => {
      this.timer = undefined;
      if (this.pending.size) this.queueWrite();
    }, PENDING_MS).unref();
  }

  /** Writes what is pending; merges the packs when there are too many. Never throws: a cache only loses time. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size) this.queueWrite();
    await this.writing;
    if (this.packs.length > MAX_PACKS) await this.rewrite(() => true);
  }

  /**
   * Writes what is pending, then, when the keys nobody read or wrote since this store opened take more room than those
   * that were, rewrites the packs with the latter only: entries of texts no longer in the site go.
   */
  async prune(): Promise<void> {
    await this.flush();
    const index = this.open();
    let kept = 0;
    let stale = 0;
    for (const [key, entry] of index) {
      if (this.touched.has(key)) kept += entry.length;
      else stale += entry.length;
    }
    if (stale > kept) await this.rewrite((key) => this.touched.has(key));
  }

  /** Closes the packs (a build keeps what it took); a later `get` opens its pack again. */
  release(): void {
    for (const pack of this.packs) closePack(pack);
  }

  private open(): Map<string, Entry> {
    if (this.index) return this.index;
    this.index = new Map();
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((name) => name.endsWith('.pack')).sort();
    } catch {
      names = [];
    }
    for (const name of names) {
      const pack: Pack = { file: join(this.dir, name) };
      const records = indexOf(pack);
      if (!records) {
        closePack(pack);
        continue;
      }
      this.packs.push(pack);
      for (const [key, offset, length] of records) this.index.set(key, { pack, offset, length });
    }
    return this.index;
  }

  private queueWrite(): void {
    const entries = [...this.pending];
    this.pending = new Map();
    this.pendingBytes = 0;
    const index = this.open();
    // Read from memory until they are on disk, then from the disk: a cold build holds no more than a pack.
    for (const [key, value] of entries) this.inFlight.set(key, value);
    const pack: Pack = { file: join(this.dir, this.packName()) };
    const { pieces, offsets } = packOf(entries);
    this.writing = this.writing.then(async () => {
      try {
        await mkdir(this.dir, { recursive: true });
        await writeAtomically(pack.file, pieces);
      } catch {
        // Kept in memory: this process still has its entries; the next one compiles them again.
        return;
      }
      this.packs.push(pack);
      entries.forEach(([key, value], i) => {
        index.set(key, { pack, offset: offsets[i]!, length: value.length });
        if (this.inFlight.get(key) === value) this.inFlight.delete(key);
      });
    });
  }

  /** One pack of the entries `keep` says, in place of every pack this store knows. */
  private async rewrite(keep: (key: string) => boolean): Promise<void> {
    const index = this.open();
    const entries: Array<[string, Buffer]> = [];
    for (const [key, entry] of index) {
      if (!keep(key)) continue;
      const value = valueOf(entry);
      if (value) entries.push([key, value]);
    }
    const old = this.packs;
    const pack: Pack = { file: join(this.dir, this.packName()) };
    const { pieces, offsets } = packOf(entries);
    try {
      await mkdir(this.dir, { recursive: true });
      await writeAtomically(pack.file, pieces);
    } catch {
      return;
    }
    this.packs = [pack];
    index.clear();
    entries.forEach(([key, value], i) => index.set(key, { pack, offset: offsets[i]!, length: value.length }));
    for (const stale of old) closePack(stale);
    await Promise.all(old.map((stale) => rm(stale.file, { force: true }).catch(() => undefined)));
  }

  /** Sorts after every pack written before it (a time stamp first), and is this process's own. */
  private packName(): string {
    return `${Date.now().toString(36).padStart(9, '0')}-${process.pid}-${(this.written++).toString(36)}-${randomBytes(3).toString('hex')}.pack`;
  }
}

function closePack(pack: Pack): void {
  if (pack.fd === undefined) return;
  try {
    closeSync(pack.fd);
  } catch {
    // Closed already.
  }
  delete pack.fd;
}

function fdOf(pack: Pack): number {
  return (pack.fd ??= openSync(pack.file, 'r'));
}

function readAt(fd: number, offset: number, length: number): Buffer {
  const bytes = Buffer.allocUnsafe(length);
  let read = 0;
  while (read < length) {
    const got = readSync(fd, bytes, read, length - read, offset + read);
    if (got === 0) throw new Error('the pack ends early');
    read += got;
  }
  return bytes;
}

/** An entry's value, read from its pack; undefined when the pack is gone or cut short. */
function valueOf(entry: Entry): Buffer | undefined {
  try {
    return readAt(fdOf(entry.pack), entry.offset, entry.length);
  } catch {
    return undefined;
  }
}

/** A pack's index as [key, offset, length]; undefined for a file that is no whole pack. */
function indexOf(pack: Pack): Array<[string, number, number]> | undefined {
  try {
    const fd = fdOf(pack);
    const size = fstatSync(fd).size;
    if (size < MAGIC.length + TRAILER_BYTES || !readAt(fd, 0, MAGIC.length).equals(MAGIC)) return undefined;
    const trailer = readAt(fd, size - TRAILER_BYTES, TRAILER_BYTES);
    if (!trailer.subarray(6).equals(TRAILER_MARK)) return undefined;
    const start = trailer.readUIntLE(0, 6);
    if (start < MAGIC.length || start > size - TRAILER_BYTES) return undefined;
    const bytes = readAt(fd, start, size - TRAILER_BYTES - start);
    const records: Array<[string, number, number]> = [];
    let at = 0;
    while (at < bytes.length) {
      if (at + 4 > bytes.length) return undefined;
      const keyLength = bytes.readUInt32LE(at);
      at += 4;
      if (at + keyLength + 10 > bytes.length) return undefined;
      const key = bytes.toString('utf8', at, at + keyLength);
      at += keyLength;
      const offset = bytes.readUIntLE(at, 6);
      const length = bytes.readUInt32LE(at + 6);
      at += 10;
      if (offset + length > start) return undefined;
      records.push([key, offset, length]);
    }
    return records;
  } catch {
    return undefined;
  }
}

async function writeAtomically(file: string, pieces: Buffer[]): Promise<void> {
  const temporary = `${file}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    await handle.writev(pieces);
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
}

/**
 * A pack's bytes as pieces to write in one go (one `writev`): the magic line, the values, then the index (per entry its
 * key's length and key in UTF-8, the value's offset and length) and the trailer (the index's offset and a mark). The
 * values are not copied into a buffer of the whole pack.
 */
function packOf(entries: ReadonlyArray<readonly [string, Buffer]>): { pieces: Buffer[]; offsets: number[] } {
  const pieces: Buffer[] = [MAGIC];
  const offsets: number[] = [];
  let at = MAGIC.length;
  for (const [, value] of entries) {
    offsets.push(at);
    pieces.push(value);
    at += value.length;
  }
  const keys = entries.map(([key]) => Buffer.from(key, 'utf8'));
  const index = Buffer.allocUnsafe(keys.reduce((sum, key) => sum + 14 + key.length, 0));
  let cursor = 0;
  entries.forEach(([, value], i) => {
    const key = keys[i]!;
    cursor = index.writeUInt32LE(key.length, cursor);
    cursor += key.copy(index, cursor);
    cursor = index.writeUIntLE(offsets[i]!, cursor, 6);
    cursor = index.writeUInt32LE(value.length, cursor);
  });
  const trailer = Buffer.allocUnsafe(TRAILER_BYTES);
  trailer.writeUIntLE(at, 0, 6);
  TRAILER_MARK.copy(trailer, 6);
  pieces.push(index, trailer);
  return { pieces, offsets };
}
