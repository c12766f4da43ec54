import type { Nodes, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { VFile } from 'vfile';

export interface TextSection {
  /** Heading id; undefined for the text before the first heading. */
  id?: string;
  heading?: string;
  level?: number;
  text: string;
}

const SKIPPED = new Set(['code', 'yaml', 'mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression', 'html']);

/** Plain text of the page split at headings, for the search index and the default description. */
export function remarkSections() {
  return (tree: Root, file: VFile) => {
    const sections: TextSection[] = [{ text: '' }];
    let excerpt: string | undefined;
    for (const node of tree.children as RootContent[]) {
      if (node.type === 'heading') {
        const id = (node.data?.hProperties as { id?: string } | undefined)?.id;
        sections.push({ ...(id ? { id } : {}), heading: toString(node).trim(), level: node.depth, text: '' });
        continue;
      }
      if (SKIPPED.has(node.type)) continue;
      const text = plainText(node).replace(/\s+/g, ' ').trim();
      if (!text) continue;
      if (excerpt === undefined && node.type === 'paragraph') excerpt = text;
      const current = sections.at(-1)!;
      current.text = current.text ? `${current.text} ${text}` : text;
    }
    file.data.sections = sections.filter((section, index) => index > 0 || section.text);
    file.data.excerpt = excerpt;
  };
}

const PHRASING_PARENTS = new Set(['paragraph', 'heading', 'emphasis', 'strong', 'delete', 'link', 'linkReference', 'tableCell']);

/** Like mdast-util-to-string, but block boundaries become spaces ("Title" + "Body" -> "Title Body"). */
function plainText(node: Nodes): string {
  if (SKIPPED.has(node.type)) return '';
  if ('value' in node && typeof node.value === 'string') return node.value;
  if (!('children' in node)) return '';
  const parts = (node.children as Nodes[]).map(plainText);
  // Tables read as "cell, cell · next row" in search excerpts rather than one run of words.
  if (node.type === 'tableRow') return parts.filter(Boolean).join(', ');
  if (node.type === 'table') return parts.filter(Boolean).join(' · ');
  return parts.join(PHRASING_PARENTS.has(node.type) ? '' : ' ');
}
