import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeFileAtomicallySync } from '../core/fs-utils';
import type { CompileInput, CompiledMarkdown, CompileOutput } from './compile';
import type { HighlightedBlock } from './plugins/code-blocks';

// A file's highlighted code blocks, kept from one compile of it to the next (in the compile cache's folder,
// CompileCache.codeBlocksFileOf): an edited page's unchanged blocks need no highlighter
// (plugins/code-blocks/block-memo.ts). Whichever thread compiles the file reads and writes them, so a compile worker's
// blocks never cross to the main thread, and the main thread's lanes that feed the workers wait for no file.

/**
 * Compiles a file with the code blocks it had at its last compile and keeps those it has now (when
 * `input.codeBlocksFile` says where), answering without them.
 */
export async function compileKeepingBlocks(compile: (input: CompileInput) => Promise<CompileOutput>, input: CompileInput): Promise<CompiledMarkdown> {
  const file = input.codeBlocksFile;
  const known = file === undefined ? undefined : readKeptBlocks(file);
  const { codeBlocks, ...compiled } = await compile(known ? { ...input, knownCodeBlocks: known } : input);
  if (file !== undefined && codeBlocks && !sameBlocks(known, codeBlocks)) keepBlocks(file, codeBlocks);
  return compiled;
}

function readKeptBlocks(file: string): HighlightedBlock[] | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as HighlightedBlock[];
  } catch {
    return undefined;
  }
}

const madeFolders = new Set<string>();

/** A failure to write costs the file's next compile its highlighter only. */
function keepBlocks(file: string, blocks: HighlightedBlock[]): void {
  try {
    const folder = dirname(file);
    if (!madeFolders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      madeFolders.add(folder);
    }
    writeFileAtomicallySync(file, JSON.stringify(blocks));
  } catch {
    // Nothing is lost but time.
  }
}

function sameBlocks(known: HighlightedBlock[] | undefined, blocks: HighlightedBlock[]): boolean {
  return known !== undefined && known.length === blocks.length && known.every((block, index) => block.key === blocks[index]!.key && block.html === blocks[index]!.html);
}
