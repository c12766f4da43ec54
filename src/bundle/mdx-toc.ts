import type { TocItem } from '../shared/types';

// Docusaurus's MDX modules define `toc` (the page's headings), which pages pass on: `<TOCInline toc={toc} />`.
// docsite's compiled MDX does not, so a page that names `toc` without defining it gets the compiled headings.

/** A declaration of `toc` by the page itself: `export const toc = …`, a function, or an import naming it. */
const DECLARES_TOC = /\b(?:const|let|var|function|class)\s+toc\b|^import\b[^;\n]*\btoc\b/m;

export function withTocBinding(code: string, toc: readonly TocItem[]): string {
  if (!/\btoc\b/.test(code) || DECLARES_TOC.test(code)) return code;
  return `const toc = ${JSON.stringify(toc)};\n${code}`;
}
