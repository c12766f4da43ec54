import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTENT_DIR, contentFileHtml, contentFileText } from '../bundle/content-files';
import type { StaticContent } from '../bundle/virtual-modules';
import type { PreviousOutput } from '../core/previous-output';
import type { CompiledMarkdown } from '../markdown/compile';

/**
 * Writes static content's files (bundle/content-files.ts: data and HTML), which client navigation fetches. A file
 * the previous output has already is taken from there: named by its content, it holds this text. Returns where each
 * file can be read while the build runs: in `outDir`, or in the previous output it was kept in.
 */
export async function writeContentFiles(outDir: string, contents: readonly (StaticContent | undefined)[], previous?: PreviousOutput, { blocking = false } = {}): Promise<Map<string, string>> {
  const files = new Map<string, StaticContent>();
  for (const content of contents) if (content) files.set(content.file, content);
  const written = new Map<string, string>();
  if (!files.size) return written;
  /** Where the content's file is to be written, or undefined when it is taken from the previous output. */
  const placeOf = (content: StaticContent): string | undefined => {
    // Taken (linked into `outDir`, or left where it is when the build writes into the previous output), it is the
    // previous output's file either way, and read from there.
    if (previous?.take(content.file)) {
      written.set(content.file, join(previous.dir, content.file));
      return undefined;
    }
    const path = join(outDir, content.file);
    written.set(content.file, path);
    return path;
  };
  // A content's HTML is asked for as its file is written, not before: made whole (a title before the compiled HTML),
  // every page's at once was 250 MB at 10,000 pages.
  if (blocking) {
    // All at once on this thread: on the thread pool, behind the twins' and the search files' writes, a big site's
    // thousands of files took seconds, and the build waits for them before it bundles (pipeline/build.ts).
    mkdirSync(join(outDir, CONTENT_DIR), { recursive: true });
    for (const content of files.values()) {
      const path = placeOf(content);
      if (path !== undefined) writeFileSync(path, contentFileText(content.data, content.html));
    }
    return written;
  }
  await mkdir(join(outDir, CONTENT_DIR), { recursive: true });
  const place = async (content: StaticContent) => {
    const path = placeOf(content);
    if (path !== undefined) await writeFile(path, contentFileText(content.data, content.html));
  };
  const entries = [...files.values()];
  for (let i = 0; i < entries.length; i += 64) await Promise.all(entries.slice(i, i + 64).map(place));
  return written;
}

/**
 * Lets every written content's compiled HTML go from memory: from here on, `compiled.html` reads it back from the
 * content file (after the title the file's HTML has before it). Written before the bundles, the content files hold the
 * build's largest text for it (130 MB of the main thread's heap at 5000 pages, 260 MB at 10,000) while esbuild's
 * process and the render workers need the memory; the render stage then reads each page's once.
 */
export function readCompiledHtmlFromFiles(contents: readonly (StaticContent | undefined)[], written: ReadonlyMap<string, string>): void {
  const released = new Set<CompiledMarkdown>();
  for (const content of contents) {
    const path = content && written.get(content.file);
    if (!content || path === undefined || released.has(content.compiled)) continue;
    released.add(content.compiled);
    const skip = content.title.length;
    Object.defineProperty(content.compiled, 'html', { get: () => contentFileHtml(readFileSync(path, 'utf8'), path).slice(skip), enumerable: true, configurable: true });
  }
}
