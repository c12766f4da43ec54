import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { RenderedPage } from '../render/render';
import type { ApiTwinWriter } from './markdown-twins';

/**
 * `twins`: when API pages get a `.md` twin beside them, what writes it (markdown-twins.ts; docs' come from their
 * source), in its own time.
 */
export async function writePages(outDir: string, pages: RenderedPage[], { twins }: { twins?: ApiTwinWriter | undefined } = {}): Promise<void> {
  const files = pages.map((page) => ({ file: page.route.outputFile, contents: page.html }));
  if (twins) for (const page of pages) twins.add(page);
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
