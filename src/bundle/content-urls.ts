import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { base32 } from '../core/base32';

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

/**
 * Puts each route's content URL in its chunk (`chunks`: route path -> chunk file, relative to `outDir`; `urls`: route
 * path -> URL) and renames the chunk by its new text; returns the new file of each chunk it changed.
 */
export function fillContentUrls(outDir: string, chunks: ReadonlyMap<string, string>, urls: ReadonlyMap<string, string>): Map<string, string> {
  // Synchronously: a thousand small files go several times faster so than through the thread pool.
  const renamed = new Map<string, string>();
  for (const [path, url] of urls) {
    const chunk = chunks.get(path);
    if (chunk === undefined) throw new Error(`docsite: no route chunk for ${path}`);
    const text = replaceOnce(readFileSync(join(outDir, chunk), 'utf8'), JSON.stringify(contentUrlPlaceholder(path)), JSON.stringify(url));
    if (text === undefined) throw new Error(`docsite: the route chunk of ${path} does not name its content once`);
    const named = chunkNameFor(chunk, text);
    writeFileSync(join(outDir, named), text);
    if (named !== chunk) rmSync(join(outDir, chunk));
    renamed.set(chunk, named);
  }
  return renamed;
}
