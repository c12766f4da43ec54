import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFilesSync } from '../core/fs-utils';
import type { RenderedPage } from '../render/render';
import type { ApiTwinWriter } from './markdown-twins';

/**
 * `twins`: when API pages get a `.md` twin beside them, what writes it (markdown-twins.ts; docs' come from their
 * source), in its own time.
 */
export async function writePages(outDir: string, pages: RenderedPage[], { twins }: { twins?: ApiTwinWriter | undefined } = {}): Promise<void> {
  if (twins) for (const page of pages) twins.add(page);
  // Synchronously, on the rendering thread: through the thread pool, the render stage of a cold 1000-page build took
  // 2.8-3.6 s against 1.0-2.1 s so.
  writeFilesSync(pages.map((page) => ({ path: join(outDir, page.route.outputFile), contents: page.html })));
}

/** Whether `a` and `A` are two files in this folder (Linux) or one (macOS and Windows by default). */
export async function hasCaseSensitiveNames(dir: string): Promise<boolean> {
  const probe = join(dir, '.docsite-case-probe');
  await writeFile(probe, '');
  const sensitive = !existsSync(join(dir, '.DOCSITE-CASE-PROBE'));
  await rm(probe);
  return sensitive;
}
