import { existsSync } from 'node:fs';
import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listFiles } from '../core/fs-utils';

// The site's static folders: copied into the output as they are; links may point at any file in them.

export interface StaticFiles {
  /** Absolute paths of the static folders that exist. */
  dirs: string[];
  /** Site paths ("/img/logo.svg") of every file in them. */
  files: string[];
}

export async function collectStaticFiles(siteDir: string, dirs: string[]): Promise<StaticFiles> {
  // A site without a static/ folder is fine: only the folders that exist are copied.
  const absolute = dirs.map((dir) => join(siteDir, dir)).filter((dir) => existsSync(dir));
  const files = (await Promise.all(absolute.map(listFiles))).flat().map((file) => `/${file}`);
  return { dirs: absolute, files };
}

export async function copyStaticFiles(staticFiles: StaticFiles, outDir: string): Promise<void> {
  await Promise.all(staticFiles.dirs.map((dir) => cp(dir, outDir, { recursive: true, force: true })));
}

/** A `_headers` file the site keeps in a static folder (for Netlify or Cloudflare Pages): docsite's rules go after its own. */
export async function siteHeaderRules(staticDirs: string[]): Promise<string> {
  const texts = await Promise.all(staticDirs.map((dir) => readFile(join(dir, '_headers'), 'utf8').catch(() => '')));
  return texts.filter(Boolean).join('\n');
}
