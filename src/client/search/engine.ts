import lunr from 'lunr';
import { queryTerms, showsVersion, type SearchDoc, type SearchVersion, type VersionFilter } from '../../shared/search';
import type { QueryLanguage } from './languages';
import { withinOneEdit } from '../../shared/edit-distance';

export { withinOneEdit };

// The search engine: what a query means (its lunr clauses), and how lunr's matches become the pages a reader
// sees. It runs in the search worker (worker.ts) over a source: the whole index in one file (single-file-source.ts)
// or a big site's shards (sharded-source.ts), which fetches what each query needs. Any text is a valid query.

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

/** One term of a lunr query, as `lunr.Query#term` takes it. */
export interface QueryClause {
  term: string;
  boost: number;
  /** false: the term is matched as typed, not stemmed. */
  usePipeline: boolean;
  /** A trailing wildcard: every index term the text starts. */
  prefix?: boolean;
  editDistance?: number;
  /** The fields searched; all when absent. */
  fields?: string[];
}

/** What the engine searches: an index that answers a query's clauses, and the documents. */
export interface SearchSource {
  language: QueryLanguage;
  /** The docs versions documents belong to (`versionOf` gives a position in it). */
  versions?: SearchVersion[];
  /** A lunr index that answers `clauses` as the whole index would; a sharded source fetches what they need first. */
  indexFor(clauses: QueryClause[]): Promise<lunr.Index>;
  /** A number naming the page a document belongs to: a page's documents are consecutive. */
  pageOf(ref: number): number;
  versionOf(ref: number): number | undefined;
  /** Makes `doc` answer for `refs`; `progress` is called as some of them arrive. */
  loadDocs(refs: number[], progress: () => void): Promise<void>;
  doc(ref: number): SearchDoc | undefined;
  /** Whether a query may fetch files (a sharded index): the worker then waits for a short word to grow. */
  fetchesShards?: boolean;
}

/** What a query's words ask of lunr. */
export function queryClauses(terms: string[], language: QueryLanguage): QueryClause[] {
  const clauses: QueryClause[] = [];
  terms.forEach((term, i) => {
    // Exact (stemmed) words first, then words that start with what was typed, then typos.
    clauses.push({ term, boost: 100, usePipeline: true });
    const typing = i === terms.length - 1;
    if (typing || (term.length >= 3 && !language.isStopWord(term))) {
      // One or two letters start thousands of body words; matching them in titles and headings only keeps the
      // first keystrokes fast and their results meaningful.
      clauses.push({ term, boost: 10, usePipeline: false, prefix: true, ...(term.length < 3 ? { fields: ['t', 'h'] } : {}) });
    }
    if (term.length >= 5) clauses.push({ term, boost: 1, usePipeline: false, editDistance: 1 });
  });
  return clauses;
}

/** Adds the clauses to a lunr query. */
export function addClauses(builder: lunr.Query, clauses: QueryClause[]): void {
  for (const { term, boost, usePipeline, prefix, editDistance, fields } of clauses) {
    builder.term(term, { boost, usePipeline, ...(prefix ? { wildcard: lunr.Query.wildcard.TRAILING } : {}), ...(editDistance ? { editDistance } : {}), ...(fields ? { fields } : {}) });
  }
}

/** Runs the clauses on a lunr index. */
export function queryIndex(index: lunr.Index, clauses: QueryClause[]): lunr.Index.Result[] {
  try {
    return index.query((builder) => addClauses(builder, clauses));
  } catch {
    return []; // lunr rejects nothing built this way, but a query must never throw
  }
}

export interface SearchOptions {
  /** Sections shown at most. */
  limit?: number;
  /** The docs versions to show (pages outside versioned docs always show); all when absent. */
  filter?: VersionFilter;
  /** Called with the results whose documents have arrived, best first, while the others load. */
  partial?: (result: SearchResult) => void;
  /** Asked between stages: a query the reader has typed past stops fetching. */
  cancelled?: () => boolean;
}

interface ChosenPage {
  page: number;
  version?: SearchVersion;
  sections: { ref: number; score: number }[];
}

export async function search(source: SearchSource, query: string, { limit = 40, filter = 'all', partial, cancelled }: SearchOptions = {}): Promise<SearchResult> {
  const terms = queryTerms(query);
  if (!terms.length) return { pages: [], terms };
  const clauses = queryClauses(terms, source.language);
  const index = await source.indexFor(clauses);
  const ranked = rankByCoverage(queryIndex(index, clauses), terms, source.language);
  const { versions } = source;

  const chosen = new Map<number, ChosenPage>();
  // Only an index with versions counts them; without, the loop stops at the limit as it always did.
  const versionPages: Record<string, Record<string, number>> | undefined = versions?.length ? {} : undefined;
  const counted = new Set<number>();
  let shown = 0;
  for (const result of ranked) {
    const ref = Number(result.ref);
    const page = source.pageOf(ref);
    const position = source.versionOf(ref);
    const version = versions && position !== undefined ? versions[position] : undefined;
    if (versionPages && version && !counted.has(page)) {
      counted.add(page);
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
    let hit = chosen.get(page);
    if (!hit) {
      hit = { page, sections: [], ...(version ? { version } : {}) };
      chosen.set(page, hit);
    }
    hit.sections.push({ ref, score: result.score });
  }

  const resultOf = (complete: boolean): SearchResult => ({ pages: pageHits([...chosen.values()], source, complete), terms, ...(versionPages ? { versionPages } : {}) });
  if (cancelled?.()) return resultOf(false);
  const refs = [...chosen.values()].flatMap((hit) => hit.sections.map((section) => section.ref));
  let shownSoFar = -1;
  await source.loadDocs(refs, () => {
    if (!partial || cancelled?.()) return;
    const result = resultOf(false);
    const sections = result.pages.reduce((sum, page) => sum + page.sections.length, 0);
    if (sections > shownSoFar) {
      shownSoFar = sections;
      partial(result);
    }
  });
  return resultOf(true);
}

/**
 * The chosen sections as pages, in order. `complete`: every document has arrived; else the list stops before the
 * first section whose document has not, so what shows never reorders as the rest arrives.
 */
function pageHits(chosen: ChosenPage[], source: SearchSource, complete: boolean): PageHit[] {
  const pages: PageHit[] = [];
  for (const hit of chosen) {
    const sections: SectionHit[] = [];
    for (const { ref, score } of hit.sections) {
      const doc = source.doc(ref);
      if (!doc) {
        if (complete) continue;
        break;
      }
      sections.push({ doc, score });
    }
    if (sections.length) {
      const first = sections[0]!.doc;
      pages.push({ title: first.t, url: first.u.split('#')[0]!, kind: first.k, sections, ...(hit.version ? { version: hit.version } : {}) });
    }
    if (!complete && sections.length < hit.sections.length) break;
  }
  return pages;
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
