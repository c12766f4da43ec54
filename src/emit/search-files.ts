import { writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { folderMaker, writeFileAtomically } from '../core/fs-utils';
import { takingFrom } from './output-dir';
import { createWorkerPool, type WorkerPool } from '../core/worker-pool';
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

/** Their URLs, which the route manifest names. */
export function searchFileUrls(base: string, stamp: number): SearchFiles {
  const names = searchFileNames(stamp);
  return { docs: withBase(base, `/${names.docs}`), index: withBase(base, `/${names.index}`) };
}

/** What the build writes: the two files' JSON, and a big site's shards by path. */
export interface SearchFileSet {
  docs: string;
  index: string;
  shards: Map<string, string>;
}

/** The search documents of a site, how its files are made (the config's `search.shards`, the site's language) and where. */
export interface SearchFilesJob {
  docs: SearchDoc[];
  versions: SearchVersion[];
  language: string;
  shards: 'auto' | 'always' | 'never';
  /** The previous build's documents and whole index (a file `keep` wrote): the index is spliced, not remade. */
  previous?: string;
  /** Where to keep this build's documents and whole index for the next build (incremental builds). */
  keep?: string;
  /**
   * Where the files go, with the build's stamp in their names (writeSearchFiles); `previousOut`: the previous output,
   * whose shards (named by their content) are linked from there, or kept where they are when the build writes into it
   * (`inPlace`, emit/output-dir.ts).
   */
  write: { outDir: string; stamp: number; previousOut?: string; inPlace?: boolean };
}

/** The files written, and the previous output's shards kept where they are (their paths in the output). */
export interface SearchFilesWritten {
  files: number;
  kept: string[];
}

/** Packs the index and writes its files; only their count crosses back (the JSON, 40 MB at 5,000 pages, stays here). */
/** `preread`: the previous build's kept index as the worker started reading it before the job came (searchWorker). */
export async function searchFilesOf(job: SearchFilesJob, preread?: PrereadSearch): Promise<SearchFilesWritten> {
  const options = { language: job.language, versions: job.versions };
  const previous = job.previous === undefined ? undefined : await (preread?.file === job.previous ? preread.kept : readKeptSearch(job.previous));
  const index = previous ? spliceSearchIndex(previous.index, previous.docs, job.docs, options) : packSearchIndex(job.docs, options);
  if (job.keep) {
    await mkdir(dirname(job.keep), { recursive: true });
    await writeFileAtomically(job.keep, serialize({ docs: job.docs, index } satisfies KeptSearch));
  }
  // Shards are written as they are made.
  let shardFiles = 0;
  const kept: string[] = [];
  const place = shardPlacer(job.write, kept);
  const files = searchFileSet({ docs: job.docs, index }, job.shards, (path, json) => {
    place(path, json);
    shardFiles++;
  });
  await writeSearchFiles(job.write, files, kept);
  return { files: 2 + shardFiles, kept };
}

/**
 * Puts shards into `outDir`. One the previous output has already is taken from there (emit/output-dir.ts
 * takingFrom), as shards are named by their content; those kept in place are added to `kept`.
 */
function shardPlacer({ outDir, previousOut, inPlace }: SearchFilesJob['write'], kept: string[]): (path: string, json: string) => void {
  const makeFolder = folderMaker();
  const keptHere = new Set<string>();
  const previous = previousOut === undefined ? undefined : takingFrom(previousOut, outDir, !!inPlace, keptHere);
  return (path, json) => {
    if (previous?.take(path)) {
      if (keptHere.has(path)) kept.push(path);
      return;
    }
    const file = join(outDir, path);
    makeFolder(dirname(file));
    writeFileSync(file, json);
  };
}

/**
 * One file for both, so that the documents and the index they were counted from are never out of step. In V8's
 * serialization format, not JSON: on the 1000-page corpus (8 MB) it writes in half the time and reads in two thirds,
 * on the search worker of every edit build. One from another Node version that cannot be read is no error (the index
 * is packed from scratch).
 */
export interface KeptSearch {
  docs: SearchDoc[];
  index: PackedSearchIndex;
}

/** A kept index being read, and its file. */
export interface PrereadSearch {
  file: string;
  kept: Promise<KeptSearch | undefined>;
}

export async function readKeptSearch(file: string): Promise<KeptSearch | undefined> {
  try {
    const kept = deserialize(await readFile(file)) as Partial<KeptSearch>;
    return Array.isArray(kept.docs) && kept.index?.format === 'docsite-lunr-1' ? (kept as KeptSearch) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * With no limit, V8 lets a worker's heap grow well past what it holds; with one, it sizes the heap close to it (as
 * for the compile workers, compile-pool.ts). The search worker holds every document and the index it packs: on the
 * 5000-page corpus it reached ~400 MB beside esbuild's process, the build's peak. The bound is far above what a
 * site of tens of thousands of pages needs. A young generation of 8 MB: the worker packs the index while esbuild makes
 * the client bundle, where a 1000-page build's memory peaks; the default's kept it some 25 MB higher there (454-468
 * against 431-439 MB, the build's whole process tree), in the same time.
 */
const SEARCH_WORKER_LIMITS = { maxOldGenerationSizeMb: 4096, maxYoungGenerationSizeMb: 8 };

/**
 * The search files of these routes, packed and written on a worker thread: the documents are collected here (they
 * come from the compiled Markdown); the index is packed and its files written there, while this thread does other work.
 */
export async function searchFilesOffThread(worker: SearchWorker, routes: RouteDefinition[], compiled: Map<string, CompiledMarkdown>, href: (path: string) => string, language: string, shards: 'auto' | 'always' | 'never', write: SearchFilesJob['write'], kept: { previous?: string; keep?: string } = {}): Promise<SearchFilesWritten> {
  const { docs, versions } = collectSearchDocs(routes, { compiled, href });
  try {
    return await worker.run({ docs, versions, language, shards, write, ...kept });
  } finally {
    await worker.close();
  }
}

/** The search index's worker, for one job (searchFilesOffThread). */
export type SearchWorker = WorkerPool<SearchFilesJob, SearchFilesWritten>;

/**
 * Starts the search index's worker. Given the previous build's kept index (`previous`, an edit build's), it starts
 * reading it at once: started with the build, it has it read while this thread loads and compiles the content, where
 * started with its job it read it (a quarter of a second on the 1000-page corpus) while the rest of the build waited.
 */
export function startSearchWorker(previous?: string): SearchWorker {
  return createWorkerPool<SearchFilesJob, SearchFilesWritten>(workerUrl('search-index-worker', import.meta.url), { resourceLimits: SEARCH_WORKER_LIMITS, ...(previous ? { workerData: { previous } } : {}) }, 1);
}

/** `shards`: the config's `search.shards`. `sink`: where a big site's shards go as they are made (shardSearchIndex); `shards` is then empty. */
export function searchFileSet(search: SearchIndex, shards: 'auto' | 'always' | 'never', sink?: (path: string, json: string) => void): SearchFileSet {
  // Each document's JSON once: the documents file is them in brackets, and a big site's shards are made of them.
  const docsJson = search.docs.map((doc) => JSON.stringify(doc));
  const docsBytes = docsJson.reduce((sum, json) => sum + json.length + 1, 1);
  // The index's JSON only when it may be written whole: documents over the bound alone make the site a sharded one.
  const index = shards === 'always' || (shards === 'auto' && shouldShard(docsBytes, shards)) ? undefined : JSON.stringify(search.index);
  if (index !== undefined && !shouldShard(docsBytes + index.length, shards)) return { docs: `[${docsJson.join(',')}]`, index, shards: new Map() };
  const sharded = shardSearchIndex(search, docsJson, sink);
  return { docs: JSON.stringify(sharded.docs), index: JSON.stringify(sharded.index), shards: sharded.files };
}

/** The entry files, and the shards `files` holds (shardPlacer; those it keeps in place are added to `kept`). */
export async function writeSearchFiles(write: SearchFilesJob['write'], files: SearchFileSet, kept: string[] = []): Promise<void> {
  const { outDir, stamp } = write;
  const names = searchFileNames(stamp);
  // The search worker writes before the pages do: a translated locale's folder may not exist yet.
  await mkdir(outDir, { recursive: true });
  const place = shardPlacer(write, kept);
  for (const [path, json] of files.shards) place(path, json);
  await Promise.all([writeFile(join(outDir, names.docs), files.docs), writeFile(join(outDir, names.index), files.index)]);
}
