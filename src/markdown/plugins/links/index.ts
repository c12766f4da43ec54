import type { Root, RootContent } from 'mdast';
import { walk } from '../walk';
import type { VFile } from 'vfile';

export interface OutgoingLink {
  /** The href as it appears in the rendered page. */
  href: string;
  /**
   * The link as written, when it names a Markdown file or the resolver changed it: its href depends on the
   * routes of other files or on the site's base URL. A cached compile is reused only while each such link
   * still resolves to the same href, and a compile is moved to another file or locale by resolving them
   * again. A link without it is its own href wherever it is compiled.
   */
  written?: string;
  line?: number;
  column?: number;
}

/** Maps a link as written (`../install/x.md#y`, `/docs/x`) to the href the page should carry. */
export type LinkResolver = (url: string, fromFile: string) => string;

/** Whether a link names a Markdown file (`x.md`, `../y.mdx#part`), which the resolver turns into a route. */
export function namesMarkdownFile(url: string): boolean {
  return /\.mdx?(?:[?#]|$)/i.test(url);
}

/**
 * Whether a link's record keeps the link as written. A Markdown file link does even when it names no page
 * yet, so a cached compile notices when the page appears.
 */
export function keepsWritten(written: string, href: string): boolean {
  return href !== written || namesMarkdownFile(written);
}

/** Rewrites Markdown links to routes and records every outgoing link with its position. */
export function remarkLinks(options: { resolve: LinkResolver }) {
  return (tree: Root, file: VFile) => {
    const links: OutgoingLink[] = [];
    walk<Root | RootContent>(tree, undefined, (node) => {
      if (node.type !== 'link' && node.type !== 'definition') return;
      const written = node.url;
      node.url = options.resolve(written, file.path);
      const start = node.position?.start;
      links.push({ href: node.url, ...(keepsWritten(written, node.url) ? { written } : {}), ...(start ? { line: start.line, column: start.column } : {}) });
    });
    file.data.links = links;
  };
}
