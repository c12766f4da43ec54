import type { BlockHighlighter, CodeBlockSource } from './plugins/code-blocks/highlight-block';

// The code-block worker's first blocks of each language are slow: the grammar is loaded, its rules' regexes are
// compiled as they are first used, and V8 has yet to optimize the tokenizer. On the 1000-page corpus the worker's first
// ten blocks took half a second and the next forty almost a third, while the build's thread, its files in flight
// waiting for their blocks, did nothing. The build reads its Markdown before it compiles (the content stage), with the
// worker started and idle: it is given each language's first block as the files are read, so that the compile starts
// with the grammars it needs warm. What the worker answers is dropped; the compile asks for every block again.

/** Languages warmed at most: a site's common ones come first, the rest warm as the compile meets them. */
const MAX_LANGUAGES = 24;
/** Characters of a block sent: enough to run most of a grammar's rules, not a whole generated file. */
const MAX_SAMPLE_CHARS = 4000;
/** A fence line: its marker, and the language when it opens a block that names one. */
const FENCE = '^ {0,3}(`{3,}|~{3,})[ \\t]*([^\\s`{]+)?';
const OPENING_FENCE = new RegExp(FENCE);
/** Every fence line of a text, for its language without reading the blocks (most files bring no new one). */
const FENCE_LINES = new RegExp(FENCE, 'gm');

/** Sees each Markdown file's text as it is read; gives `highlight` the first block of each language it has not seen. */
export function codeBlockWarmup(highlight: BlockHighlighter): (markdown: string) => void {
  const seen = new Set<string>();
  return (markdown) => {
    if (seen.size >= MAX_LANGUAGES || (!markdown.includes('```') && !markdown.includes('~~~'))) return;
    let unseen = false;
    for (const [, , language] of markdown.matchAll(FENCE_LINES)) if (language && !seen.has(language.toLowerCase())) unseen = true;
    if (!unseen) return;
    for (const block of fencedBlocks(markdown)) {
      const language = block.lang.toLowerCase();
      if (seen.has(language) || seen.size >= MAX_LANGUAGES) continue;
      seen.add(language);
      highlight([block]).catch(() => undefined);
    }
  };
}

/** The fenced blocks of a Markdown text that name a language, found line by line (a sample: nesting is not followed). */
export function fencedBlocks(markdown: string): Array<CodeBlockSource & { lang: string }> {
  const blocks: Array<CodeBlockSource & { lang: string }> = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = OPENING_FENCE.exec(lines[i]!);
    if (!open) continue;
    const fence = open[1]!;
    const body: string[] = [];
    let end = i + 1;
    for (; end < lines.length; end++) {
      const line = lines[end]!.trim();
      if (line.startsWith(fence[0]!.repeat(fence.length)) && /^(`+|~+)$/.test(line)) break;
      body.push(lines[end]!);
    }
    if (open[2]) blocks.push({ lang: open[2], meta: null, value: body.join('\n').slice(0, MAX_SAMPLE_CHARS) });
    i = end;
  }
  return blocks;
}
