import type { PackedSearchIndex } from '../../shared/search';
import { averageFieldLengths, fieldScoreMillis, inverseDocumentFrequency } from '../../shared/search-bm25';

// Rebuilds lunr's serialized index from the packed file (see PackedSearchIndex). The scores must
// come out exactly as lunr.Builder#createFieldVectors computes them, so the formula below keeps
// lunr's operation order and rounding; a unit test compares the two on real text.

type Posting = { _index: number } & Record<string, Record<string, object>>;

export interface LunrIndexJson {
  version: string;
  fields: string[];
  fieldVectors: [string, number[]][];
  invertedIndex: [string, Posting][];
  pipeline: string[];
}

export function unpackSearchIndex(packed: PackedSearchIndex, lunrVersion: string): LunrIndexJson {
  if (packed.format !== 'docsite-lunr-1') throw new Error(`search index: unknown format ${String(packed.format)}`);
  const { fields, k1, b, documents, lengths, terms, postings } = packed;
  const averageLength = averageFieldLengths(lengths, documents);
  // vectors[field][doc]: [termIndex, score, …], filled in term order so indices ascend as lunr.Vector expects.
  const vectors = fields.map(() => Array.from({ length: documents }, (): number[] => []));
  const invertedIndex: [string, Posting][] = [];

  terms.forEach((term, termIndex) => {
    const byField = postings[termIndex]!;
    let documentsWithTerm = 0;
    for (const packedRefs of byField) documentsWithTerm += packedRefs.length / 2;
    const idf = inverseDocumentFrequency(documents, documentsWithTerm);

    const posting = { _index: termIndex } as Posting;
    fields.forEach(([field, boost], fieldIndex) => {
      const refs: Record<string, object> = {};
      const packedRefs = byField[fieldIndex]!;
      let ref = 0;
      for (let i = 0; i < packedRefs.length; i += 2) {
        ref += packedRefs[i]!;
        const tf = packedRefs[i + 1]!;
        refs[ref] = {};
        const score = fieldScoreMillis({ k1, b }, idf, tf, lengths[fieldIndex]![ref]!, averageLength[fieldIndex]!, boost);
        vectors[fieldIndex]![ref]!.push(termIndex, score / 1000);
      }
      posting[field] = refs;
    });
    invertedIndex.push([term, posting]);
  });

  const fieldVectors: [string, number[]][] = [];
  for (let ref = 0; ref < documents; ref++) {
    fields.forEach(([field], fieldIndex) => fieldVectors.push([`${field}/${ref}`, vectors[fieldIndex]![ref]!]));
  }
  return { version: lunrVersion, fields: fields.map(([field]) => field), fieldVectors, invertedIndex, pipeline: packed.pipeline };
}
