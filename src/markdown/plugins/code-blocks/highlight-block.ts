import type { Code } from 'mdast';
import { codeBlockBody, ensureLanguage, getHighlighter, highlightCodeLines } from '../../../highlight/highlighter';
import { extractHighlightComments, parseCodeMeta } from './code-meta';

// A fenced block as written -> its language (resolved) and its HTML: the highlighted `<pre>` with its title, its
// highlighted lines and its copy button. What the code-blocks plugin does with the highlighter, in whichever thread
// highlights: the compile's own, or a code-block worker beside it (code-block-pool.ts).

/** A fence as written: its info string's language and meta, and its code. */
export type CodeBlockSource = Pick<Code, 'lang' | 'meta' | 'value'>;

export interface HighlightedCode {
  lang: string;
  html: string;
}

/** Highlights blocks in another thread: answers each of `blocks`, in order. */
export type BlockHighlighter = (blocks: CodeBlockSource[]) => Promise<HighlightedCode[]>;

export async function highlightCodeBlock(block: CodeBlockSource): Promise<HighlightedCode> {
  const highlighter = await getHighlighter();
  const lang = await ensureLanguage(highlighter, block.lang);
  const meta = parseCodeMeta(block.meta);
  const magic = extractHighlightComments(block.value);
  for (const line of magic.lines) meta.highlightLines.add(line);
  const code = highlightCodeLines(highlighter, magic.code, lang, meta.highlightLines);
  const pre = meta.showLineNumbers ? code.replace('<pre class="shiki', '<pre class="line-numbers shiki') : code;
  const title = meta.title ? `<div class="code-block-title">${escapeHtml(meta.title)}</div>` : '';
  return { lang, html: `${title}${codeBlockBody(pre)}` };
}

/** Blocks highlighted one after the other, in this thread: the answers in their order. */
export async function highlightCodeBlocks(blocks: readonly CodeBlockSource[]): Promise<HighlightedCode[]> {
  const answers: HighlightedCode[] = [];
  for (const block of blocks) answers.push(await highlightCodeBlock(block));
  return answers;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
