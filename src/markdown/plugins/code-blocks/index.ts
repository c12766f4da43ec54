import type { Code, Root } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import type { Highlighter } from 'shiki';
import { walk } from '../walk';
import { extractHighlightComments, parseCodeMeta } from './code-meta';
import type { VFile } from 'vfile';
import { codeBlockBody, ensureLanguage, getHighlighter, highlightCodeLines } from '../../../highlight/highlighter';
import { blockKeyOf, rememberBlock, rememberedBlock, type HighlightedBlock } from './block-memo';

export type { HighlightedBlock } from './block-memo';

declare module 'vfile' {
  interface DataMap {
    /** Blocks this file had when it was compiled last, by key (block-memo.ts): those still in it need no highlighter. */
    knownCodeBlocks: ReadonlyMap<string, HighlightedBlock>;
    /** The file's blocks, highlighted, each once, in order: kept for its next compile. */
    codeBlocks: HighlightedBlock[];
  }
}

// Fenced code -> highlighted HTML at build time (shiki, light and dark themes as CSS variables),
// with an optional title, highlighted lines and a copy button. The block is emitted as one
// `dangerouslySetInnerHTML` string: far smaller and faster to hydrate than thousands of JSX spans.

export function remarkCodeBlocks() {
  return async (tree: Root, file: VFile) => {
    const blocks: { node: Code; index: number; parent: { children: unknown[] } }[] = [];
    walk<Code>(tree, 'code', (node, index, parent) => {
      if (parent && index !== undefined) blocks.push({ node, index, parent: parent as { children: unknown[] } });
    });
    if (blocks.length === 0) return;
    const highlighted = new Map<string, HighlightedBlock>();
    // The highlighter is started only for a block seen nowhere before (block-memo.ts).
    let highlighter: Highlighter | undefined;
    for (const { node, index, parent } of blocks) {
      const key = blockKeyOf(node);
      let block = rememberedBlock(key, file.data.knownCodeBlocks);
      if (!block) {
        highlighter ??= await getHighlighter();
        const lang = await ensureLanguage(highlighter, node.lang);
        block = { key, lang, html: highlightBlock(node, lang, highlighter) };
        rememberBlock(block);
      }
      highlighted.set(key, block);
      parent.children[index] = codeElement(block);
    }
    file.data.codeBlocks = [...highlighted.values()];
  };
}

function highlightBlock(node: Code, lang: string, highlighter: Highlighter): string {
  const meta = parseCodeMeta(node.meta);
  const magic = extractHighlightComments(node.value);
  for (const line of magic.lines) meta.highlightLines.add(line);
  const code = highlightCodeLines(highlighter, magic.code, lang, meta.highlightLines);
  const pre = meta.showLineNumbers ? code.replace('<pre class="shiki', '<pre class="line-numbers shiki') : code;
  const title = meta.title ? `<div class="code-block-title">${escapeHtml(meta.title)}</div>` : '';
  return `${title}${codeBlockBody(pre)}`;
}

function codeElement({ lang, html }: HighlightedBlock): MdxJsxFlowElement {
  return {
    type: 'mdxJsxFlowElement',
    name: 'div',
    attributes: [
      { type: 'mdxJsxAttribute', name: 'className', value: `code-block language-${lang}` },
      {
        type: 'mdxJsxAttribute',
        name: 'dangerouslySetInnerHTML',
        value: {
          type: 'mdxJsxAttributeValueExpression',
          value: '',
          data: {
            estree: {
              type: 'Program',
              sourceType: 'module',
              body: [
                {
                  type: 'ExpressionStatement',
                  expression: {
                    type: 'ObjectExpression',
                    properties: [
                      { type: 'Property', kind: 'init', method: false, shorthand: false, computed: false, key: { type: 'Identifier', name: '__html' }, value: { type: 'Literal', value: html } },
                    ],
                  },
                },
              ],
            },
          },
        },
      },
    ],
    children: [],
  };
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
