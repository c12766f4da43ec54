import type { ThemedToken } from 'shiki';

// A highlighted block's HTML written from its tokens as a string. Shiki builds a HTML tree of the tokens (a line's
// spans, with its transformers' hooks) and serializes it: for docs code that was a fifth of the highlighting time in
// the compile workers. This writes the same bytes as shiki's `codeToHtml` with docsite's light-dark theme (whose
// transformer sets the `<pre>`'s class and style) and highlighted lines (a line's class), for tokens that carry their
// style as `htmlStyle` and no attributes of their own; for any other token it gives up (undefined), and the caller
// asks shiki. `highlighter.test.ts` compares the two on every preloaded language.

/** The HTML of `lines` (1-based numbers in `highlighted` get the `highlighted` class), or undefined (see above). */
export function codeHtml(lines: readonly (readonly ThemedToken[])[], pre: { class: string; style: string }, highlighted: ReadonlySet<number>): string | undefined {
  const parts = [`<pre class="${attribute(pre.class)}" style="${attribute(pre.style)}" tabindex="0"><code>`];
  for (let index = 0; index < lines.length; index++) {
    if (index) parts.push('\n');
    parts.push(highlighted.has(index + 1) ? '<span class="line highlighted">' : '<span class="line">');
    for (const token of lines[index]!) {
      if (!token.htmlStyle || token.htmlAttrs) return undefined;
      const style = typeof token.htmlStyle === 'string' ? token.htmlStyle : Object.entries(token.htmlStyle).map(([key, value]) => `${key}:${value}`).join(';');
      parts.push(style ? `<span style="${attribute(style)}">` : '<span>', text(token.content), '</span>');
    }
    parts.push('</span>');
  }
  parts.push('</code></pre>');
  return parts.join('');
}

// As hast-util-to-html writes them: character references in hexadecimal, for what would end the text or the value.
const text = (value: string) => (/[&<]/.test(value) ? value.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;') : value);
const attribute = (value: string) => (/[&"\0]/.test(value) ? value.replace(/&/g, '&#x26;').replace(/"/g, '&#x22;').replace(/\0/g, '&#x0;') : value);
