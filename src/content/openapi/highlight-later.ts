import type { Highlighter } from 'shiki';
import type { HighlightCache } from '../../highlight/highlight-cache';
import { createHighlightPool, highlightWorkersFor } from '../../highlight/highlight-pool';
import { codeBlockBody, highlightCode, joinHighlightedSections } from '../../highlight/highlighter';

// The API reference's code (request samples in three languages, JSON examples) highlighted while its pages are
// made, in worker threads when there is a lot of it. A page is made with a placeholder where a block's HTML goes;
// `settle` waits for the workers and puts each block in its place. Code highlighted by an earlier build comes
// from the cache at once, and each distinct section is highlighted once per build.

export interface ApiHighlighter {
  /** Code (or code in sections, each starting at its language's top level) -> its block's HTML, or a placeholder for it. */
  highlight(code: string | readonly string[], lang: string): string;
  /** Waits for the code still being highlighted and replaces the placeholders in `pages` (walked in place). */
  settle(pages: readonly object[]): Promise<void>;
  /** Stops the workers: after `settle`, or when making the pages failed. */
  close(): Promise<void>;
}

const PLACEHOLDER = /^\u0000highlight:(\d+)\u0000$/;

/**
 * `expectedSnippets`: about how much code the pages will hand over (three samples per operation), which decides
 * whether workers are worth starting.
 */
export function createApiHighlighter(highlighter: Highlighter, cache: HighlightCache, expectedSnippets: number): ApiHighlighter {
  const workers = highlightWorkersFor(expectedSnippets);
  const pool = workers ? createHighlightPool(workers) : undefined;
  // The cache holds each section's `<pre>` (keyed apart from the whole blocks it held before).
  const cacheLang = (lang: string) => `${lang}:pre`;
  const inFlight = new Map<string, Promise<string>>();
  const blocks: Promise<string>[] = [];

  const section = (code: string, lang: string): string | Promise<string> => {
    const cached = cache.lookup(cacheLang(lang), code);
    if (cached !== undefined) return cached;
    if (!pool) return cache.get(cacheLang(lang), code, () => highlightCode(highlighter, code, lang));
    const key = `${lang}\0${code}`;
    let html = inFlight.get(key);
    if (!html) {
      html = pool.highlight({ code, lang }).then((made) => {
        cache.store(cacheLang(lang), code, made);
        return made;
      });
      inFlight.set(key, html);
    }
    return html;
  };

  return {
    highlight(code, lang) {
      const sections = (typeof code === 'string' ? [code] : code).map((part) => section(part, lang));
      if (sections.every((part): part is string => typeof part === 'string')) return codeBlockBody(joinHighlightedSections(sections));
      blocks.push(Promise.all(sections).then((made) => codeBlockBody(joinHighlightedSections(made))));
      return `\u0000highlight:${blocks.length - 1}\u0000`;
    },
    async settle(pages) {
      if (!pool) return;
      pool.flush();
      const made = await Promise.all(blocks);
      for (const page of pages) fillPlaceholders(page, made);
    },
    async close() {
      await pool?.close();
    },
  };
}

/** Puts the made blocks in place of their placeholders, in string values anywhere in `value` but schema trees. */
function fillPlaceholders(value: object, made: readonly string[]): void {
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
  for (const [key, item] of entries) {
    if (typeof item === 'string') {
      const index = PLACEHOLDER.exec(item)?.[1];
      if (index !== undefined) (value as Record<string | number, unknown>)[key] = made[Number(index)];
    } else if (item && typeof item === 'object' && key !== 'schema') {
      fillPlaceholders(item, made);
    }
  }
}
