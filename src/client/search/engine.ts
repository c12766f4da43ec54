import lunr from 'lunr';
import { queryTerms, showsVersion, type PackedSearchIndex, type SearchDoc, type SearchFiles, type SearchVersion, type VersionFilter } from '../../shared/search';
import { excerpt, type ExcerptPart } from './excerpt';
import { ENGLISH, loadQueryLanguage, type QueryLanguage } from './languages';
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
  /** The docs version of a page of versioned docs. */
  version?: SearchVersion;
}

export interface SearchResult {
  pages: PageHit[];
  terms: string[];
  /**
   * On a site with versioned docs, how many pages match in each version (plugin id -> version name -> pages),
   * shown or not: the facet tells where else the query finds something.
   */
  versionPages?: Record<string, Record<string, number>>;
}

export interface SearchEngine {
  /** `filter`: the docs versions to show (pages outside versioned docs always show); all when absent. */
  search(query: string, limit?: number, filter?: VersionFilter): SearchResult;
  /** The part of a section's text around the query's terms, the terms marked (it comes with the engine's chunk). */
  excerpt(text: string, terms: string[]): ExcerptPart[];
}

export interface EngineOptions {
  /** The index's language (`loadQueryLanguage`); English when absent. */
  language?: QueryLanguage;
  /** The index file's table of docs versions (`PackedSearchIndex.versions`). */
  versions?: SearchVersion[];
}

let loading: Promise<SearchEngine> | undefined;

export function loadSearchEngine(files: SearchFiles): Promise<SearchEngine> {
  loading ??= Promise.all([fetchJson<SearchDoc[]>(files.docs), fetchJson<PackedSearchIndex>(files.index)]).then(async ([docs, packed]) => {
    // lunr loads an index only once the functions its pipeline names are registered.
    const language = await loadQueryLanguage(packed.pipeline);
    return createEngine(docs, lunr.Index.load(unpackSearchIndex(packed, lunr.version)), { language, ...(packed.versions ? { versions: packed.versions } : {}) });
  });
  // A failed load is retried on the next use.
  loading.catch(() => (loading = undefined));
  return loading;
}

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`search index ${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

export function createEngine(docs: SearchDoc[], index: lunr.Index, { language = ENGLISH, versions }: EngineOptions = {}): SearchEngine {
  return {
    excerpt,
    search(query, limit = 40, filter = 'all') {
      const terms = queryTerms(query);
      if (!terms.length) return { pages: [], terms };
      let results: lunr.Index.Result[];
      try {
        results = index.query((builder) => {
          terms.forEach((term, i) => {
            // Exact (stemmed) words first, then words that start with what was typed, then typos.
            builder.term(term, { boost: 100 });
            const typing = i === terms.length - 1;
            if (typing || (term.length >= 3 && !language.isStopWord(term))) {
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
      const ranked = rankByCoverage(results, terms, language);
      const pages = new Map<string, PageHit>();
      // Only an index with versions counts them; without, the loop stops at the limit as it always did.
      const versionPages: Record<string, Record<string, number>> | undefined = versions?.length ? {} : undefined;
      const counted = new Set<string>();
      let shown = 0;
      for (const result of ranked) {
        const doc = docs[Number(result.ref)];
        if (!doc) continue;
        const pageUrl = doc.u.split('#')[0]!;
        const version = versions && doc.v !== undefined ? versions[doc.v] : undefined;
        if (versionPages && version && !counted.has(pageUrl)) {
          counted.add(pageUrl);
          const ofPlugin = (versionPages[version.pluginId] ??= {});
          ofPlugin[version.name] = (ofPlugin[version.name] ?? 0) + 1;
        }
        // The limit counts shown sections: other versions' copies of a page must not crowd out the reader's.
        if (shown === limit) {
          if (versionPages) continue;
          break;
        }
        if (!showsVersion(filter, version)) continue;
        shown++;
        let page = pages.get(pageUrl);
        if (!page) {
          page = { title: doc.t, url: pageUrl, kind: doc.k, sections: [], ...(version ? { version } : {}) };
          pages.set(pageUrl, page);
        }
        page.sections.push({ doc, score: result.score });
      }
      return { pages: [...pages.values()], terms, ...(versionPages ? { versionPages } : {}) };
    },
  };
}

/**
 * lunr ORs the words of a query, so a section that mentions one word very often can outrank one
 * that has them all. Readers expect "docker backup" to find sections about both first: sections
 * are ordered by how many of the query's words they match, then by score. Stop words ("the",
 * "how") do not count, since the index leaves them out. A CJK word stands for several bigrams,
 * each of which counts: "数据库" finds sections with the whole word before those with half of it.
 */
function rankByCoverage(results: lunr.Index.Result[], terms: string[], language: QueryLanguage): lunr.Index.Result[] {
  const counted = terms.filter((term) => !language.isStopWord(term));
  const stems = counted.map((term) => language.termsOf(term));
  if (stems.reduce((units, termStems) => units + Math.max(1, termStems.length), 0) < 2) return results;
  const coverage = new Map<lunr.Index.Result, number>();
  for (const result of results) {
    const matched = Object.keys(result.matchData.metadata);
    let covered = 0;
    counted.forEach((term, i) => {
      const termStems = stems[i]!;
      if (termStems.length > 1) {
        for (const stem of termStems) if (matched.includes(stem)) covered++;
      } else if (matched.some((word) => word === termStems[0] || word.startsWith(term) || (term.length >= 5 && withinOneEdit(word, term)))) covered++;
    });
    coverage.set(result, covered);
  }
  // Array#sort is stable, so equal coverage keeps lunr's score order.
  return [...results].sort((a, b) => coverage.get(b)! - coverage.get(a)!);
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
