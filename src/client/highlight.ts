// `?_highlight=word` (from a search hit): mark every occurrence of the word in the page content.
// The parameter is only ever used as text: matched with an escaped pattern and wrapped in <mark>
// elements created through the DOM, never parsed as HTML.

import { escapeRegExp } from './search/excerpt';

const SKIP = new Set(['SCRIPT', 'STYLE', 'MARK', 'TEXTAREA', 'INPUT']);

export function highlightFromUrl(): number {
  const word = new URLSearchParams(location.search).get('_highlight')?.trim().slice(0, 100);
  const root = document.querySelector('#__docsite .markdown') ?? document.querySelector('#__docsite main');
  if (!word || !root) return 0;
  const pattern = new RegExp(escapeRegExp(word), 'giu');
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement && !SKIP.has(node.parentElement.tagName) && pattern.test(node.nodeValue ?? '') ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
  });
  const nodes: Text[] = [];
  while (walker.nextNode()) nodes.push(walker.currentNode as Text);
  let count = 0;
  for (const node of nodes) {
    const text = node.nodeValue ?? '';
    const fragment = document.createDocumentFragment();
    let last = 0;
    pattern.lastIndex = 0;
    for (const match of text.matchAll(pattern)) {
      if (match.index > last) fragment.append(text.slice(last, match.index));
      const mark = document.createElement('mark');
      mark.className = 'search-highlight';
      mark.textContent = match[0];
      fragment.append(mark);
      last = match.index + match[0].length;
      count++;
    }
    if (last < text.length) fragment.append(text.slice(last));
    node.replaceWith(fragment);
  }
  return count;
}
