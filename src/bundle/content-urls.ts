import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { base32 } from '../core/base32';
import { folderMaker } from '../core/fs-utils';

// A route chunk of a page with static content names the content's file (`contentUrl`), and that name is a hash of the
// page's text. esbuild is given a placeholder in its place, the same whatever the text, and the name is put in the
// written chunk afterwards, which is then named by a hash of what it holds. esbuild's minifier picks identifier names
// by how often each character appears in the output, strings included: with the real name inside, a new text gave
// the chunk's code other identifiers. With the placeholder, a chunk is esbuild's output plus one string, so an
// incremental build (bundle-reuse.ts) puts the new name in the previous chunk and gets the chunk a full build writes,
// byte for byte, under the same name.

/** What esbuild sees in place of a route's content URL: its route path's hash, characters no minifier rewrites. */
export function contentUrlPlaceholder(routePath: string): string {
  return `docsite-content:${createHash('sha256').update(routePath).digest('hex').slice(0, 24)}`;
}

/** The characters of esbuild's `[hash]`. */
const ESBUILD_HASH_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** `routes/x-ABCD2345.js` -> `routes/x-<hash of text>.js`: esbuild's `[name]-[hash]`, hashed here, in its alphabet. */
export function chunkNameFor(chunk: string, text: string): string {
  const match = /^(.*)-[A-Z2-7]{8}\.js$/.exec(chunk);
  const stem = match ? match[1]! : chunk.replace(/\.js$/, '');
  return `${stem}-${base32(createHash('sha256').update(text).digest(), 8, ESBUILD_HASH_ALPHABET)}.js`;
}

/** The chunk's text with `from` (a JSON string literal) replaced by `to`; undefined unless `from` is there once. */
export function replaceOnce(text: string, from: string, to: string): string | undefined {
  const first = text.indexOf(from);
  if (first < 0 || text.indexOf(from, first + 1) >= 0) return undefined;
  return text.slice(0, first) + to + text.slice(first + from.length);
}

/** A file esbuild made and did not write (`write: false`). */
export interface BuiltFile {
  path: string;
  contents: Uint8Array;
  readonly text: string;
}

/**
 * Writes the route build's files into `outDir`, each route's chunk with its content URL in it (`chunks`: route path ->
 * chunk file, relative to `outDir`; `urls`: route path -> URL) and named by its new text; returns the new file of each
 * chunk it changed. The files come from memory: written by esbuild, a chunk was read back, written again and removed.
 */
export function writeRouteFiles(outDir: string, files: readonly BuiltFile[], chunks: ReadonlyMap<string, string>, urls: ReadonlyMap<string, string>): Map<string, string> {
  const urlOfChunk = new Map<string, { path: string; url: string }>();
  for (const [path, url] of urls) {
    const chunk = chunks.get(path);
    if (chunk === undefined) throw new Error(`docsite: no route chunk for ${path}`);
    urlOfChunk.set(chunk, { path, url });
  }
  const makeFolder = folderMaker();
  const renamed = new Map<string, string>();
  // Synchronously: a thousand small files go several times faster so than through the thread pool.
  for (const file of files) {
    const chunk = relative(outDir, file.path).split('\\').join('/');
    const content = urlOfChunk.get(chunk);
    makeFolder(dirname(file.path));
    if (!content) {
      writeFileSync(file.path, file.contents);
      continue;
    }
    const text = replaceOnce(file.text, JSON.stringify(contentUrlPlaceholder(content.path)), JSON.stringify(content.url));
    if (text === undefined) throw new Error(`docsite: the route chunk of ${content.path} does not name its content once`);
    const named = chunkNameFor(chunk, text);
    writeFileSync(join(outDir, named), text);
    renamed.set(chunk, named);
  }
  if (renamed.size !== urlOfChunk.size) throw new Error('docsite: a route chunk with static content was not among the files esbuild made');
  return renamed;
}
