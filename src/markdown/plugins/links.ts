import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';

export interface OutgoingLink {
  /** The href as it appears in the rendered page. */
  href: string;
  line?: number;
  column?: number;
}

/** Maps a link as written (`../install/x.md#y`, `/docs/x`) to the href the page should carry. */
export type LinkResolver = (url: string, fromFile: string) => string;

/** Rewrites Markdown links to routes and records every outgoing link with its position. */
export function remarkLinks(options: { resolve: LinkResolver }) {
  return (tree: Root, file: VFile) => {
    const links: OutgoingLink[] = [];
    visit(tree, (node) => {
      if (node.type !== 'link' && node.type !== 'definition') return;
      node.url = options.resolve(node.url, file.path);
      const start = node.position?.start;
      links.push({ href: node.url, ...(start ? { line: start.line, column: start.column } : {}) });
    });
    file.data.links = links;
  };
}
