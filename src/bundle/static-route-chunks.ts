import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { base32 } from '../core/base32';
import { folderMaker } from '../core/fs-utils';

// The route chunks of pages with static content, written by docsite rather than esbuild. Such a page's browser module
// is the same code for every page of its sidebar (its frame, virtual-modules.ts `routeFrames`, bundled by esbuild)
// around the page's data and its content file's URL. Its chunk imports the frame and calls it:
//
//   import f from"/assets/routes/frame-…js";export default f({kind:"doc",id:"intro",…},"/assets/content/….html");
//
// with the data printed as esbuild's minifier prints a literal (bare keys, `!0` and `!1`). A page with large data
// imports its data module (page-data-modules.ts) instead. A chunk is named by a hash of its text, in esbuild's
// `[name]-[hash]` form: a new text of the page (a new content file name) is a new chunk name, and an incremental build
// that puts the new content URL in the previous chunk (bundle-reuse.ts) names it as a full build does.

/** A file esbuild made and did not write (`write: false`). */
export interface BuiltFile {
  path: string;
  contents: Uint8Array;
}

/**
 * Writes esbuild's files into their places. Synchronously: a thousand small files go several times faster so than
 * through the thread pool.
 */
export function writeBuiltFiles(files: readonly BuiltFile[]): void {
  const makeFolder = folderMaker();
  for (const file of files) {
    makeFolder(dirname(file.path));
    writeFileSync(file.path, file.contents);
  }
}

export interface StaticRouteChunk {
  /** The route's chunk stem, relative to the output folder: `assets/routes/<chunk name>`. */
  stem: string;
  /** The frame's URL. */
  frameUrl: string;
  data: unknown;
  /** The URL of the route's data module, when its data is large. */
  dataUrl?: string;
  contentUrl: string;
}

/** The chunk's text (see above). */
export function staticRouteChunkText(chunk: StaticRouteChunk): string {
  const data = chunk.dataUrl ? `import d from${JSON.stringify(chunk.dataUrl)};` : '';
  return `import f from${JSON.stringify(chunk.frameUrl)};${data}export default f(${chunk.dataUrl ? 'd' : jsLiteral(chunk.data)},${JSON.stringify(chunk.contentUrl)});\n`;
}

/** Writes each route's chunk into `outDir`; returns each chunk's file, relative to `outDir`, in the order given. */
export function writeStaticRouteChunks(outDir: string, chunks: readonly StaticRouteChunk[]): string[] {
  const makeFolder = folderMaker();
  return chunks.map((chunk) => {
    const text = staticRouteChunkText(chunk);
    const file = chunkFileFor(chunk.stem, text);
    makeFolder(dirname(join(outDir, file)));
    writeFileSync(join(outDir, file), text);
    return file;
  });
}

/** The characters of esbuild's `[hash]`. */
const ESBUILD_HASH_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** `routes/x` and a chunk's text -> `routes/x-<hash of the text>.js`: esbuild's `[name]-[hash]`, in its alphabet. */
export function chunkFileFor(stem: string, text: string): string {
  return `${stem}-${base32(createHash('sha256').update(text).digest(), 8, ESBUILD_HASH_ALPHABET)}.js`;
}

/** `routes/x-ABCD2345.js` -> `routes/x-<hash of text>.js`: a chunk renamed by its new text. */
export function chunkNameFor(chunk: string, text: string): string {
  const match = /^(.*)-[A-Z2-7]{8}\.js$/.exec(chunk);
  return chunkFileFor(match ? match[1]! : chunk.replace(/\.js$/, ''), text);
}

/** The text with `from` (a JSON string literal) replaced by `to`; undefined unless `from` is there once. */
export function replaceOnce(text: string, from: string, to: string): string | undefined {
  const first = text.indexOf(from);
  if (first < 0 || text.indexOf(from, first + 1) >= 0) return undefined;
  return text.slice(0, first) + to + text.slice(first + from.length);
}

const BARE_KEY = /^[A-Za-z_$][\w$]*$/;

/**
 * JSON data as a JavaScript literal, as esbuild's minifier prints one: keys without quotes where they are
 * identifiers, `!0` and `!1` for booleans. What JSON leaves out (undefined, functions) is left out here too.
 */
export function jsLiteral(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? '!0' : '!1';
    case 'number':
    case 'string':
      return JSON.stringify(value);
    case 'object': {
      const toJSON = (value as { toJSON?: unknown }).toJSON;
      if (typeof toJSON === 'function') return jsLiteral(toJSON.call(value));
      if (Array.isArray(value)) return `[${value.map((item) => (item === undefined || typeof item === 'function' ? 'null' : jsLiteral(item))).join(',')}]`;
      const fields: string[] = [];
      for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
        if (field === undefined || typeof field === 'function') continue;
        fields.push(`${BARE_KEY.test(key) ? key : JSON.stringify(key)}:${jsLiteral(field)}`);
      }
      return `{${fields.join(',')}}`;
    }
    default:
      return 'null';
  }
}
