import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createWorkerPool } from '../core/worker-pool';
import { workerUrl } from '../core/worker-thread';
import type { CompiledMarkdown } from '../markdown/compile';
import type { RouteDefinition } from '../routes';
import { collectSearchDocs, packSearchIndex, type SearchIndex } from '../search/search-index';
import { shardSearchIndex, shouldShard } from '../search/shard-index';
import type { PackedSearchIndex, SearchDoc, SearchFiles, SearchVersion } from '../shared/search';
import { spliceSearchIndex } from '../search/splice-index';
import { withBase } from '../shared/url';

// The search files carry the build's time in their names: a new build never serves a stale index
// from a cache (the contract's search file names). A big site's are entry files naming content-hashed shards.

export function searchFileNames(stamp: number): { docs: string; index: string } {
  return { docs: `search-doc-${stamp}.json`, index: `lunr-index-${stamp}.json` };
}

/** Their URLs, which every page's boot data names, with the worker that reads them. */
export function searchFileUrls(base: string, stamp: number, worker: string): SearchFiles {
  const names = searchFileNames(stamp);
  return { docs: withBase(base, `/${names.docs}`), index: withBase(base, `/${names.index}`), worker };
}

/** What the build writes: the two files' JSON, and a big site's shards by path. */
export interface SearchFileSet {
  docs: string;
  index: string;
  shards: Map<string, string>;
}

/** The search documents of a site, and how its files are made (the config's `search.shards`, the site's language). */
export interface SearchFilesJob {
  docs: SearchDoc[];
  versions: SearchVersion[];
  language: string;
  shards: 'auto' | 'always' | 'never';
  /** The previous build's two files, absolute, when it wrote them whole: its index is spliced, not remade. */
  previous?: SearchRecord;
}

/** A build's search files when they were written whole (no shards), for the next build: in the output folder, or absolute. */
export interface SearchRecord {
  docs: string;
  index: string;
}

export function searchFilesOf(job: SearchFilesJob): SearchFileSet {
  const options = { language: job.language, versions: job.versions };
  const previous = job.previous && readPrevious(job.previous);
  if (!previous) return searchFileSet({ docs: job.docs, index: packSearchIndex(job.docs, options) }, job.shards);
  return searchFileSet({ docs: job.docs, index: spliceSearchIndex(previous.index, previous.docs, job.docs, options) }, job.shards);
}

/** The previous build's documents and index, when both files are there and the index is whole. */
function readPrevious(record: SearchRecord): { docs: SearchDoc[]; index: PackedSearchIndex } | undefined {
  try {
    const docs = JSON.parse(readFileSync(record.docs, 'utf8')) as SearchDoc[];
    const index = JSON.parse(readFileSync(record.index, 'utf8')) as PackedSearchIndex | { format?: string };
    return Array.isArray(docs) && index.format === 'docsite-lunr-1' ? { docs, index: index as PackedSearchIndex } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The search files of these routes, packed on a worker thread: the documents are collected here (they come from
 * the compiled Markdown), the index is packed and written out as JSON there, while this thread does other work.
 */
export async function searchFilesOffThread(routes: RouteDefinition[], compiled: Map<string, CompiledMarkdown>, href: (path: string) => string, language: string, shards: 'auto' | 'always' | 'never', previous?: SearchRecord): Promise<SearchFileSet> {
  const { docs, versions } = collectSearchDocs(routes, { compiled, href });
  const pool = createWorkerPool<SearchFilesJob, SearchFileSet>(workerUrl('search-index-worker', import.meta.url), {}, 1);
  try {
    // The set comes back as the worker made it: a Map crosses postMessage as it is.
    return await pool.run({ docs, versions, language, shards, ...(previous ? { previous } : {}) });
  } finally {
    await pool.close();
  }
}

/** `shards`: the config's `search.shards`. */
export function searchFileSet(search: SearchIndex, shards: 'auto' | 'always' | 'never'): SearchFileSet {
  const whole = { docs: JSON.stringify(search.docs), index: JSON.stringify(search.index), shards: new Map<string, string>() };
  if (!shouldShard(whole.docs.length + whole.index.length, shards)) return whole;
  const sharded = shardSearchIndex(search);
  return { docs: JSON.stringify(sharded.docs), index: JSON.stringify(sharded.index), shards: sharded.files };
}

/** Writes the files; returns where the whole files are, for the next build (none for a sharded index). */
export async function writeSearchFiles(outDir: string, stamp: number, files: SearchFileSet): Promise<SearchRecord | undefined> {
  const names = searchFileNames(stamp);
  const folders = new Set([...files.shards.keys()].map((path) => join(outDir, dirname(path))));
  await Promise.all([...folders].map((folder) => mkdir(folder, { recursive: true })));
  await Promise.all([writeFile(join(outDir, names.docs), files.docs), writeFile(join(outDir, names.index), files.index), ...[...files.shards].map(([path, json]) => writeFile(join(outDir, path), json))]);
  return files.shards.size ? undefined : names;
}
