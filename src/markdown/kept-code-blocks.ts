import { deserialize, serialize } from 'node:v8';
import type { CompileInput, CompiledMarkdown, CompileOutput } from './compile';
import type { CompileCache } from './compile-cache';
import type { HighlightedBlock } from './plugins/code-blocks';

// A file's highlighted code blocks, kept from one compile of it to the next in the compile cache: an edited page's
// unchanged blocks need no highlighter (plugins/code-blocks/block-memo.ts). The main thread keeps them, so the cache
// has one owner, as bytes in V8's serialization format: a compile worker is given the bytes of the blocks a file had and
// returns those of the blocks it has now. The main thread only stores them: it never makes the blocks' HTML into
// strings of its heap, nor serializes them again.

/** A compile's input and output as they cross to and from a compile worker: code blocks as bytes. */
export type CompileRequest = Omit<CompileInput, 'knownCodeBlocks'> & { knownCodeBlocks?: Uint8Array };
export type CompileReply = CompiledMarkdown & { codeBlocks?: Uint8Array };

/** The compiler on the side of the thread that compiles: blocks taken and given as bytes. */
export function withCodeBlocksAsBytes(compile: (input: CompileInput) => Promise<CompileOutput>): (request: CompileRequest) => Promise<CompileReply> {
  return async ({ knownCodeBlocks, ...input }) => {
    const known = knownCodeBlocks ? blocksOf(knownCodeBlocks) : undefined;
    const { codeBlocks, ...compiled } = await compile(known ? { ...input, knownCodeBlocks: known } : input);
    return codeBlocks?.length ? { ...compiled, codeBlocks: serialize(codeBlocks) } : compiled;
  };
}

/**
 * The compiler a build uses: each file compiles with the code blocks it had at its last compile, and those it has
 * now are kept under `codeBlocksKey`, not answered.
 */
export function keepingCodeBlocks(compile: (request: CompileRequest) => Promise<CompileReply>, cache: CompileCache): (input: Omit<CompileInput, 'knownCodeBlocks'>, codeBlocksKey: string | undefined) => Promise<CompiledMarkdown> {
  return async (input, codeBlocksKey) => {
    const known = codeBlocksKey === undefined ? undefined : cache.codeBlocks(codeBlocksKey);
    const { codeBlocks, ...compiled } = await compile(known ? { ...input, knownCodeBlocks: known } : input);
    if (codeBlocksKey !== undefined && codeBlocks && !known?.equals(codeBlocks)) cache.keepCodeBlocks(codeBlocksKey, codeBlocks);
    return compiled;
  };
}

function blocksOf(bytes: Uint8Array): HighlightedBlock[] | undefined {
  try {
    const blocks = deserialize(bytes) as unknown;
    return Array.isArray(blocks) ? (blocks as HighlightedBlock[]) : undefined;
  } catch {
    return undefined;
  }
}
