import type { Code, Root } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { walk } from '../walk';
import type { VFile } from 'vfile';
import { escapeHtml, highlightCodeBlocks, type BlockHighlighter, type CodeBlockSource, type HighlightedCode } from './highlight-block';
import { randomBytes } from 'node:crypto';
import { blockKeyOf, rememberBlock, rememberedBlock, type HighlightedBlock } from './block-memo';

export type { HighlightedBlock } from './block-memo';
export { escapeHtml, type BlockHighlighter } from './highlight-block';

declare module 'vfile' {
  interface DataMap {
    /** Blocks this file had when it was compiled last, by key (block-memo.ts): those still in it need no highlighter. */
    knownCodeBlocks: ReadonlyMap<string, HighlightedBlock>;
    /** The file's blocks, highlighted, each once, in order: kept for its next compile. */
    codeBlocks: HighlightedBlock[];
    /**
     * Set by the compile of plain Markdown to HTML (compile.ts): blocks highlighted elsewhere may be left as
     * placeholders, which `fillCodeBlocks` replaces in the file's HTML once their answers are in.
     */
    deferCodeBlocks: boolean;
    /** The blocks left as placeholders, and their answers to come. */
    pendingCodeBlocks: PendingCodeBlocks;
  }
}

interface PendingCodeBlocks {
  /** Every block of the file in order, by key, with the block when it was known. */
  found: FoundBlock[];
  /** The unknown blocks' keys, in the order of their answers (and of the placeholders' numbers). */
  keys: string[];
  answers: Promise<HighlightedCode[]>;
}

interface FoundBlock {
  key: string;
  block: HighlightedBlock | undefined;
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
    const keys = [...unknown.keys()];
    const sources = [...unknown.values()].map(({ lang, meta, value }) => ({ lang, meta, value }));
    if (keys.length && options.highlightElsewhere && file.data.deferCodeBlocks) {
      // The compile goes on to the file's HTML with placeholders while the blocks are highlighted: its thread need
      // not wait for the other one (the code-block worker's first blocks, grammars and regexes cold, take half a
      // second), and the file's tree is gone by the time the answers are in.
      const answers = options.highlightElsewhere(sources);
      answers.catch(() => undefined); // awaited by settleCodeBlocks; a compile that fails before it does not wait
      file.data.pendingCodeBlocks = { found, keys, answers };
      const placeholders = new Map(keys.map((key, number) => [key, placeholderBlock(key, number)]));
      blocks.forEach(({ index, parent }, position) => {
        const { key, block } = found[position]!;
        parent.children[index] = codeElement(block ?? placeholders.get(key)!);
      });
      return;
    }
    const answers = !keys.length ? [] : options.highlightElsewhere ? await options.highlightElsewhere(sources) : await highlightCodeBlocks(sources);
    settle(file, found, keys, answers);
    blocks.forEach(({ index, parent }, position) => {
      parent.children[index] = codeElement(found[position]!.block!);
    });
  };
}

/**
 * The unknown blocks' answers (by `keys`, in order) taken in: each block remembered by this thread, every entry of
 * `found` given its block, and the file's `codeBlocks` set (each text once). The answered blocks, in order.
 */
function settle(file: VFile, found: FoundBlock[], keys: string[], answers: HighlightedCode[]): HighlightedBlock[] {
  const made = keys.map((key, index): HighlightedBlock => ({ key, ...answers[index]! }));
  for (const block of made) rememberBlock(block);
  const byKey = new Map(made.map((block) => [block.key, block]));
  for (const entry of found) entry.block ??= byKey.get(entry.key);
  file.data.codeBlocks = [...new Map(found.map(({ key, block }) => [key, block!])).values()];
  return made;
}

/**
 * Placeholders' words: a nonce of this thread's, so that no page's own text can be taken for one. Letters, digits
 * and dashes only: they pass through the HTML writer's escaping as they are, in an attribute and in raw HTML alike.
 */
const PLACEHOLDER = `docsite-code-${randomBytes(8).toString('hex')}-`;
const PLACEHOLDER_PATTERN = new RegExp(`${PLACEHOLDER}(\\d+)-(lang|html)`, 'g');

function placeholderBlock(key: string, number: number): HighlightedBlock {
  return { key, lang: `${PLACEHOLDER}${number}-lang`, html: `${PLACEHOLDER}${number}-html` };
}

/**
 * Waits for the answers to a file's blocks left as placeholders (`deferCodeBlocks`) and takes them in as the plugin
 * does when it waits; the answered blocks by placeholder number (none when the file left none).
 */
export async function settleCodeBlocks(file: VFile): Promise<HighlightedBlock[]> {
  const pending = file.data.pendingCodeBlocks;
  if (!pending) return [];
  delete file.data.pendingCodeBlocks;
  return settle(file, pending.found, pending.keys, await pending.answers);
}

/** The file's HTML with its blocks' placeholders replaced once their answers are in (`settleCodeBlocks`). */
export async function fillCodeBlocks(file: VFile, html: string): Promise<string> {
  const made = await settleCodeBlocks(file);
  if (!made.length) return html;
  return html.replace(PLACEHOLDER_PATTERN, (_, number: string, part: string) => {
    const block = made[Number(number)]!;
    return part === 'lang' ? escapeHtml(block.lang) : block.html;
  });
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
