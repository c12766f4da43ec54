import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RouteDefinition } from '../routes';
import { withBase } from '../shared/url';

// Large page data goes to the browser as modules of its own, written here, never through esbuild.
//
// A route's browser chunk carries its page's data. For docs and posts that is a few kilobytes of titles and
// tables of contents; for an API reference's operation and schema pages it is tens of kilobytes of schema trees
// each, and for thousands of pages esbuild held a syntax tree of all of it: Kubernetes' 1,886 API pages took
// its process past a gigabyte, more than docsite's own. Such data is written as `assets/data/<hash>.js`
// (`export default JSON.parse('…')`, which V8 parses faster than the same object literal) and the route chunk
// imports it by URL, as an external module: esbuild sees one import line. The browser fetches both files at
// once (the page's HTML preloads the data module beside the chunk). Smaller data stays inside the chunk, byte
// for byte as before: an extra request costs more than it saves there.

/** Page data above this many characters of JSON becomes a data module. */
export const PAGE_DATA_MODULE_THRESHOLD = 10_000;

export interface PageDataModule {
  /** The URL the route chunk imports (with the site's base URL). */
  url: string;
  /** The file, relative to the output folder (as the other assets are listed for preloading). */
  file: string;
}

/** Writes the data modules of the routes whose data is large, into `<outDir>/assets/data`; by route path. */
export async function writePageDataModules(routes: readonly RouteDefinition[], outDir: string, baseUrl: string): Promise<Map<string, PageDataModule>> {
  const modules = new Map<string, PageDataModule>();
  let writes: Promise<void>[] = [];
  for (const route of routes) {
    const json = JSON.stringify(route.data);
    if (json.length <= PAGE_DATA_MODULE_THRESHOLD) continue;
    if (!modules.size) await mkdir(join(outDir, 'assets', 'data'), { recursive: true });
    const text = `export default JSON.parse(${singleQuoted(json)});\n`;
    const file = `assets/data/${route.chunkName}-${createHash('sha256').update(text).digest('hex').slice(0, 12)}.js`;
    modules.set(route.path, { url: withBase(baseUrl, `/${file}`), file });
    // A few dozen writes in flight at a time: none would leave thousands of files' text waiting in memory.
    writes.push(writeFile(join(outDir, file), text));
    if (writes.length === 64) {
      await Promise.all(writes);
      writes = [];
    }
  }
  await Promise.all(writes);
  return modules;
}

/**
 * JSON text as a single-quoted JavaScript string: JSON is full of double quotes and has no raw line breaks, so
 * only backslashes and single quotes need escaping (U+2028 and U+2029 are allowed in string literals since ES2019).
 */
export function singleQuoted(json: string): string {
  return `'${json.replace(/[\\']/g, '\\$&')}'`;
}
