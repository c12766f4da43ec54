import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { walk } from '../walk';
import { isExternalUrl } from '../../../shared/url';

/**
 * Final touches on the HTML tree: a "#" anchor link in every h2-h6 with an id,
 * `target="_blank" rel="noopener noreferrer"` on external links, and tables reachable by keyboard
 * (a wide one scrolls sideways, and a region that scrolls must take focus to be scrolled without a mouse).
 */
export function rehypeHtmlElements() {
  return (tree: Root) => {
    walk<Element>(tree, 'element', (node) => {
      if (/^h[2-6]$/.test(node.tagName) && typeof node.properties.id === 'string') {
        // Added to the classes it has: the footnotes' heading is `sr-only`, and must stay so.
        const classes = node.properties.className;
        node.properties.className = [...(Array.isArray(classes) ? classes : []), 'anchor'];
        node.children.push({
          type: 'element',
          tagName: 'a',
          properties: { href: `#${node.properties.id}`, className: ['hash-link'], ariaLabel: `Direct link to ${toString(node).trim()}` },
          children: [{ type: 'text', value: '#' }],
        });
      } else if (node.tagName === 'table') {
        node.properties.tabIndex = 0;
      } else if (node.tagName === 'a' && typeof node.properties.href === 'string' && /^(https?:)?\/\//.test(node.properties.href) && isExternalUrl(node.properties.href)) {
        node.properties.target = '_blank';
        node.properties.rel = ['noopener', 'noreferrer'];
      }
    });
  };
}
