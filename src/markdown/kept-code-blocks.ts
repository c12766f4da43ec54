import { readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { folderMaker } from '../core/fs-utils';
import type { CompileInput, CompiledMarkdown, MarkdownCompiler } from './compile';
import type { HighlightedBlock } from './plugins/code-blocks';

// A file's highlighted code blocks, kept from one compile of it to the next (in the compile cache's folder,
// CompileCache.codeBlocksFileOf): an edited page's unchanged blocks need no highlighter
// (plugins/code-blocks/block-memo.ts). Whichever thread compiles the file reads and writes them, so a compile worker's
// blocks never cross to the main thread, and the main thread's lanes that feed the workers wait for no file.

/**
 * The compiler a thread uses: each file compiles with the code blocks it had at its last compile, and those it has
 * now are kept (where `input.codeBlocksFile` says), not answered.
 */
export function keepingCodeBlocks(compile: MarkdownCompiler): (input: CompileInput) => Promise<CompiledMarkdown> {
  return async (input) => {
    const file = input.codeBlocksFile;
    const known = file === undefined ? undefined : readKeptBlocks(file);
    const { codeBlocks, ...compiled } = await compile(known ? { ...input, knownCodeBlocks: known } : input);
    if (file !== undefined && codeBlocks && !sameBlocks(known, codeBlocks)) keepBlocks(file, codeBlocks);
    return compiled;
  };
}

function readKeptBlocks(file: string): HighlightedBlock[] | undefined {
  try {
    const blocks = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return Array.isArray(blocks) ? (blocks as HighlightedBlock[]) : undefined;
  } catch {
    return undefined;
  }
}

const makeFolder = folderMaker();

/**
 * A failure to write costs the file's next compile its highlighter only. Written in place, not to a temporary file
 * renamed after (a cold build writes a thousand of these, on the compile workers' own threads): a file read half
 * written, or left so by a killed build, is no JSON array and is read as none.
 */
function keepBlocks(file: string, blocks: HighlightedBlock[]): void {
  try {
    makeFolder(dirname(file));
    writeFileSync(file, JSON.stringify(blocks));
  } catch {
    // Nothing is lost but time.
  }
}

function sameBlocks(known: HighlightedBlock[] | undefined, blocks: HighlightedBlock[]): boolean {
  return known !== undefined && known.length === blocks.length && known.every((block, index) => block.key === blocks[index]!.key && block.html === blocks[index]!.html);
}
