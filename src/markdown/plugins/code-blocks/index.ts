import type { Code, Root } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { walk } from '../walk';
import type { VFile } from 'vfile';
import { highlightCodeBlocks, type BlockHighlighter, type CodeBlockSource } from './highlight-block';
import { blockKeyOf, rememberBlock, rememberedBlock, type HighlightedBlock } from './block-memo';

export type { HighlightedBlock } from './block-memo';
export { escapeHtml, type BlockHighlighter } from './highlight-block';

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

export interface CodeBlocksOptions {
  /** Where blocks are highlighted when not in this thread (compile-files.ts: a code-block worker beside the compile). */
  highlightElsewhere?: BlockHighlighter;
}

export function remarkCodeBlocks(options: CodeBlocksOptions = {}) {
  return async (tree: Root, file: VFile) => {
    const blocks: { node: Code; index: number; parent: { children: unknown[] } }[] = [];
    walk<Code>(tree, 'code', (node, index, parent) => {
      if (parent && index !== undefined) blocks.push({ node, index, parent: parent as { children: unknown[] } });
    });
    if (blocks.length === 0) return;
    // A block seen before needs no highlighter (block-memo.ts); the others are highlighted here, one after the
    // other, or elsewhere, all of the file's at once.
    const found = blocks.map(({ node }) => {
      const key = blockKeyOf(node);
      return { key, block: rememberedBlock(key, file.data.knownCodeBlocks) };
    });
    // Each text once, though a file may show it twice.
    const unknown = new Map<string, CodeBlockSource>();
    found.forEach(({ key, block }, position) => {
      if (!block && !unknown.has(key)) unknown.set(key, blocks[position]!.node);
    });
    if (unknown.size) {
      const sources = [...unknown.values()].map(({ lang, meta, value }) => ({ lang, meta, value }));
      const answers = options.highlightElsewhere ? await options.highlightElsewhere(sources) : await highlightCodeBlocks(sources);
      const made = new Map([...unknown.keys()].map((key, index) => [key, { key, ...answers[index]! }]));
      for (const block of made.values()) rememberBlock(block);
      for (const entry of found) entry.block ??= made.get(entry.key);
    }
    const highlighted = new Map<string, HighlightedBlock>();
    blocks.forEach(({ index, parent }, position) => {
      const block = found[position]!.block!;
      highlighted.set(block.key, block);
      parent.children[index] = codeElement(block);
    });
    file.data.codeBlocks = [...highlighted.values()];
  };
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
