// lunr's BM25 weight of a term in one field of one document, as lunr.Builder#createFieldVectors computes it
// (same operation order, same rounding to three decimals): the build precomputes it for the sharded index and
// the browser for the single-file one, and both must come out exactly as lunr's own index would.

export interface Bm25Parameters {
  k1: number;
  b: number;
}

/** lunr's idf: a term in `documentsWithTerm` of `documents` documents. */
export function inverseDocumentFrequency(documents: number, documentsWithTerm: number): number {
  const x = (documents - documentsWithTerm + 0.5) / (documentsWithTerm + 0.5);
  return Math.log(1 + Math.abs(x));
}

/** The field vector's entry, boost applied, in thousandths (an integer): lunr keeps three decimals. */
export function fieldScoreMillis({ k1, b }: Bm25Parameters, idf: number, termFrequency: number, fieldLength: number, averageLength: number, boost: number): number {
  let score = (idf * ((k1 + 1) * termFrequency)) / (k1 * (1 - b + b * (fieldLength / averageLength)) + termFrequency);
  score *= boost;
  return Math.round(score * 1000);
}

/** Per field, the mean token count over every document (lunr's average field length). */
export function averageFieldLengths(lengths: number[][], documents: number): number[] {
  return lengths.map((perDoc) => perDoc.reduce((sum, length) => sum + length, 0) / documents);
}
