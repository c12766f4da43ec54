import type { Code, Root } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import type { VFile } from 'vfile';
import { walk } from '../walk';
import { defaultImportOf } from '../esm-import';
import { mermaidSyntaxError } from './parse';

// ```mermaid fences. A valid diagram becomes `<Mermaid value="…"/>` from `@theme/Mermaid` (Docusaurus' name and
// prop, so a site may override it): the server HTML holds the diagram's source as text (readable without JS),
// and in the browser the component loads mermaid's own prebuilt renderer and draws the SVG in the colour mode
// on screen. Drawing needs a browser's layout engine (mermaid measures text), so it is not done at build time.
// The import is what keeps the renderer off every other page: only a page with a diagram has the component
// in its chunk, and the component fetches mermaid only once it mounts (templates/mdx/theme/Mermaid.tsx).
//
// The syntax is checked here with mermaid's parser; an invalid diagram stays plain HTML (its source, then the
// error text) and loads nothing.

/** The name the compiled page imports the component under: not one a page's own code would use. */
const COMPONENT = '_DocsiteMermaid';

export interface MermaidDiagramError {
  line: number;
  message: string;
}

declare module 'vfile' {
  interface DataMap {
    /** Diagrams whose syntax mermaid rejected, at their fence's line. */
    mermaidErrors: MermaidDiagramError[];
  }
}

interface ElementNode {
  type: string;
  data: { hName: string; hProperties: Record<string, unknown>; hChildren?: unknown[] };
  children: unknown[];
}

function element(tag: string, className: string, children: unknown[], extra: Record<string, unknown> = {}): ElementNode {
  return { type: 'mermaidElement', data: { hName: tag, hProperties: { className: className.split(' '), ...extra } }, children };
}

/** Text as written: as Markdown text, mdast-util-to-hast would trim each line's indentation. */
function textElement(tag: string, className: string, text: string, extra: Record<string, unknown> = {}): ElementNode {
  const node = element(tag, className, [], extra);
  node.data.hChildren = [{ type: 'text', value: text }];
  return node;
}

export function remarkMermaid() {
  return async (tree: Root, file: VFile) => {
    const fences: { node: Code; index: number; parent: { children: unknown[] } }[] = [];
    walk<Code>(tree, 'code', (node, index, parent) => {
      if (node.lang === 'mermaid' && parent && index !== undefined) fences.push({ node, index, parent: parent as { children: unknown[] } });
    });
    let drawn = 0;
    for (const { node, index, parent } of fences) {
      const error = await mermaidSyntaxError(node.value);
      if (error) {
        const line = node.position?.start.line ?? 1;
        (file.data.mermaidErrors ??= []).push({ line, message: firstLines(error) });
        parent.children[index] = element('div', 'mermaid-diagram mermaid-invalid', [
          textElement('pre', 'mermaid-source', node.value),
          textElement('pre', 'mermaid-error', `Mermaid syntax error: ${error}`, { role: 'alert' }),
        ]);
        continue;
      }
      const diagram: MdxJsxFlowElement = { type: 'mdxJsxFlowElement', name: COMPONENT, attributes: [{ type: 'mdxJsxAttribute', name: 'value', value: node.value }], children: [] };
      parent.children[index] = diagram;
      drawn++;
    }
    if (drawn) tree.children.unshift(defaultImportOf(COMPONENT, '@theme/Mermaid'));
  };
}

/** A warning is one line: mermaid's messages continue with a caret drawing of the source. */
function firstLines(message: string): string {
  const lines = message.split('\n').map((line) => line.trim());
  const expecting = lines.find((line) => line.startsWith('Expecting') || line.startsWith('Lexical error'));
  // Mermaid counts lines in its own way (not the fence's), so the warning keeps the fence's line only.
  const first = lines[0]?.replace(/ on line \d+:?$/, ':');
  return [first, expecting].filter(Boolean).join(' ').slice(0, 300);
}
