// `?_highlight=word` (from a search hit): mark every occurrence of the word in the page content, and in
// the same-origin frames it embeds (highlight-frames.ts). The parameter is only ever used as text: matched
// with an escaped pattern and wrapped in <mark> elements created through the DOM, never parsed as HTML;
// the style put into a frame is fixed text and colours the browser computed, never the parameter.

import { escapeRegExp } from './search/excerpt';
import { forEachFrameBody } from './highlight-frames';

const SKIP = new Set(['SCRIPT', 'STYLE', 'MARK', 'TEXTAREA', 'INPUT']);
const MARK_CLASS = 'search-highlight';
/** Marks the `<style>` put into a frame, so that a second run does not add another. */
const FRAME_STYLE_ATTRIBUTE = 'data-docsite-search-highlight';

export function highlightFromUrl(): number {
  const word = new URLSearchParams(location.search).get('_highlight')?.trim().slice(0, 100);
  const root = document.querySelector('#__docsite .markdown') ?? document.querySelector('#__docsite main');
  if (!word || !root) return 0;
  const pattern = new RegExp(escapeRegExp(word), 'giu');
  // The article first and at once: frames are marked as each loads, so a slow one never delays it.
  const count = markWords(root, pattern);
  const background = markBackground(root);
  forEachFrameBody(root, (body) => {
    if (markWords(body, pattern) > 0) addFrameStyle(body.ownerDocument, background);
  });
  return count;
}

/** Wraps each match of `pattern` in the text under `root` in a <mark> of `root`'s own document; returns how many. */
function markWords(root: Element, pattern: RegExp): number {
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => {
      // A global pattern's `test` starts at the last match's end: start each text node from its beginning.
      pattern.lastIndex = 0;
      return node.parentElement && !SKIP.has(node.parentElement.tagName) && pattern.test(node.nodeValue ?? '') ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT;
    },
  });
  const nodes: Text[] = [];
  while (walker.nextNode()) nodes.push(walker.currentNode as Text);
  let count = 0;
  for (const node of nodes) {
    const text = node.nodeValue ?? '';
    const fragment = doc.createDocumentFragment();
    let last = 0;
    pattern.lastIndex = 0;
    for (const match of text.matchAll(pattern)) {
      if (match.index > last) fragment.append(text.slice(last, match.index));
      const mark = doc.createElement('mark');
      mark.className = MARK_CLASS;
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

/** For a page whose root is not `.markdown`, where the theme's mark rule does not apply. */
const FALLBACK_BACKGROUND = 'rgba(255, 213, 0, 0.45)';

/**
 * The theme's mark colour as the browser resolved it (the rule uses the theme's variables, which a frame's
 * document does not have): read from a probe mark in the article, which is removed at once.
 */
function markBackground(root: Element): string {
  const probe = document.createElement('mark');
  probe.className = MARK_CLASS;
  probe.hidden = true;
  root.append(probe);
  const background = getComputedStyle(probe).backgroundColor;
  probe.remove();
  return background === 'rgba(0, 0, 0, 0)' || background === 'transparent' ? FALLBACK_BACKGROUND : background;
}

/** The marking rule for a frame's document: the frame's stylesheets know nothing of it. */
function addFrameStyle(doc: Document, background: string): void {
  if (doc.querySelector(`style[${FRAME_STYLE_ATTRIBUTE}]`)) return;
  const style = doc.createElement('style');
  style.setAttribute(FRAME_STYLE_ATTRIBUTE, '');
  // The frame keeps its own text colour: the embed may be light where the site is dark.
  style.textContent = `mark.${MARK_CLASS} { background: ${background}; color: inherit; border-radius: 2px; padding: 0 1px; }`;
  (doc.head ?? doc.documentElement).append(style);
}
