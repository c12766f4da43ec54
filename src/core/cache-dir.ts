import { join } from 'node:path';

/** A path in the site's cache folder, `<site>/.docsite/cache/` (what each file there holds: ARCHITECTURE.md). */
export function siteCacheDir(siteDir: string, ...parts: string[]): string {
  return join(siteDir, '.docsite', 'cache', ...parts);
}

/** Where a site's compiled Markdown is kept (pack files, core/packed-store.ts; markdown/compile-cache.ts). */
export function compileCacheDir(siteDir: string): string {
  return siteCacheDir(siteDir, 'compiles');
}
