// What the search index holds and how text becomes search terms; the build and the browser must
// agree on both.

/** One searchable unit: a page (its intro) or one of its heading sections. */
export interface SearchDoc {
  /** Page title. */
  t: string;
  /** Section heading; absent for the page's intro text. */
  h?: string;
  /** URL with base and `#anchor`. */
  u: string;
  /** Plain text of the section. */
  b: string;
  /** Page kind, for grouping labels (doc, blog, api). */
  k: string;
}

export interface SearchFiles {
  docs: string;
  index: string;
}

const MAX_TERMS = 12;
const MAX_TERM_LENGTH = 40;

/** Lowercased words of a query: letters and digits in any script; everything else separates. */
export function queryTerms(query: string): string[] {
  const terms: string[] = [];
  for (const match of query.slice(0, 500).toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    const term = match[0].slice(0, MAX_TERM_LENGTH);
    if (!terms.includes(term)) terms.push(term);
    if (terms.length === MAX_TERMS) break;
  }
  return terms;
}
