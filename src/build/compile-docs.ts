import { resolve } from 'node:path';
import type { DocSource } from '../content/docs';
import { createMarkdownCompiler, type CompileInput, type CompiledMarkdown } from '../markdown/compile';
import type { CompileCache } from './compile-cache';
import { createCompilePool, poolSizeFor } from './compile-pool';
import { markdownOptionsFrom, type CompileSetup } from './compile-setup';

/**
 * Compiles every doc once, or takes it from the cache. Cache misses go to worker threads when
 * there are enough of them to pay for the workers' start-up, else they compile in this thread.
 */
export async function compileDocs(docs: DocSource[], setup: CompileSetup, cache: CompileCache): Promise<{ compiled: Map<string, CompiledMarkdown>; fromCache: number }> {
  const optionsKey = JSON.stringify([setup.minHeadingLevel, setup.maxHeadingLevel, setup.baseUrl, setup.trailingSlash, setup.routeOfFile]);
  const compiled = new Map<string, CompiledMarkdown>();
  const misses: Array<{ doc: DocSource; key: string; input: CompileInput }> = [];

  await Promise.all(
    docs.map(async (doc) => {
      const tocLevels = stripUndefined({ min: doc.frontMatter.toc_min_heading_level, max: doc.frontMatter.toc_max_heading_level });
      const key = cache.key(optionsKey, resolve(doc.absolutePath), JSON.stringify(tocLevels), doc.content);
      const hit = await cache.get(key);
      if (hit) compiled.set(doc.id, hit);
      else misses.push({ doc, key, input: { source: doc.content, absolutePath: doc.absolutePath, file: doc.source, tocLevels } });
    }),
  );
  const fromCache = compiled.size;
  if (!misses.length) return { compiled, fromCache };

  const poolSize = poolSizeFor(misses.length);
  const pool = poolSize > 1 ? createCompilePool(setup, poolSize) : undefined;
  const compile = pool ? pool.compile : createMarkdownCompiler(markdownOptionsFrom(setup));
  try {
    // Keep the workers busy but bound the work in flight, so results are cached as they come.
    let next = 0;
    const lane = async () => {
      while (next < misses.length) {
        const { doc, key, input } = misses[next++]!;
        const result = await compile(input);
        compiled.set(doc.id, result);
        await cache.set(key, result);
      }
    };
    await Promise.all(Array.from({ length: Math.min(misses.length, Math.max(2, poolSize * 2)) }, lane));
  } finally {
    await pool?.close();
  }
  return { compiled, fromCache };
}

function stripUndefined(levels: { min?: number; max?: number }): { min?: number; max?: number } {
  return { ...(levels.min !== undefined ? { min: levels.min } : {}), ...(levels.max !== undefined ? { max: levels.max } : {}) };
}
