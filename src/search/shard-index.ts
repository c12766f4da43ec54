import { createHash } from 'node:crypto';
import { base32 } from '../core/base32';
import { encodeShardTable, encodeVocabulary, SEARCH_SHARD_DIR, SHARD_NAME_LENGTH, type PackedSearchIndex, type SearchDoc, type ShardedSearchDocs, type ShardedSearchIndex, type ShardTable } from '../shared/search';
import { averageFieldLengths, fieldScoreMillis, inverseDocumentFrequency } from '../shared/search-bm25';
import type { SearchIndex } from './search-index';

// A big site's search index, cut so a query fetches a few hundred kilobytes at most instead of everything:
//   - the entry file holds every term (front-coded, a few dozen kilobytes for 10,000 pages), so the browser expands
//     a query's words, prefixes and typos exactly as lunr would on the whole index, before fetching anything;
//   - the postings by ranges of the sorted terms: a query fetches the shards of the terms it matched;
//   - the title and heading postings again, by ranges of their own: a one- or two-letter prefix matches titles and
//     headings only (client/search/engine.ts), which these answer without the body postings of every word it starts;
//   - the documents by runs of whole pages: the results a reader sees fetch the shards holding them.
// Each posting carries its lunr score, computed here as lunr would (shared/search-bm25.ts), so the browser needs no
// document lengths: lunr divides a match's score by the query vector's length only, so a document's vector
// holding only the loaded terms scores exactly as the whole one. Shards are named by their content: a rebuild that
// leaves a range alone leaves its file, and readers' caches, alone.

/** Bytes of JSON a term shard aims at (gzip makes about a third of it): a word's shard, with its neighbours. */
const TERM_SHARD_BYTES = 24_000;
/** A documents shard: a reader's result fetches one, so they are small; a page is never split. */
const DOC_SHARD_BYTES = 12_000;

export interface ShardedSearch {
  index: ShardedSearchIndex;
  docs: ShardedSearchDocs;
  /** Each shard's JSON by its path relative to the entry files. */
  files: Map<string, string>;
}

/**
 * Above this many bytes of JSON (both files), the index is sharded. Measured on Fast 3G (562.5 ms a request,
 * 180 KB/s): a sharded first search waits for three requests in a row (entry files, postings, documents) and about
 * 50 KB, the whole index for one request and all its bytes; the whole index is quicker up to about 235 KB gzip,
 * some 850 KB of JSON. The Memora site's 590 KB (165 KB gzip) stay two files.
 */
export const SHARD_ABOVE_BYTES = 850_000;

/** Whether an index of `bytes` of JSON is sharded: `mode` is the config's `search.shards`. */
export function shouldShard(bytes: number, mode: 'auto' | 'always' | 'never'): boolean {
  return mode === 'auto' ? bytes > SHARD_ABOVE_BYTES : mode === 'always';
}

/**
 * `docsJson`: each document's JSON, when the caller has it already. `sink`: where each shard goes as it is made (the
 * search worker writes it at once, so a big site's shards are never all held at the same time); without one, they are
 * collected in `files`.
 */
export function shardSearchIndex({ docs, index }: SearchIndex, docsJson: string[] = docs.map((doc) => JSON.stringify(doc)), sink?: (path: string, json: string) => void): ShardedSearch {
  const files = new Map<string, string>();
  const put = sink ?? ((path: string, json: string) => void files.set(path, json));
  /** Each shard's length by path: enough to see two different shards of one name without holding them. */
  const lengths = new Map<string, number>();
  /** Writes a shard of `kind`, returning its content name. */
  const writer = (kind: string): ShardWriter => {
    const prefix = `${SEARCH_SHARD_DIR}/${kind}-`;
    return { prefix, write: (value) => {
      const json = typeof value === 'string' ? value : JSON.stringify(value);
      const name = contentName(json);
      const path = `${prefix}${name}.json`;
      // Two shards of one name hold the same JSON, or the names are too short: never the case, but never silent.
      const length = lengths.get(path);
      if (length !== undefined && length !== json.length) throw new Error(`search shards: two shards named ${path}`);
      if (length === undefined) put(path, json);
      lengths.set(path, json.length);
      return name;
    } };
  };
  const scored = scoredPostings(index);
  const allFields = index.fields.map((_, fieldIndex) => fieldIndex);
  const headingFields = index.fields.flatMap(([name], fieldIndex) => (name === 't' || name === 'h' ? [fieldIndex] : []));
  return {
    index: {
      format: 'docsite-lunr-shards-1',
      fields: index.fields,
      documents: index.documents,
      pipeline: index.pipeline,
      ...(index.versions ? { versions: index.versions } : {}),
      vocabulary: encodeVocabulary(index.terms),
      terms: termShards(scored, allFields, writer('t')),
      headings: termShards(scored, headingFields, writer('h')),
    },
    docs: docShards(docs, docsJson, index, writer('d')),
    files,
  };
}

/** Per term, per field: `[docGap, scoreMillis, …]`, the packed postings with term frequencies turned into scores. */
function scoredPostings(index: PackedSearchIndex): number[][][] {
  const { fields, k1, b, documents, lengths, postings } = index;
  const averageLength = averageFieldLengths(lengths, documents);
  return postings.map((byField) => {
    let documentsWithTerm = 0;
    for (const packed of byField) documentsWithTerm += packed.length / 2;
    const idf = inverseDocumentFrequency(documents, documentsWithTerm);
    return byField.map((packed, fieldIndex) => {
      const scored: number[] = [];
      let ref = 0;
      for (let i = 0; i < packed.length; i += 2) {
        ref += packed[i]!;
        scored.push(packed[i]!, fieldScoreMillis({ k1, b }, idf, packed[i + 1]!, lengths[fieldIndex]![ref]!, averageLength[fieldIndex]!, fields[fieldIndex]![1]));
      }
      return scored;
    });
  });
}

/**
 * Consecutive ranges of the vocabulary with their terms' postings in `fields` (the others' left empty), each about
 * TERM_SHARD_BYTES; a term bigger than that is a shard alone.
 */
function termShards(postings: number[][][], fields: number[], { prefix, write }: ShardWriter): ShardTable {
  const first: number[] = [];
  const names: string[] = [];
  let shard: { start: number; postings: number[][][] } = { start: 0, postings: [] };
  let bytes = 0;
  postings.forEach((allFields, termIndex) => {
    const byField = allFields.map((scored, fieldIndex) => (fields.includes(fieldIndex) ? scored : []));
    const size = byField.reduce((sum, scored) => sum + scored.length * 4, 8);
    if (bytes && bytes + size > TERM_SHARD_BYTES) {
      first.push(shard.start);
      names.push(write(shard));
      shard = { start: termIndex, postings: [] };
      bytes = 0;
    }
    shard.postings.push(byField);
    bytes += size;
  });
  if (shard.postings.length) {
    first.push(shard.start);
    names.push(write(shard));
  }
  return encodeShardTable(prefix, first, names);
}

/** Runs of whole pages, about DOC_SHARD_BYTES of JSON each, and the page and version of every document. */
function docShards(docs: SearchDoc[], docsJson: string[], index: PackedSearchIndex, { prefix, write }: ShardWriter): ShardedSearchDocs {
  // A shard's JSON is its documents' JSON in brackets, as JSON.stringify of their array would write it.
  const shardJson = (start: number, end: number) => `[${docsJson.slice(start, end).join(',')}]`;
  const pages: number[] = [];
  const pageVersions: number[] = [];
  const first: number[] = [];
  const names: string[] = [];
  let shardStart = 0;
  let bytes = 0;
  for (let start = 0; start < docs.length; ) {
    const pageUrl = pageOf(docs[start]!.u);
    let end = start + 1;
    while (end < docs.length && pageOf(docs[end]!.u) === pageUrl) end++;
    let pageBytes = 0;
    for (let doc = start; doc < end; doc++) pageBytes += docsJson[doc]!.length + 1;
    if (bytes && bytes + pageBytes > DOC_SHARD_BYTES) {
      first.push(shardStart);
      names.push(write(shardJson(shardStart, start)));
      shardStart = start;
      bytes = 0;
    }
    pages.push(end - start);
    pageVersions.push(docs[start]!.v ?? -1);
    bytes += pageBytes;
    start = end;
  }
  if (shardStart < docs.length) {
    first.push(shardStart);
    names.push(write(shardJson(shardStart, docs.length)));
  }
  return { format: 'docsite-docs-shards-1', pages, ...(index.versions ? { pageVersions } : {}), shards: encodeShardTable(prefix, first, names) };
}

const pageOf = (url: string): string => url.split('#')[0]!;

interface ShardWriter {
  prefix: string;
  /** A shard's value, or its JSON already made. */
  write(value: unknown): string;
}

/** Base-32 characters of the content's SHA-256 (50 bits): lowercase, so no case-insensitive file system confuses two. */
function contentName(json: string): string {
  return base32(createHash('sha256').update(json).digest(), SHARD_NAME_LENGTH, 'abcdefghijklmnopqrstuvwxyz234567');
}
