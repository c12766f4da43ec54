import type { Code } from 'mdast';

// Highlighted code blocks remembered by their text. A thread keeps those it highlighted (up to a bound), and a
// compile may be handed the blocks its file had when it was compiled last (compile-files.ts keeps them per file):
// an edited page keeps most of its blocks, and a block already known needs no highlighter at all, whose start-up
// (grammars, their regexes) is most of what recompiling one page costs a build.

/** A block as the page shows it: the fence's language resolved, and its HTML. */
export interface HighlightedBlock {
  /** The fence's language, meta and code as written (blockKeyOf). */
  key: string;
  lang: string;
  html: string;
}

export function blockKeyOf(node: Pick<Code, 'lang' | 'meta' | 'value'>): string {
  return `${node.lang ?? ''}\0${node.meta ?? ''}\0${node.value}`;
}

/** Bound of the thread's memo, in characters of keys and HTML (about 8 MB). */
const MEMO_LIMIT_CHARS = 4_000_000;

/** The thread's blocks, oldest use first (one highlighter per process, highlighter.ts: all of them are its). */
const memo = new Map<string, HighlightedBlock>();
let memoChars = 0;

/** A block seen before, in this thread or among `known`. */
export function rememberedBlock(key: string, known: ReadonlyMap<string, HighlightedBlock> | undefined): HighlightedBlock | undefined {
  const seen = memo.get(key);
  if (seen !== undefined) {
    // Used again: to the back of the line, which is dropped from the front.
    memo.delete(key);
    memo.set(key, seen);
    return seen;
  }
  const given = known?.get(key);
  if (given !== undefined) rememberBlock(given);
  return given;
}

/** Keeps a block for the next page of this thread that has it. */
export function rememberBlock(block: HighlightedBlock): void {
  if (memo.has(block.key)) return;
  memo.set(block.key, block);
  memoChars += block.key.length + block.html.length;
  for (const [oldest, value] of memo) {
    if (memoChars <= MEMO_LIMIT_CHARS) break;
    memo.delete(oldest);
    memoChars -= oldest.length + value.html.length;
  }
}
