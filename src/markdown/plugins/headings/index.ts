import GithubSlugger from 'github-slugger';
import type { Heading, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import type { TocItem } from '../../../shared/types';

export interface HeadingOptions {
  minHeadingLevel: number;
  maxHeadingLevel: number;
}

const CUSTOM_ID = /\s*\{#([^}\s]+)\}\s*$/;

/** Gives every heading a stable id (github-slugger, or `{#custom-id}`) and collects the TOC. */
export function remarkHeadings(options: HeadingOptions) {
  return (tree: Root, file: VFile) => {
    const slugger = new GithubSlugger();
    const toc: TocItem[] = [];
    const ids: string[] = [];
    visit(tree, 'heading', (node: Heading) => {
      let id: string | undefined;
      const last = node.children.at(-1);
      if (last?.type === 'text') {
        const match = CUSTOM_ID.exec(last.value);
        if (match) {
          id = match[1]!;
          last.value = last.value.slice(0, match.index);
          if (!last.value) node.children.pop();
        }
      }
      const text = toString(node).trim();
      if (id) slugger.slug(id); // reserve it, so a later heading with the same text gets a suffix
      else id = slugger.slug(text);
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id } };
      ids.push(id);
      if (node.depth >= options.minHeadingLevel && node.depth <= options.maxHeadingLevel) toc.push({ id, value: text, level: node.depth });
    });
    file.data.toc = toc;
    file.data.headingIds = ids;
  };
}
