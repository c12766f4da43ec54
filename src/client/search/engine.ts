import lunr from 'lunr';
import { queryTerms, type PackedSearchIndex, type SearchDoc, type SearchFiles } from '../../shared/search';
import { excerpt, type ExcerptPart } from './excerpt';
import { unpackSearchIndex } from './unpack';

// The search engine in the browser: loaded on first use of the search box (never on page load),
// it fetches this build's two files and answers queries. Any text is a valid query.

export interface SectionHit {
  doc: SearchDoc;
  score: number;
}

export interface PageHit {
  title: string;
  url: string;
  kind: string;
  sections: SectionHit[];
}

export interface SearchEngine {
  search(query: string, limit?: number): { pages: PageHit[]; terms: string[] };
  /** The part of a section's text around the query's terms, the terms marked (it comes with the engine's chunk). */
  excerpt(text: string, terms: string[]): ExcerptPart[];
}

let loading: Promise<SearchEngine> | undefined;

export function loadSearchEngine(files: SearchFiles): Promise<SearchEngine> {
  loading ??= Promise.all([fetchJson<SearchDoc[]>(files.docs), fetchJson<PackedSearchIndex>(files.index)]).then(([docs, packed]) =>
    createEngine(docs, lunr.Index.load(unpackSearchIndex(packed, lunr.version))),
  );
  // A failed load is retried on the next use.
  loading.catch(() => (loading = undefined));
  return loading;
}

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`search index ${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

export function createEngine(docs: SearchDoc[], index: lunr.Index): SearchEngine {
  return {
    excerpt,
    search(query, limit = 40) {
      const terms = queryTerms(query);
      if (!terms.length) return { pages: [], terms };
      let results: lunr.Index.Result[];
      try {
        results = index.query((builder) => {
          terms.forEach((term, i) => {
            // Exact (stemmed) words first, then words that start with what was typed, then typos.
            builder.term(term, { boost: 100 });
            const typing = i === terms.length - 1;
            if (typing || (term.length >= 3 && !isStopWord(term))) {
              // One or two letters start thousands of body words; matching them in titles and
              // headings only keeps the first keystrokes fast and their results meaningful.
              const fields = term.length < 3 ? ['t', 'h'] : undefined;
              builder.term(term, { usePipeline: false, wildcard: lunr.Query.wildcard.TRAILING, boost: 10, ...(fields ? { fields } : {}) });
            }
            if (term.length >= 5) builder.term(term, { usePipeline: false, editDistance: 1, boost: 1 });
          });
        });
      } catch {
        return { pages: [], terms }; // lunr rejects nothing built this way, but a query must never throw
      }
      const ranked = rankByCoverage(results, terms);
      const pages = new Map<string, PageHit>();
      for (const result of ranked.slice(0, limit)) {
        const doc = docs[Number(result.ref)];
        if (!doc) continue;
        const pageUrl = doc.u.split('#')[0]!;
        let page = pages.get(pageUrl);
        if (!page) {
          page = { title: doc.t, url: pageUrl, kind: doc.k, sections: [] };
          pages.set(pageUrl, page);
        }
        page.sections.push({ doc, score: result.score });
      }
      return { pages: [...pages.values()], terms };
    },
  };
}

/**
 * lunr ORs the words of a query, so a section that mentions one word very often can outrank one
 * that has them all. Readers expect "docker backup" to find sections about both first: sections
 * are ordered by how many of the query's words they match, then by score. Stop words ("the",
 * "how") do not count, since the index leaves them out.
 */
function rankByCoverage(results: lunr.Index.Result[], terms: string[]): lunr.Index.Result[] {
  const counted = terms.filter((term) => !isStopWord(term));
  if (counted.length < 2) return results;
  const stems = counted.map((term) => lunr.stemmer(new lunr.Token(term, {})).toString());
  const coverage = new Map<lunr.Index.Result, number>();
  for (const result of results) {
    const matched = Object.keys(result.matchData.metadata);
    let covered = 0;
    counted.forEach((term, i) => {
      if (matched.some((word) => word === stems[i] || word.startsWith(term) || (term.length >= 5 && withinOneEdit(word, term)))) covered++;
    });
    coverage.set(result, covered);
  }
  // Array#sort is stable, so equal coverage keeps lunr's score order.
  return [...results].sort((a, b) => coverage.get(b)! - coverage.get(a)!);
}

function isStopWord(term: string): boolean {
  return lunr.stopWordFilter(new lunr.Token(term, {})) === undefined;
}

/** Whether two words differ by at most one edit as lunr counts them: insert, delete, substitute or swap neighbours. */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    const swapped = a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
    return swapped || a.slice(i + 1) === b.slice(i + 1);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
