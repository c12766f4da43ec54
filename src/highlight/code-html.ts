import type { ThemedToken } from 'shiki';

// A highlighted block's HTML written from its tokens as a string. Shiki builds a HTML tree of the tokens (a line's
// spans, with its transformers' hooks) and serializes it: for docs code that was a fifth of the highlighting time in
// the compile workers. This writes the same bytes as shiki's `codeToHtml` with docsite's light-dark theme (whose
// transformer sets the `<pre>`'s class and style) and highlighted lines (a line's class). It takes the synthetic
// theme's tokens, whitespace merged as the transformer merges it (light-dark-theme.ts `mergeWhitespaceTokens`): each
// token's two-theme style is the theme's for its colour code and font style, made once per pair (`styleOf`).
// `highlighter.test.ts` compares the two on every preloaded language.

/** The HTML of `lines` (1-based numbers in `highlighted` get the `highlighted` class). */
export function codeHtml(lines: readonly (readonly ThemedToken[])[], styleOf: (token: ThemedToken) => string, pre: { class: string; style: string }, highlighted: ReadonlySet<number>): string {
  let html = `<pre class="${attribute(pre.class)}" style="${attribute(pre.style)}" tabindex="0"><code>`;
  for (let index = 0; index < lines.length; index++) {
    if (index) html += '\n';
    html += highlighted.has(index + 1) ? '<span class="line highlighted">' : '<span class="line">';
    for (const token of lines[index]!) {
      const style = styleOf(token);
      html += `${style ? `<span style="${attribute(style)}">` : '<span>'}${text(token.content)}</span>`;
    }
    html += '</span>';
  }
  return `${html}</code></pre>`;
}

// As hast-util-to-html writes them: character references in hexadecimal, for what would end the text or the value.
const text = (value: string) => (/[&<]/.test(value) ? value.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;') : value);
const attribute = (value: string) => (/[&"\0]/.test(value) ? value.replace(/&/g, '&#x26;').replace(/"/g, '&#x22;').replace(/\0/g, '&#x0;') : value);
