import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { RenderedPage } from '../render/render';

export async function writePages(outDir: string, pages: RenderedPage[]): Promise<void> {
  const dirs = new Set(pages.map((page) => dirname(join(outDir, page.route.outputFile))));
  await Promise.all([...dirs].map((dir) => mkdir(dir, { recursive: true })));
  for (let i = 0; i < pages.length; i += 64) {
    await Promise.all(pages.slice(i, i + 64).map((page) => writeFile(join(outDir, page.route.outputFile), page.html)));
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
