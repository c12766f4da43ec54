import lunr from 'lunr';
import { queryTerms, type SearchDoc, type SearchFiles } from '../../shared/search';

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
}

let loading: Promise<SearchEngine> | undefined;

export function loadSearchEngine(files: SearchFiles): Promise<SearchEngine> {
  loading ??= Promise.all([fetchJson<SearchDoc[]>(files.docs), fetchJson<object>(files.index)]).then(([docs, json]) => createEngine(docs, lunr.Index.load(json)));
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
    search(query, limit = 40) {
      const terms = queryTerms(query);
      if (!terms.length) return { pages: [], terms };
      let results: lunr.Index.Result[];
      try {
        results = index.query((builder) => {
          for (const term of terms) {
            // Exact (stemmed) words first, then words that start with what was typed, then typos.
            builder.term(term, { boost: 100 });
            builder.term(term, { usePipeline: false, wildcard: lunr.Query.wildcard.TRAILING, boost: 10 });
            if (term.length >= 5) builder.term(term, { usePipeline: false, editDistance: 1, boost: 1 });
          }
        });
      } catch {
        return { pages: [], terms }; // lunr rejects nothing built this way, but a query must never throw
      }
      const pages = new Map<string, PageHit>();
      for (const result of results.slice(0, limit)) {
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
