import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { RenderedPage } from '../render/render';
import { cachedMarkdownOfPage, hasMarkdownTwin, isApiPage, markdownTwinFile } from './markdown-twins';

/**
 * `markdownTwins`: the cache folder of the `.md` twins, when each API page gets its twin beside it
 * (markdown-twins.ts; docs' come from their source).
 */
export async function writePages(outDir: string, pages: RenderedPage[], { markdownTwins }: { markdownTwins?: string | undefined } = {}): Promise<void> {
  const files = pages.map((page) => ({ file: page.route.outputFile, contents: page.html }));
  if (markdownTwins) {
    for (const page of pages) {
      const markdown = isApiPage(page.route) && hasMarkdownTwin(page.route) ? await cachedMarkdownOfPage(page, markdownTwins) : undefined;
      if (markdown !== undefined) files.push({ file: markdownTwinFile(page.route.path), contents: markdown });
    }
  }
  const dirs = new Set(files.map(({ file }) => dirname(join(outDir, file))));
  await Promise.all([...dirs].map((dir) => mkdir(dir, { recursive: true })));
  for (let i = 0; i < files.length; i += 64) {
    await Promise.all(files.slice(i, i + 64).map(({ file, contents }) => writeFile(join(outDir, file), contents)));
  }
}

/** Whether `a` and `A` are two files in this folder (Linux) or one (macOS and Windows by default). */
export async function hasCaseSensitiveNames(dir: string): Promise<boolean> {
  const probe = join(dir, '.docsite-case-probe');
  await writeFile(probe, '');
  const sensitive = !existsSync(join(dir, '.DOCSITE-CASE-PROBE'));
  await rm(probe);
  return sensitive;
}
