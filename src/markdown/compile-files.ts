import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { rawImportsOf } from './plugins/code-block-elements';
import { relative, resolve } from 'node:path';
import { createMarkdownCompiler, type CompileInput, type CompiledMarkdown, type MarkdownCompiler, type MarkdownOptions } from './compile';
import type { CompileCache } from './compile-cache';
import { createCompilePool, poolSizeFor } from './compile-pool';
import { markdownOptionsFrom, type CompileSetup } from './compile-setup';
import type { MarkdownFile } from '../content/markdown-files';
import { warnDiagramErrors } from './plugins/mermaid/report';

export { excerptKey, type MarkdownFile } from '../content/markdown-files';

/**
 * Compiles every file once, or takes it from the cache. Cache misses go to worker threads when
 * there are enough of them to pay for the workers' start-up, else they compile in this thread.
 */
export interface CompileOptions {
  /**
   * For work in the background (the dev server's): compile on worker threads even for a few files, so
   * this thread stays free, and leave out files that fail instead of throwing the first error.
   */
  background?: boolean;
  /** Told how many files are done (from the cache or compiled) as the work goes on. */
  onProgress?: (done: number) => void;
}

/**
 * A cached compile is reused while every Markdown file it links to still has the route it had: the key
 * leaves the site's routes out, so adding or renaming one page does not recompile every other one.
 */
function linksStillResolve(compiled: CompiledMarkdown, file: MarkdownFile, setup: CompileSetup): boolean {
  const resolve = markdownOptionsOf(setup).resolveLink;
  return compiled.links.every((link) => link.written === undefined || resolve(link.written, file.absolutePath) === link.href);
}

const markdownOptions = new WeakMap<CompileSetup, MarkdownOptions>();

function markdownOptionsOf(setup: CompileSetup): MarkdownOptions {
  let options = markdownOptions.get(setup);
  if (!options) markdownOptions.set(setup, (options = markdownOptionsFrom(setup)));
  return options;
}

/** The in-thread compiler of a setup: its unified processors are made once, not per call. */
const inThreadCompilers = new WeakMap<CompileSetup, MarkdownCompiler>();

function inThreadCompiler(setup: CompileSetup): MarkdownCompiler {
  let compiler = inThreadCompilers.get(setup);
  if (!compiler) inThreadCompilers.set(setup, (compiler = createMarkdownCompiler(markdownOptionsOf(setup))));
  return compiler;
}

export async function compileMarkdown(files: MarkdownFile[], setup: CompileSetup, cache: CompileCache, options: CompileOptions = {}): Promise<{ compiled: Map<string, CompiledMarkdown>; fromCache: number }> {
  const compiled = new Map<string, CompiledMarkdown>();
  const misses: Array<{ file: MarkdownFile; key: string; input: CompileInput }> = [];

  await Promise.all(
    files.map(async (file) => {
      const { key, input } = compileJobOf(file, setup, cache);
      const hit = await cache.get(key);
      if (hit && linksStillResolve(hit, file, setup)) compiled.set(file.key, hit);
      else misses.push({ file, key, input });
    }),
  );
  const fromCache = compiled.size;
  options.onProgress?.(compiled.size);
  if (!misses.length) {
    warnDiagramErrors(files, compiled);
    return { compiled, fromCache };
  }

  const poolSize = options.background ? Math.max(1, poolSizeFor(misses.length)) : poolSizeFor(misses.length);
  const pool = poolSize > 1 || options.background ? createCompilePool(setup, poolSize) : undefined;
  const compile = pool ? pool.compile : inThreadCompiler(setup);
  try {
    // Keep the workers busy but bound the work in flight, so results are cached as they come.
    let next = 0;
    const lane = async () => {
      while (next < misses.length) {
        const { file, key, input } = misses[next++]!;
        const result = options.background ? await compile(input).catch(() => undefined) : await compile(input);
        if (!result) continue;
        compiled.set(file.key, result);
        options.onProgress?.(compiled.size);
        await cache.set(key, result);
      }
    };
    await Promise.all(Array.from({ length: Math.min(misses.length, Math.max(2, poolSize * 2)) }, lane));
  } finally {
    await pool?.close();
  }
  warnDiagramErrors(files, compiled);
  return { compiled, fromCache };
}

/** Compiles the Markdown files pages import; `compiled` holds each one compiled so far, by absolute path. */
export interface PartialCompiler {
  (absolutePath: string): Promise<CompiledMarkdown>;
  readonly compiled: ReadonlyMap<string, CompiledMarkdown>;
}

/**
 * Compiles Markdown that a page imports (a partial such as `_setup.md`): it is no page of its own,
 * so the content stage does not list it. Each file once per compiler; `compiled` (dev keeps one for
 * the whole session) receives each result.
 */
export function createPartialCompiler(setup: CompileSetup, cache: CompileCache, compiled = new Map<string, CompiledMarkdown>()): PartialCompiler {
  const results = new Map<string, Promise<CompiledMarkdown>>();
  const compile = (absolutePath: string) => {
    let result = results.get(absolutePath);
    if (!result) {
      result = readFile(absolutePath, 'utf8').then(async (content) => {
        const file: MarkdownFile = { key: absolutePath, absolutePath, source: relative(setup.siteDir, absolutePath), content, frontMatter: {} };
        const done = (await compileMarkdown([file], setup, cache)).compiled.get(absolutePath)!;
        compiled.set(absolutePath, done);
        return done;
      });
      results.set(absolutePath, result);
    }
    return result;
  };
  return Object.assign(compile, { compiled });
}

/** The compiler's input for a file, and its key in the compile cache. */
export function compileJobOf(file: MarkdownFile, setup: CompileSetup, cache: CompileCache): { key: string; input: CompileInput } {
  const optionsKey = optionsKeyOf(setup);
  const tocLevels = stripUndefined({ min: file.frontMatter.toc_min_heading_level, max: file.frontMatter.toc_max_heading_level });
  // Files imported raw into code blocks are part of the compiled page: their text is part of the key.
  const rawFiles = [...rawImportsOf(file.content, file.absolutePath, setup.siteDir).values()].map((path) => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return '';
    }
  });
  const key = cache.key(optionsKey, resolve(file.absolutePath), JSON.stringify(tocLevels), file.content, ...rawFiles);
  return { key, input: { source: file.content, absolutePath: file.absolutePath, file: file.source, tocLevels } };
}

const optionsKeys = new WeakMap<CompileSetup, string>();

/** What of the setup every compile depends on, made once per setup (the routes are checked per file instead). */
function optionsKeyOf(setup: CompileSetup): string {
  let key = optionsKeys.get(setup);
  if (key === undefined) {
    // The plugins by name, version and options (a local plugin file's version is a hash of its text).
    key = JSON.stringify([setup.minHeadingLevel, setup.maxHeadingLevel, setup.baseUrl, setup.trailingSlash, setup.staticDirs, setup.siteDir, setup.contentDirs, setup.plugins ?? [], setup.math ?? null]);
    optionsKeys.set(setup, key);
  }
  return key;
}

function stripUndefined(levels: { min?: number; max?: number }): { min?: number; max?: number } {
  return { ...(levels.min !== undefined ? { min: levels.min } : {}), ...(levels.max !== undefined ? { max: levels.max } : {}) };
}
