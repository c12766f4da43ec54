import GithubSlugger from 'github-slugger';
import type { Heading, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { walk } from '../walk';
import type { VFile } from 'vfile';
import type { TocItem } from '../../../shared/types';

export interface HeadingOptions {
  minHeadingLevel: number;
  maxHeadingLevel: number;
}

const CUSTOM_ID = /\s*\{#([^}\s]+)\}\s*$/;
// Docusaurus 3's MDX-safe form of the same: `## Title {/* #custom-id */}`, an MDX comment (an expression node).
const COMMENT_ID = /^\s*\/\*\s*#(\S+?)\s*\*\/\s*$/;
const COMMENT_ONLY = /^\s*\/\*[\s\S]*\*\/\s*$/;

/** Gives every heading a stable id (github-slugger, `{#custom-id}` or `{/* #custom-id *\/}`) and collects the TOC. */
export function remarkHeadings(options: HeadingOptions) {
  return (tree: Root, file: VFile) => {
    const slugger = new GithubSlugger();
    const toc: TocItem[] = [];
    const ids: string[] = [];
    const headings: TocItem[] = [];
    walk<Heading>(tree, 'heading', (node) => {
      const id = takeCustomId(node);
      // The id is slugged from every text the heading holds, comments included, as Docusaurus does; the TOC
      // shows what the page shows, where an MDX comment renders nothing.
      const text = toString(node).trim();
      if (id) slugger.slug(id); // reserve it, so a later heading with the same text gets a suffix
      const finalId = id ?? slugger.slug(text);
      const shown = node.children.some(isComment) ? toString(node.children.filter((child) => !isComment(child))).replace(/\s+/g, ' ').trim() : text;
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id: finalId } };
      ids.push(finalId);
      if (node.depth >= 2) headings.push({ id: finalId, value: shown, level: node.depth });
      if (node.depth >= options.minHeadingLevel && node.depth <= options.maxHeadingLevel) toc.push({ id: finalId, value: shown, level: node.depth });
    });
    file.data.toc = toc;
    file.data.headingIds = ids;
    file.data.headings = headings;
    // A page whose text never says `toc` cannot name it: no walk for those.
    file.data.usesToc = String(file.value).includes('toc') && usesToc(tree);
  };
}

function isComment(node: Heading['children'][number]): boolean {
  return node.type === 'mdxTextExpression' && COMMENT_ONLY.test(node.value);
}

/** Removes an explicit id written at the end of the heading and returns it; undefined when there is none. */
function takeCustomId(node: Heading): string | undefined {
  const last = node.children.at(-1);
  if (last?.type === 'text') {
    const match = CUSTOM_ID.exec(last.value);
    if (!match) return undefined;
    last.value = last.value.slice(0, match.index);
    if (!last.value) node.children.pop();
    return match[1]!;
  }
  if (last?.type === 'mdxTextExpression') {
    const match = COMMENT_ID.exec(last.value);
    if (!match) return undefined;
    node.children.pop();
    // The space before the comment is part of the text before it; it belongs to neither the id nor the title.
    const before = node.children.at(-1);
    if (before?.type === 'text') {
      before.value = before.value.trimEnd();
      if (!before.value) node.children.pop();
    }
    return match[1]!;
  }
  return undefined;
}

const NAMES_TOC = /\btoc\b/;
const DECLARES_TOC = /\b(?:const|let|var|function|class)\s+toc\b|\bimport\b[^;]*\btoc\b/;

/** Whether an expression or JSX attribute of the page names `toc` and no import or export of the page declares it (prose that says "toc" does not count). */
function usesToc(tree: Root): boolean {
  let named = false;
  let declared = false;
  walk<Root | RootContent>(tree, undefined, (node) => {
    if (node.type === 'mdxjsEsm' && DECLARES_TOC.test(node.value)) declared = true;
    else if ((node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') && NAMES_TOC.test(node.value)) named = true;
    else if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.attributes.some((attribute) => typeof attribute.value === 'object' && attribute.value !== null && NAMES_TOC.test(attribute.value.value))) named = true;
  });
  return named && !declared;
}
