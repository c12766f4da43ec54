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
  /** The docs version of a page of versioned docs: its position in the index file's `versions`. */
  v?: number;
}

/** A version of a versioned docs plugin (`SiteData.docsVersions`). */
export interface SearchVersion {
  pluginId: string;
  name: string;
}

/** The version shown of each versioned docs plugin (by plugin id), or every version of all of them. */
export type VersionFilter = 'all' | Readonly<Record<string, string>>;

/** The version facet's choice of every version; version names are path segments, which are never `*` in practice. */
export const ALL_VERSIONS = '*';

/** Whether search shows a page of `version`: pages outside versioned docs always (shared/search-versions.ts says which). */
export function showsVersion(filter: VersionFilter, version: SearchVersion | undefined): boolean {
  if (!version || filter === 'all') return true;
  const shown = filter[version.pluginId];
  return shown === undefined || shown === version.name;
}

/** A build's search files, the entry files of the documents and of the index (named in the route manifest). */
export interface SearchFiles {
  docs: string;
  index: string;
}

const MAX_TERMS = 12;
const MAX_TERM_LENGTH = 40;

/**
 * Lowercased words of a query: letters and digits in any script, with their combining marks (Devanagari's vowel
 * signs are marks, not letters); everything else separates.
 */
export function queryTerms(query: string): string[] {
  const terms: string[] = [];
  for (const match of query.slice(0, 500).toLowerCase().matchAll(/[\p{L}\p{M}\p{N}]+/gu)) {
    const term = match[0].slice(0, MAX_TERM_LENGTH);
    if (!terms.includes(term)) terms.push(term);
    if (terms.length === MAX_TERMS) break;
  }
  return terms;
}

/**
 * The lunr index as the build writes it. lunr's own JSON spells out every posting as
 * `{"12": {}}` and every field vector as scored floats; both follow from term frequencies and
 * field lengths, so the file carries only those (postings delta-coded) and the browser rebuilds
 * lunr's JSON with lunr's own BM25 formula. About 40% of lunr's JSON size, gzipped.
 */
export interface PackedSearchIndex {
  format: 'docsite-lunr-1';
  /** Field names and their boosts, in index order. */
  fields: [name: string, boost: number][];
  /** BM25 parameters the builder used. */
  k1: number;
  b: number;
  /** Number of indexed documents; their refs are `0` … `documents - 1`. */
  documents: number;
  /** Per field, the token count of every document. */
  lengths: number[][];
  /** Every index term, sorted as lunr's token set requires; a term's position is its index. */
  terms: string[];
  /** Per term, per field: `[docGap, termFrequency, docGap, termFrequency, …]`, docs ascending. */
  postings: number[][][];
  /**
   * lunr pipeline function names applied at index time, which the browser applies to queries too: they name the
   * language (see search-language.ts).
   */
  pipeline: string[];
  /** The docs versions search documents belong to (`SearchDoc.v`); absent when no page is in versioned docs. */
  versions?: SearchVersion[];
}

/**
 * A big site's `lunr-index-<stamp>.json`: an entry file with every term of the index and the shards holding their
 * postings, so a query fetches only the postings of the terms it matches (src/search/shard-index.ts writes it;
 * src/client/search/sharded-source.ts reads it). A small site's file is a PackedSearchIndex, as before.
 */
export interface ShardedSearchIndex {
  format: 'docsite-lunr-shards-1';
  fields: [name: string, boost: number][];
  /** Number of indexed documents; their refs are `0` … `documents - 1`. */
  documents: number;
  pipeline: string[];
  versions?: SearchVersion[];
  /**
   * Every index term, sorted, front-coded: one line per term, its first character saying how many characters it
   * shares with the previous term (`0` + that count), the rest of the line what follows. A term's line number is
   * its lunr term index.
   */
  vocabulary: string;
  /** Every term's postings in every field, cut into ranges of term indices. */
  terms: ShardTable;
  /** The title and heading postings only, cut into ranges of their own: what a one- or two-letter prefix searches. */
  headings: ShardTable;
}

/**
 * Shards of consecutive ranges, as the entry files write them: shard `i` holds the keys from its first key up to the
 * next shard's, in the file `${prefix}${name}.json` (relative to the entry file), its name being the `i`th run of
 * SHARD_NAME_LENGTH characters of `names`. Written this way, ten thousand pages' table is half the size it would be
 * as a list of paths: content names do not compress, the rest does.
 */
export interface ShardTable {
  prefix: string;
  /** Each shard's first key, delta-coded. */
  first: number[];
  names: string;
}

/** The characters of a shard's content name. */
export const SHARD_NAME_LENGTH = 10;

/** A shard table as the browser uses it. */
export interface ShardList {
  /** Each shard's first key. */
  first: number[];
  /** Each shard's file, relative to the entry file. */
  files: string[];
}

export function encodeShardTable(prefix: string, first: number[], names: string[]): ShardTable {
  if (names.some((name) => name.length !== SHARD_NAME_LENGTH)) throw new Error(`search shards: names must have ${SHARD_NAME_LENGTH} characters`);
  return { prefix, first: first.map((key, i) => key - (first[i - 1] ?? 0)), names: names.join('') };
}

export function decodeShardTable({ prefix, first, names }: ShardTable): ShardList {
  let key = 0;
  return {
    first: first.map((gap) => (key += gap)),
    files: first.map((_, i) => `${prefix}${names.slice(i * SHARD_NAME_LENGTH, (i + 1) * SHARD_NAME_LENGTH)}.json`),
  };
}

/** One shard of postings: those of the terms `start`, `start + 1`, … of the vocabulary. */
export interface TermShard {
  start: number;
  /**
   * Per term, per field: `[docGap, score, docGap, score, …]`, docs ascending; the score is the term's weight in
   * that field of that doc in thousandths, as lunr's field vectors hold it (shared/search-bm25.ts).
   */
  postings: number[][][];
}

/** A big site's `search-doc-<stamp>.json`: what the pages are, and where their documents are stored. */
export interface ShardedSearchDocs {
  format: 'docsite-docs-shards-1';
  /** The number of documents of each page, in ref order: a page's documents are consecutive. */
  pages: number[];
  /** Per page, the docs version it belongs to (a position in the index's `versions`, -1 for none); absent without versions. */
  pageVersions?: number[];
  /** Shards of consecutive documents (SearchDoc[]), keyed by their first ref. */
  shards: ShardTable;
}

/** The terms of a front-coded vocabulary (ShardedSearchIndex.vocabulary). */
export function decodeVocabulary(vocabulary: string): string[] {
  const terms: string[] = [];
  if (!vocabulary) return terms;
  let previous = '';
  for (const line of vocabulary.split('\n')) {
    previous = previous.slice(0, line.charCodeAt(0) - 48) + line.slice(1);
    terms.push(previous);
  }
  return terms;
}

/** Front-codes sorted terms (decodeVocabulary reads them); a shared start counts up to 70 characters. */
export function encodeVocabulary(terms: string[]): string {
  let previous = '';
  return terms
    .map((term) => {
      let shared = 0;
      while (shared < 70 && shared < previous.length && shared < term.length && previous[shared] === term[shared]) shared++;
      previous = term;
      return String.fromCharCode(48 + shared) + term.slice(shared);
    })
    .join('\n');
}

/** Where a big site's search shards go, relative to the output (search/shard-index.ts). */
export const SEARCH_SHARD_DIR = 'assets/search';

/** Whether a path of the output (relative to it) is a shard: `<kind>-<content name>.json` in SEARCH_SHARD_DIR. */
export function isSearchShard(path: string): boolean {
  return path.startsWith(`${SEARCH_SHARD_DIR}/`) && /^[a-z]-[a-z2-7]+\.json$/.test(path.slice(SEARCH_SHARD_DIR.length + 1));
}
