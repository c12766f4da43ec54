import { existsSync, readdirSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { MERMAID_RENDERER_DIR } from '../shared/mermaid';

// mermaid's prebuilt browser build, as the built site and the dev server serve it under MERMAID_RENDERER_DIR
// (src/shared/mermaid.ts says why it is copied and not bundled): the ESM entry and the chunks it imports, without
// source maps. The browser fetches only the chunks of the diagram types a page draws.

const ENTRY = 'mermaid.esm.min.mjs';
const CHUNKS = join('chunks', 'mermaid.esm.min');

let resolvedDist: string | undefined;

/** mermaid's dist folder, where docsite's own dependency is installed: resolved once (dev asks at every renderer request). */
function distDir(): string {
  resolvedDist ??= join(dirname(createRequire(import.meta.url).resolve('mermaid/package.json')), 'dist');
  return resolvedDist;
}

/** The renderer's files, relative to the dist folder (and to the folder they are served from). */
function rendererFiles(dist: string): string[] {
  const chunks = readdirSync(join(dist, CHUNKS)).filter((name) => name.endsWith('.mjs'));
  return [ENTRY, ...chunks.map((name) => join(CHUNKS, name))];
}

/** Copies the renderer into a build's output; called only when a page has a diagram to draw. */
export async function copyMermaidRenderer(outDir: string): Promise<void> {
  const dist = distDir();
  const target = join(outDir, MERMAID_RENDERER_DIR);
  await mkdir(join(target, CHUNKS), { recursive: true });
  await Promise.all(rendererFiles(dist).map((file) => copyFile(join(dist, file), join(target, file))));
}

/**
 * The file behind a site path of the renderer (`/assets/mermaid-<version>/chunks/…`), for the dev server; undefined
 * for any other path, and for one that leaves the renderer's folders.
 */
export function mermaidRendererFile(sitePath: string): string | undefined {
  const prefix = `/${MERMAID_RENDERER_DIR}/`;
  if (!sitePath.startsWith(prefix) || !sitePath.endsWith('.mjs')) return undefined;
  const dist = distDir();
  const file = join(dist, ...sitePath.slice(prefix.length).split('/'));
  const inside = relative(dist, file);
  if (inside !== ENTRY && !(inside.startsWith(CHUNKS + sep) && !inside.slice(CHUNKS.length + 1).includes(sep))) return undefined;
  return existsSync(file) ? file : undefined;
}
