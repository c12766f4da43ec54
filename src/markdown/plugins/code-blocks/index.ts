import type { Code, Root } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import type { Highlighter, ShikiTransformer } from 'shiki';
import { walk } from '../walk';
import { extractHighlightComments, parseCodeMeta } from './code-meta';
import { codeBlockBody, ensureLanguage, getHighlighter, highlightCode } from '../../../highlight/highlighter';

// Fenced code -> highlighted HTML at build time (shiki, light and dark themes as CSS variables),
// with an optional title, highlighted lines and a copy button. The block is emitted as one
// `dangerouslySetInnerHTML` string: far smaller and faster to hydrate than thousands of JSX spans.

export function remarkCodeBlocks() {
  return async (tree: Root) => {
    const blocks: { node: Code; index: number; parent: { children: unknown[] } }[] = [];
    walk<Code>(tree, 'code', (node, index, parent) => {
      if (parent && index !== undefined) blocks.push({ node, index, parent: parent as { children: unknown[] } });
    });
    if (blocks.length === 0) return;
    const highlighter = await getHighlighter();
    for (const { node, index, parent } of blocks) {
      parent.children[index] = codeElement(node, await ensureLanguage(highlighter, node.lang), highlighter);
    }
  };
}

// The same block is often on many pages (an install command, a config excerpt), and a page saved in
// `docsite dev` keeps most of its blocks: each thread keeps the HTML of the blocks it highlighted,
// up to a bound (8 MB), and highlights a block it has seen once only (for the highlighter it has: another
// config's themes start a new memo).
const MEMO_LIMIT_CHARS = 4_000_000;
const memo = new Map<string, string>();
let memoChars = 0;
let memoHighlighter: Highlighter | undefined;

function codeBlockHtml(node: Code, lang: string, highlighter: Highlighter): string {
  if (highlighter !== memoHighlighter) {
    memo.clear();
    memoChars = 0;
    memoHighlighter = highlighter;
  }
  const key = `${lang}\0${node.meta ?? ''}\0${node.value}`;
  const known = memo.get(key);
  if (known !== undefined) {
    // Used again: to the back of the line, which is dropped from the front.
    memo.delete(key);
    memo.set(key, known);
    return known;
  }
  const html = highlightBlock(node, lang, highlighter);
  memo.set(key, html);
  memoChars += key.length + html.length;
  for (const [oldest, value] of memo) {
    if (memoChars <= MEMO_LIMIT_CHARS) break;
    memo.delete(oldest);
    memoChars -= oldest.length + value.length;
  }
  return html;
}

function highlightBlock(node: Code, lang: string, highlighter: Highlighter): string {
  const meta = parseCodeMeta(node.meta);
  const magic = extractHighlightComments(node.value);
  for (const line of magic.lines) meta.highlightLines.add(line);
  const transformers: ShikiTransformer[] = [
    {
      line(hast, line) {
        if (meta.highlightLines.has(line)) this.addClassToHast(hast, 'highlighted');
      },
    },
  ];
  const code = highlightCode(highlighter, magic.code, lang, transformers);
  const pre = meta.showLineNumbers ? code.replace('<pre class="shiki', '<pre class="line-numbers shiki') : code;
  const title = meta.title ? `<div class="code-block-title">${escapeHtml(meta.title)}</div>` : '';
  return `${title}${codeBlockBody(pre)}`;
}

function codeElement(node: Code, lang: string, highlighter: Highlighter): MdxJsxFlowElement {
  const html = codeBlockHtml(node, lang, highlighter);
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
