import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTENT_DIR } from '../bundle/content-files';
import type { StaticContent } from '../bundle/virtual-modules';
import type { PreviousOutput } from '../core/previous-output';

/**
 * Writes static content's HTML files (bundle/content-files.ts), which client navigation fetches; one per text. A file
 * the previous output has already is taken from there: named by its content, it holds this text.
 */
export async function writeContentFiles(outDir: string, contents: readonly (StaticContent | undefined)[], previous?: PreviousOutput): Promise<void> {
  const files = new Map<string, StaticContent>();
  for (const content of contents) if (content) files.set(content.file, content);
  if (!files.size) return;
  await mkdir(join(outDir, CONTENT_DIR), { recursive: true });
  // A content's HTML is asked for as its file is written, not before: made whole (a title before the compiled HTML),
  // every page's at once was 250 MB at 10,000 pages, the build's peak.
  const entries = [...files.values()];
  const place = async (content: StaticContent) => {
    if (!previous?.take(content.file)) await writeFile(join(outDir, content.file), content.html);
  };
  for (let i = 0; i < entries.length; i += 64) await Promise.all(entries.slice(i, i + 64).map(place));
}
