import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { BundleRecord } from '../bundle/bundle-reuse';
import { writeFileAtomically } from '../core/fs-utils';
import { siteCacheDir } from '../core/cache-dir';

// What a build leaves for the next one beside its output (`.docsite/cache/build/record.json`): how its bundles were
// made (bundle/bundle-reuse.ts), each page's key and links, and a hash of each generated file. The next build of the same output takes from the
// previous output whatever these say is still current, and redoes the rest: see ARCHITECTURE.md, "Incremental builds".
// The record is written only once the output it describes is in place.

export interface BuildRecord {
  format: typeof FORMAT;
  /** The output folder it describes. */
  outDir: string;
  bundles: BundleRecord;
  /** By route path. */
  pages: Record<string, PageRecord>;
  /** The hrefs pages hold, each once (a page's sidebar repeats most of them on every page). */
  hrefs: string[];
  /** The generated files (`.md` twins, llms files, sitemap, feeds...) by path in the output: a hash of each one's contents. */
  files?: Record<string, string>;
  /** The file in the cache folder with the search documents and whole index (emit/search-files.ts). */
  searchIndex?: string;
}

/** A page as the previous build wrote it: the key of what it was rendered from, and the links found in it. */
export interface PageRecord {
  key: string;
  /** Positions in BuildRecord.hrefs. */
  hrefs: number[];
  ids: string[];
}

// 4: pages are taken as they are (their boot data names nothing that changes from build to build); generated files' hashes.
// 5: the bundles' outputs leave out the search shards (an older record's kept the first build's shards for good).
const FORMAT = 6;

function recordFile(siteDir: string): string {
  return join(buildCacheDir(siteDir), 'record.json');
}

export function buildCacheDir(siteDir: string): string {
  return siteCacheDir(siteDir, 'build');
}

/** The previous build's record for `outDir`, when there is one of this format. */
export async function readBuildRecord(siteDir: string, outDir: string): Promise<BuildRecord | undefined> {
  try {
    const record = JSON.parse(await readFile(recordFile(siteDir), 'utf8')) as BuildRecord;
    return record.format === FORMAT && record.outDir === outDir ? record : undefined;
  } catch {
    return undefined;
  }
}

/** Written then renamed: a build reading it meanwhile never sees half of it. */
export async function writeBuildRecord(siteDir: string, record: Omit<BuildRecord, 'format'>): Promise<void> {
  await mkdir(buildCacheDir(siteDir), { recursive: true });
  await writeFileAtomically(recordFile(siteDir), JSON.stringify({ format: FORMAT, ...record }));
}

/** Drops the record: the output it described is gone or about to change without one. */
export async function forgetBuildRecord(siteDir: string): Promise<void> {
  await rm(recordFile(siteDir), { force: true });
}

/**
 * What a page's HTML is made of: the build's frame (the server bundle, site
 * data, runtime files, head context, search worker), the route with its data, its browser files and its content's
 * HTML (here the name of its content file, which its HTML names). Equal keys, equal HTML.
 */
export function pageKeyOf(frame: string, route: unknown, assets: unknown, contentFile: string | undefined): string {
  return createHash('sha1')
    .update(frame)
    .update('\0')
    .update(JSON.stringify(route))
    .update('\0')
    .update(JSON.stringify(assets))
    .update('\0')
    .update(contentFile ?? '\u0000none')
    .digest('base64url');
}

export function frameKeyOf(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/**
 * Removes what earlier builds kept in the cache folder (server bundles, search files) beside the record and the
 * files it names; those of a build running beside this one may go too, which costs that build its next reuse only.
 */
export async function pruneBuildCache(dir: string, keep: string[]): Promise<void> {
  const kept = new Set(keep);
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => /^(server|search)-[\w-]+\.(mjs|json|v8)$/.test(name) && !kept.has(join(dir, name))).map((name) => rm(join(dir, name), { force: true })));
}
