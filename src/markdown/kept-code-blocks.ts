import type { CompileInput, CompiledMarkdown, CompileOutput } from './compile';
import type { CompileCache } from './compile-cache';
import type { HighlightedBlock } from './plugins/code-blocks';

// A file's highlighted code blocks, kept from one compile of it to the next in the compile cache: an edited page's
// unchanged blocks need no highlighter (plugins/code-blocks/block-memo.ts). The main thread reads and keeps them, so
// the cache has one owner; a compile worker is given the blocks a file had and returns those it has now.

/**
 * The compiler a build uses: each file compiles with the code blocks it had at its last compile, and those it has
 * now are kept under `codeBlocksKey`, not answered.
 */
export function keepingCodeBlocks(compile: (input: CompileInput) => Promise<CompileOutput>, cache: CompileCache): (input: CompileInput, codeBlocksKey: string | undefined) => Promise<CompiledMarkdown> {
  return async (input, codeBlocksKey) => {
    const known = codeBlocksKey === undefined ? undefined : cache.codeBlocks(codeBlocksKey);
    const { codeBlocks, ...compiled } = await compile(known ? { ...input, knownCodeBlocks: known } : input);
    if (codeBlocksKey !== undefined && codeBlocks && !sameBlocks(known, codeBlocks)) cache.keepCodeBlocks(codeBlocksKey, codeBlocks);
    return compiled;
  };
}

function sameBlocks(known: HighlightedBlock[] | undefined, blocks: HighlightedBlock[]): boolean {
  return known !== undefined && known.length === blocks.length && known.every((block, index) => block.key === blocks[index]!.key && block.html === blocks[index]!.html);
}
