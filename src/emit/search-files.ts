import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SearchIndex } from '../search/search-index';
import type { SearchFiles } from '../shared/search';
import { withBase } from '../shared/url';

// The search files carry the build's time in their names: a new build never serves a stale index
// from a cache (the contract's search file names).

export function searchFileNames(stamp: number): { docs: string; index: string } {
  return { docs: `search-doc-${stamp}.json`, index: `lunr-index-${stamp}.json` };
}

/** Their URLs, which every page's boot data names. */
export function searchFileUrls(base: string, stamp: number): SearchFiles {
  const names = searchFileNames(stamp);
  return { docs: withBase(base, `/${names.docs}`), index: withBase(base, `/${names.index}`) };
}

export async function writeSearchFiles(outDir: string, stamp: number, search: SearchIndex): Promise<void> {
  const names = searchFileNames(stamp);
  await Promise.all([writeFile(join(outDir, names.docs), JSON.stringify(search.docs)), writeFile(join(outDir, names.index), JSON.stringify(search.index))]);
}
