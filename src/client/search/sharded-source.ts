import lunr from 'lunr';
import { decodeShardTable, decodeVocabulary, type SearchDoc, type ShardedSearchDocs, type ShardedSearchIndex, type ShardList, type TermShard } from '../../shared/search';
import { addClauses, type QueryClause, type SearchSource } from './engine';
import type { QueryLanguage } from './languages';

// A big site's search: entry files naming shards (src/search/shard-index.ts). The index's entry holds every term,
// so a query's words, prefixes and typos are expanded here exactly as lunr expands them on the whole index; then
// only the shards holding those terms' postings are fetched, in parallel, each once. The lunr index made for the
// query has those postings and the whole vocabulary: it finds the same sections with the same scores, since lunr
// divides a match's score by the query vector's length only, and a document's vector holding only the loaded
// terms gives the same products as the whole one.

export type FetchJson = (url: string) => Promise<unknown>;

type Posting = Record<string, Record<string, object>>;

/** lunr's TokenSet, with the static methods its type declarations leave out. */
const TokenSet = lunr.TokenSet as unknown as typeof lunr.TokenSet & {
  fromArray(words: string[]): lunr.TokenSet;
  fromClause(clause: lunr.Query.Clause): lunr.TokenSet;
};

export function shardedSource(urls: { index: string; docs: string }, index: ShardedSearchIndex, docsEntry: ShardedSearchDocs, language: QueryLanguage, fetchJson: FetchJson): SearchSource {
  const fields = index.fields.map(([name]) => name);
  const pipeline = lunr.Pipeline.load(index.pipeline);
  const vocabulary = decodeVocabulary(index.vocabulary);
  const termIndices = new Map(vocabulary.map((term, termIndex) => [term, termIndex]));
  const [termTable, headingTable, docTable] = [decodeShardTable(index.terms), decodeShardTable(index.headings), decodeShardTable(docsEntry.shards)];
  let tokenSet: lunr.TokenSet | undefined;
  // The documents' field vectors, holding the scores of every loaded term: lunr reads only the query's terms.
  const fieldVectors: Record<string, lunr.Vector> = Object.create(null);
  // Postings by term index: all fields once a term's shard is in, else titles and headings once their shard is.
  const fullPostings = new Map<number, Posting>();
  const headingPostings = new Map<number, Posting>();
  const loading = new Map<string, Promise<void>>();

  const loadShard = (table: ShardList, shard: number, into: Map<number, Posting>): Promise<void> => {
    const file = table.files[shard]!;
    let done = loading.get(file);
    if (!done) {
      done = fetchJson(new URL(file, urls.index).href).then((json) => addShard(json as TermShard, into));
      // A failed fetch is tried again by the next query that needs the shard.
      done.catch(() => loading.delete(file));
      loading.set(file, done);
    }
    return done;
  };

  const addShard = (shard: TermShard, into: Map<number, Posting>) => {
    shard.postings.forEach((byField, i) => {
      const termIndex = shard.start + i;
      const posting = { _index: termIndex } as unknown as Posting;
      fields.forEach((field, fieldIndex) => {
        const refs: Record<string, object> = {};
        const scored = byField[fieldIndex] ?? [];
        let ref = 0;
        for (let j = 0; j < scored.length; j += 2) {
          ref += scored[j]!;
          refs[ref] = {};
          // Kept if already there: a term's title and heading scores come in both of its shards, equal.
          (fieldVectors[`${field}/${ref}`] ??= new lunr.Vector([])).upsert(termIndex, scored[j + 1]! / 1000, (kept) => kept);
        }
        posting[field] = refs;
      });
      into.set(termIndex, posting);
    });
  };

  const pages = pageNumbers(docsEntry.pages, index.documents);
  const docs: (SearchDoc | undefined)[] = new Array(index.documents);
  const docShards = new Map<number, Promise<void>>();
  const loadDocShard = (shard: number): Promise<void> => {
    let done = docShards.get(shard);
    if (!done) {
      done = fetchJson(new URL(docTable.files[shard]!, urls.docs).href).then((json) => {
        (json as SearchDoc[]).forEach((doc, i) => (docs[docTable.first[shard]! + i] = doc));
      });
      done.catch(() => docShards.delete(shard));
      docShards.set(shard, done);
    }
    return done;
  };

  return {
    language,
    ...(index.versions ? { versions: index.versions } : {}),
    fetchesShards: true,
    async indexFor(clauses) {
      tokenSet ??= TokenSet.fromArray(vocabulary);
      const expanded = expandedTerms(clauses, fields, tokenSet, pipeline);
      const wanted = (terms: Set<string>, table: ShardList, into: Map<number, Posting>) =>
        [...new Set([...terms].map((term) => termIndices.get(term)!).filter((termIndex) => !into.has(termIndex)).map((termIndex) => shardOf(table, termIndex)))].map((shard) => loadShard(table, shard, into));
      await Promise.all([...wanted(expanded.all, termTable, fullPostings), ...wanted(expanded.headings, headingTable, headingPostings)]);
      // Exactly the terms the query expands to, each with the postings its clauses read.
      const invertedIndex: Record<string, Posting> = Object.create(null);
      for (const term of expanded.headings) invertedIndex[term] = headingPostings.get(termIndices.get(term)!) ?? fullPostings.get(termIndices.get(term)!)!;
      for (const term of expanded.all) invertedIndex[term] = fullPostings.get(termIndices.get(term)!)!;
      return new lunr.Index({ invertedIndex, fieldVectors, tokenSet, fields, pipeline } as unknown as ConstructorParameters<typeof lunr.Index>[0]);
    },
    pageOf: (ref) => pages[ref] ?? -1,
    versionOf(ref) {
      const position = docsEntry.pageVersions?.[pages[ref] ?? -1];
      return position === undefined || position < 0 ? undefined : position;
    },
    async loadDocs(refs, progress) {
      const shards = new Set(refs.filter((ref) => !docs[ref]).map((ref) => shardOf(docTable, ref)));
      await Promise.all([...shards].map((shard) => loadDocShard(shard).then(progress)));
    },
    doc: (ref) => docs[ref],
  };
}

/**
 * The index terms each clause matches, as lunr.Index#query expands them: `all` for clauses reading every field,
 * `headings` for those reading titles and headings only.
 */
export function expandedTerms(clauses: QueryClause[], fields: string[], tokenSet: lunr.TokenSet, pipeline: lunr.Pipeline): { all: Set<string>; headings: Set<string> } {
  const expanded = { all: new Set<string>(), headings: new Set<string>() };
  const query = new lunr.Query(fields);
  addClauses(query, clauses);
  for (const clause of query.clauses) {
    const into = clause.fields.every((field) => field === 't' || field === 'h') ? expanded.headings : expanded.all;
    for (const term of clause.usePipeline ? (pipeline as unknown as { runString(text: string, metadata: object): string[] }).runString(clause.term, { fields: clause.fields }) : [clause.term]) {
      for (const match of tokenSet.intersect(TokenSet.fromClause({ ...clause, term })).toArray()) into.add(match);
    }
  }
  return expanded;
}

/** The shard whose range holds `key`: the last whose first key is not after it. */
function shardOf(table: ShardList, key: number): number {
  let low = 0;
  let high = table.first.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (table.first[middle]! <= key) low = middle;
    else high = middle - 1;
  }
  return low;
}

function pageNumbers(pages: number[], documents: number): Int32Array {
  const numbers = new Int32Array(documents);
  let ref = 0;
  pages.forEach((count, page) => numbers.fill(page, ref, (ref += count)));
  return numbers;
}
