import { toHtml } from 'hast-util-to-html';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toHast } from 'mdast-util-to-hast';
import { gfm } from 'micromark-extension-gfm';
import { visit } from 'unist-util-visit';
import type { Element, Root } from 'hast';

// Descriptions in an OpenAPI document are CommonMark (GFM here too). They become HTML strings at
// build time; raw HTML in them is dropped, never passed through, so a spec cannot inject markup.
// Site-internal links get the base URL; external links open in a new tab.

export function createMarkdownRenderer(href: (path: string) => string): (text: string | undefined) => string | undefined {
  const cache = new Map<string, string>();
  return (text) => {
    const source = text?.trim();
    if (!source) return undefined;
    let html = cache.get(source);
    if (html === undefined) {
      const tree = toHast(fromMarkdown(source, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] })) as Root;
      visit(tree, 'element', (element: Element) => {
        if (element.tagName !== 'a' || typeof element.properties.href !== 'string') return;
        const target = element.properties.href;
        if (target.startsWith('/') && !target.startsWith('//')) element.properties.href = href(target);
        else if (/^https?:\/\//.test(target)) Object.assign(element.properties, { target: '_blank', rel: 'noopener noreferrer' });
      });
      html = toHtml(tree);
      cache.set(source, html);
    }
    return html;
  };
}

/** The first paragraph as plain text, for meta descriptions and search. */
export function plainText(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const first = text.trim().split(/\n\s*\n/)[0] ?? '';
  const plain = first
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_~]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain || undefined;
}
