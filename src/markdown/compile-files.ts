import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { readFile } from 'node:fs/promises';
import { rawImportsOf } from './plugins/code-block-elements';
import { relative, resolve } from 'node:path';
import { createMarkdownCompiler, type CompileInput, type CompiledMarkdown, type CompileOutput, type MarkdownOptions } from './compile';
import { keepingCodeBlocks, withCodeBlocksAsBytes } from './kept-code-blocks';
import type { CompileCache } from './compile-cache';
import { createCodeBlockPool, defaultSpread, type CodeBlockPool } from './code-block-pool';
import { createCompilePool, poolSizeFor, type CompilePool } from './compile-pool';
import { markdownOptionsFrom, type CompileSetup } from './compile-setup';
import type { MarkdownFile } from '../content/markdown-files';
import { warnDiagramErrors } from './plugins/mermaid/report';
import { SharedCompiles } from './shared-compiles';
import { scopeOfFile } from '../config/plugin-refs';

export { excerptKey, type MarkdownFile } from '../content/markdown-files';
export { SharedCompiles, type SharedCompilesOptions } from './shared-compiles';

/**
 * Compiles every file once, or takes it from the cache, or moves the compile of the same text made for
 * another file (shared-compiles.ts). Cache misses go to worker threads when there are enough of them to
 * pay for the workers' start-up, else they compile in this thread.
 */
export interface CompileOptions {
  /**
   * For work in the background (the dev server's): compile on worker threads even for a few files, so
   * this thread stays free, and leave out files that fail instead of throwing the first error.
   */
  background?: boolean;
  /** Told how many files are done (from the cache or compiled) as the work goes on. */
  onProgress?: (done: number) => void;
  /**
   * The build's compile results by text, shared by its calls (one per locale): a text compiled for another
   * file or locale is moved rather than compiled again. Without it, only the files of this call share.
   */
  shared?: SharedCompiles;
  /**
   * The keys of files whose content the build uses as HTML when it is static (the doc pages of a production build
   * on a site without MDXComponents of its own, bundle/virtual-modules.ts `keepsStaticHtml`): such content
   * compiles to HTML only, with no module (compile.ts `htmlOnly`).
   */
  htmlOnly?: ReadonlySet<string>;
  /**
   * How a compile of enough files to use the cores uses them: `split`, the Markdown in this thread and the code blocks
   * in a worker (code-block-pool.ts), or `workers`, compile workers each compiling whole files. Unset: split on two
   * cores, workers on more (and always for work in the background).
   */
  spread?: 'split' | 'workers';
  /**
   * A code-block worker started ahead (a build starts it before its content stage, while a core is idle, so that its
   * highlighter is ready when the first blocks come). The compile takes it over: a split compile uses it, and either
   * way the compile closes it.
   */
  codeBlockPool?: CodeBlockPool;
}

/**
 * A cached compile is reused while every link the resolver rewrote (each Markdown file link, resolved or
 * not) still resolves to the href it had: the key leaves the site's routes out, so adding or renaming one
 * page does not recompile every other one.
 */
function linksStillResolve(compiled: CompiledMarkdown, file: MarkdownFile, setup: CompileSetup): boolean {
  const resolve = markdownOptionsOf(setup).resolveLink;
  return compiled.links.every((link) => link.written === undefined || resolve(link.written, file.absolutePath) === link.href);
}

function linkResolverFor(file: MarkdownFile, setup: CompileSetup): (written: string) => string {
  const resolve = markdownOptionsOf(setup).resolveLink;
  return (written) => resolve(written, file.absolutePath);
}

const markdownOptions = new WeakMap<CompileSetup, MarkdownOptions>();

function markdownOptionsOf(setup: CompileSetup): MarkdownOptions {
  let options = markdownOptions.get(setup);
  if (!options) markdownOptions.set(setup, (options = markdownOptionsFrom(setup)));
  return options;
}

type FileCompiler = (input: CompileInput) => Promise<CompileOutput>;

/** Files a split compile has under way at once (each waits for its code blocks, plain Markdown with its HTML written). */
const SPLIT_COMPILE_LANES = 8;

/** The in-thread compiler of a setup: its unified processors are made once, not per call. */
const inThreadCompilers = new WeakMap<CompileSetup, FileCompiler>();

function inThreadCompiler(setup: CompileSetup): FileCompiler {
  let compiler = inThreadCompilers.get(setup);
  if (!compiler) inThreadCompilers.set(setup, (compiler = createMarkdownCompiler(markdownOptionsOf(setup))));
  return compiler;
}

export async function compileMarkdown(
  files: MarkdownFile[],
  setup: CompileSetup,
  cache: CompileCache,
  options: CompileOptions = {},
): Promise<{ compiled: Map<string, CompiledMarkdown>; fromCache: number; relocated: number }> {
  const compiled = new Map<string, CompiledMarkdown>();
  const shared = options.shared ?? new SharedCompiles();
  let relocated = 0;
  const misses: Job[] = [];

  await Promise.all(
    files.map(async (file) => {
      const job = { file, ...compileJobOf(file, setup, cache, options.htmlOnly?.has(file.key) ?? false) };
      const hit = cache.get(job.key);
      if (hit && linksStillResolve(hit, file, setup)) {
        compiled.set(file.key, hit);
        shared.offer(job.sharedKey, hit, file.absolutePath);
      } else misses.push(job);
    }),
  );
  const fromCache = compiled.size;
  // A miss whose text another file or locale compiled is moved at once; of the rest, one file per text compiles
  // (first, so the others find it done) and the others wait to be moved from it.
  const leaders: Job[] = [];
  const followers: Job[] = [];
  const led = new Set<string>();
  // A leader's compile is marked under way from here, before it starts: another call sharing the store (a
  // partial imported by each version's page, compiled at the same time) waits for it instead of compiling it too.
  const starts = new Map<Job, (compiling: Promise<CompiledMarkdown | undefined> | undefined) => void>();
  for (const job of misses) {
    const result = shared.relocate(job.sharedKey, job.file.content, linkResolverFor(job.file, setup));
    if (result) {
      relocated++;
      compiled.set(job.file.key, result);
      cache.set(job.key, result);
    } else if (shared.has(job.sharedKey) || led.has(job.sharedKey)) followers.push(job);
    else {
      led.add(job.sharedKey);
      leaders.push(job);
      shared.track(job.sharedKey, new Promise((start) => starts.set(job, start)), job.file.absolutePath);
    }
  }
  const queue = [...leaders, ...followers];
  // Work in the background leaves a core to the thread it is behind (dev's: an author's save is compiled and
  // bundled there, and waited for); on 2 cores, 2 workers made a save during the first compile ~100 ms slower.
  const poolSize = options.background ? Math.max(1, Math.min(poolSizeFor(leaders.length), availableParallelism() - 1)) : poolSizeFor(leaders.length);
  // On two cores a build's compile is split instead (code-block-pool.ts): the Markdown in this thread, the code blocks
  // in one worker. Two compile workers each ran the whole compile's code, and V8 compiled its hot functions in each:
  // on the 1000-page corpus this thread alone compiled as fast as the two workers, with a core to spare.
  const split = !options.background && poolSize > 1 && (options.spread ?? defaultSpread()) === 'split';
  let pool: CompilePool | undefined;
  let blockPool: CodeBlockPool | undefined;
  try {
    options.onProgress?.(compiled.size);
    if (queue.length) {
      pool = !split && (poolSize > 1 || options.background) ? createCompilePool(setup, poolSize, { background: options.background ?? false }) : undefined;
      blockPool = split ? (options.codeBlockPool ?? createCodeBlockPool()) : undefined;
      const inThread = blockPool ? createMarkdownCompiler({ ...markdownOptionsOf(setup), highlightElsewhere: blockPool.highlight }) : inThreadCompiler(setup);
      // Each file's code blocks of its last compile go with it, and those it has now come back to be kept.
      const compile = keepingCodeBlocks(pool ? pool.compile : withCodeBlocksAsBytes(inThread), cache);
      // Keep the workers busy but bound the work in flight, so results are cached as they come. A split compile keeps
      // several files waiting for their blocks, so that the code-block worker always has the next ones.
      const lanes = split ? SPLIT_COMPILE_LANES : Math.max(2, poolSize * 2);
      let next = 0;
      const lane = async () => {
        while (next < queue.length) {
          const job = queue[next++]!;
          const { file, key, sharedKey, input, codeBlocksKey } = job;
          const start = starts.get(job);
          // A leader waits for no one: what others of its text wait for is its own compile.
          let result = start ? undefined : await shared.take(sharedKey, file.content, linkResolverFor(file, setup));
          if (result) relocated++;
          else {
            const compiling = options.background ? compile(input, codeBlocksKey).catch(() => undefined) : compile(input, codeBlocksKey);
            if (start) start(compiling);
            else shared.track(sharedKey, compiling, file.absolutePath);
            result = await compiling;
          }
          if (!result) continue;
          compiled.set(file.key, result);
          options.onProgress?.(compiled.size);
          cache.set(key, result);
          // A compile in this thread that found its blocks known runs on in microtasks: the worker's answers to the
          // other lanes (messages) wait for a turn of the event loop.
          if (split) await new Promise((resolve) => setImmediate(resolve));
        }
      };
      await Promise.all(Array.from({ length: Math.min(queue.length, lanes) }, lane));
    }
  } finally {
    // Leaders a failure left unstarted: nobody may wait for them.
    for (const start of starts.values()) start(undefined);
    // The code-block worker started ahead is closed here whether this compile used it or not.
    await Promise.all([pool, ...new Set([blockPool, options.codeBlockPool])].map((each) => each?.close()));
    // What this call compiled, in a pack or two rather than a file each (core/packed-store.ts).
    await cache.flush();
  }
  warnDiagramErrors(files, compiled);
  return { compiled, fromCache, relocated };
}

interface Job {
  file: MarkdownFile;
  key: string;
  sharedKey: string;
  input: CompileInput;
  codeBlocksKey?: string;
}

/** Compiles the Markdown files pages import; `compiled` holds each one compiled so far, by absolute path. */
export interface PartialCompiler {
  (absolutePath: string): Promise<CompiledMarkdown>;
  readonly compiled: ReadonlyMap<string, CompiledMarkdown>;
}

/**
 * Compiles Markdown that a page imports (a partial such as `_setup.md`): it is no page of its own,
 * so the content stage does not list it. Each file once per compiler; `compiled` (dev keeps one for
 * the whole session) receives each result; `shared`, the build's, lets the same partial of every version
 * and locale compile once.
 */
export function createPartialCompiler(setup: CompileSetup, cache: CompileCache, compiled = new Map<string, CompiledMarkdown>(), options: { shared?: SharedCompiles } = {}): PartialCompiler {
  const results = new Map<string, Promise<CompiledMarkdown>>();
  const compile = (absolutePath: string) => {
    let result = results.get(absolutePath);
    if (!result) {
      result = readFile(absolutePath, 'utf8').then(async (content) => {
        const file: MarkdownFile = { key: absolutePath, absolutePath, source: relative(setup.siteDir, absolutePath), content, frontMatter: {} };
        const done = (await compileMarkdown([file], setup, cache, options.shared ? { shared: options.shared } : {})).compiled.get(absolutePath)!;
        compiled.set(absolutePath, done);
        return done;
      });
      results.set(absolutePath, result);
    }
    return result;
  };
  return Object.assign(compile, { compiled });
}

/**
 * The compiler's input for a file, its key in the compile cache, and its key among the build's shared
 * compiles: the same key without the file's location (its path, the base URL, the content folders), which
 * only the hrefs of its links depend on.
 */
export function compileJobOf(file: MarkdownFile, setup: CompileSetup, cache: CompileCache, htmlOnly = false): { key: string; sharedKey: string; input: CompileInput; codeBlocksKey?: string } {
  const tocLevels = stripUndefined({ min: file.frontMatter.toc_min_heading_level, max: file.frontMatter.toc_max_heading_level });
  // Files imported raw into code blocks are part of the compiled page: their text is part of the key.
  const rawFiles = [...rawImportsOf(file.content, file.absolutePath, setup.siteDir).values()].map((path) => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return '';
    }
  });
  // The plugins a file gets are those of its folder's scope; copies of a scope (a version's folder) share its key.
  const scope = scopeOfFile(setup.plugins ?? [], file.absolutePath);
  // An HTML-only compile has no module: the same text compiled for a module (a partial) must not find it.
  const sharedKey = cache.key(sharedOptionsKeyOf(setup), scope ? JSON.stringify({ ...scope, dir: undefined }) : '', JSON.stringify(tocLevels), htmlOnly ? 'html' : 'module', file.content, ...rawFiles);
  const key = cache.key(sharedKey, locationKeyOf(setup), resolve(file.absolutePath));
  const codeBlocksKey = cache.codeBlocksKeyOf(file.absolutePath);
  return { key, sharedKey, input: { source: file.content, absolutePath: file.absolutePath, file: file.source, tocLevels, ...(htmlOnly ? { htmlOnly } : {}) }, ...(codeBlocksKey ? { codeBlocksKey } : {}) };
}

const sharedOptionsKeys = new WeakMap<CompileSetup, string>();

/**
 * What of the setup every compile depends on wherever its file is, made once per setup: static images take
 * the static base URL, so the locales of a site share it (the routes are checked per file instead).
 */
function sharedOptionsKeyOf(setup: CompileSetup): string {
  let key = sharedOptionsKeys.get(setup);
  if (key === undefined) {
    // A plugin by name, version and options (a local plugin file's version is a hash of its text) is in the scope's part.
    key = JSON.stringify([setup.minHeadingLevel, setup.maxHeadingLevel, setup.trailingSlash, setup.staticDirs, setup.staticBaseUrl ?? setup.baseUrl, setup.siteDir, setup.math ?? null]);
    sharedOptionsKeys.set(setup, key);
  }
  return key;
}

/** What of the setup only the hrefs of links depend on. */
function locationKeyOf(setup: CompileSetup): string {
  return JSON.stringify([setup.baseUrl, setup.contentDirs]);
}

function stripUndefined(levels: { min?: number; max?: number }): { min?: number; max?: number } {
  return { ...(levels.min !== undefined ? { min: levels.min } : {}), ...(levels.max !== undefined ? { max: levels.max } : {}) };
}
