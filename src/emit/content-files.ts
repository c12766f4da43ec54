import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTENT_DIR } from '../bundle/content-files';
import { linkOr } from '../core/fs-utils';
import type { StaticContent } from '../bundle/virtual-modules';

/**
 * Writes static content's HTML files (bundle/content-files.ts), which client navigation fetches; one per text. A file
 * the previous output (`previousOut`) has already is linked from there: named by its content, it holds this text.
 */
export async function writeContentFiles(outDir: string, contents: readonly (StaticContent | undefined)[], previousOut?: string): Promise<void> {
  const files = new Map<string, string>();
  for (const content of contents) if (content) files.set(content.file, content.html);
  if (!files.size) return;
  await mkdir(join(outDir, CONTENT_DIR), { recursive: true });
  const entries = [...files];
  const place = ([file, html]: [string, string]) => {
    const write = () => writeFile(join(outDir, file), html);
    return previousOut ? linkOr(join(previousOut, file), join(outDir, file), write) : write();
  };
  for (let i = 0; i < entries.length; i += 64) await Promise.all(entries.slice(i, i + 64).map(place));
}
