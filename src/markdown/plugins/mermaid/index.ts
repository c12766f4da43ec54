import type { Code, Root } from 'mdast';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';
import { mermaidSyntaxError } from './parse';

// ```mermaid fences -> a marked block holding the diagram's source as text:
//   <div class="mermaid-diagram"><pre class="mermaid-source">graph TD …</pre></div>
// The server HTML shows the source (readable without JS); the browser runtime sees the marker and
// only then loads the diagram renderer (src/client/mermaid.ts), which draws the SVG in the page's colour
// mode. Drawing needs a browser's layout engine, so it is not done at build time; the syntax is
// checked here, and an invalid diagram keeps its source with the error text under it.
// Plain elements only (no JSX): a page of Markdown with a diagram stays static content.

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
    visit(tree, 'code', (node, index, parent) => {
      if (node.lang === 'mermaid' && parent && index !== undefined) fences.push({ node, index, parent: parent as { children: unknown[] } });
    });
    for (const { node, index, parent } of fences) {
      const error = await mermaidSyntaxError(node.value);
      const children: unknown[] = [textElement('pre', 'mermaid-source', node.value)];
      if (error) {
        const line = node.position?.start.line ?? 1;
        (file.data.mermaidErrors ??= []).push({ line, message: firstLines(error) });
        children.push(textElement('pre', 'mermaid-error', `Mermaid syntax error: ${error}`, { role: 'alert' }));
      }
      parent.children[index] = element('div', error ? 'mermaid-diagram mermaid-invalid' : 'mermaid-diagram', children);
    }
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
