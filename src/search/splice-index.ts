import type { PackedSearchIndex, SearchDoc, SearchVersion } from '../shared/search';
import { fieldText, packSearchIndex, SEARCH_FIELDS, termCounterOf } from './search-index';

// The next build's search index from the previous one, when few documents changed: the documents both builds share
// at the start and at the end keep their postings, those between are taken out and the new ones counted in. The
// result is the index packSearchIndex makes of the new documents, equal to it term for term and number for number
// (test/unit/splice-index.test.ts checks it against packing from scratch); only the work differs. An edit to one
// page's text counts that page's sections again instead of the site's.

/** Past this share of the documents changed, counting them all again is as quick. */
const MOST_CHANGED = 0.25;

export function spliceSearchIndex(previous: PackedSearchIndex, previousDocs: readonly SearchDoc[], docs: SearchDoc[], options: { language?: string; versions?: SearchVersion[] } = {}): PackedSearchIndex {
  const { pipeline, termsOf } = termCounterOf(options.language ?? 'en');
  const fresh = () => packSearchIndex(docs, options);
  const pipelineNames = pipeline.toJSON() as unknown as string[];
  if (
    previous.format !== 'docsite-lunr-1' ||
    previous.documents !== previousDocs.length ||
    JSON.stringify(previous.fields) !== JSON.stringify(SEARCH_FIELDS) ||
    JSON.stringify(previous.pipeline) !== JSON.stringify(pipelineNames)
  ) {
    return fresh();
  }
  // The documents both lists start with and end with.
  let start = 0;
  const shortest = Math.min(previousDocs.length, docs.length);
  while (start < shortest && sameDoc(previousDocs[start]!, docs[start]!)) start++;
  let end = 0;
  while (end < shortest - start && sameDoc(previousDocs[previousDocs.length - 1 - end]!, docs[docs.length - 1 - end]!)) end++;
  const removedEnd = previousDocs.length - end;
  const addedEnd = docs.length - end;
  if (removedEnd - start + (addedEnd - start) > MOST_CHANGED * Math.max(docs.length, 1)) return fresh();
  const shift = addedEnd - removedEnd;

  // The new documents' postings: term -> per field [ref, tf, …], refs ascending.
  const added = new Map<string, number[][]>();
  const addedLengths = SEARCH_FIELDS.map(() => [] as number[]);
  for (let ref = start; ref < addedEnd; ref++) {
    SEARCH_FIELDS.forEach(([field], fieldIndex) => {
      const terms = termsOf(fieldText(docs[ref]!, field));
      addedLengths[fieldIndex]!.push(terms.length);
      const frequencies = new Map<string, number>();
      for (const term of terms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
      for (const [term, frequency] of frequencies) {
        let posting = added.get(term);
        if (!posting) added.set(term, (posting = SEARCH_FIELDS.map(() => [])));
        posting[fieldIndex]!.push(ref, frequency);
      }
    });
  }

  const postings = new Map<string, number[][]>();
  previous.terms.forEach((term, index) => {
    const fields = previous.postings[index]!.map((packed, fieldIndex) => splicePosting(packed, added.get(term)?.[fieldIndex], start, removedEnd, shift));
    if (fields.some((packed) => packed.length)) postings.set(term, fields);
  });
  for (const [term, fields] of added) {
    // A term the previous index had is spliced above.
    if (postings.has(term)) continue;
    postings.set(term, fields.map((entries) => splicePosting([], entries, start, removedEnd, shift)));
  }
  const terms = postings.size === previous.terms.length && previous.terms.every((term) => postings.has(term)) ? previous.terms : [...postings.keys()].sort();
  return {
    format: 'docsite-lunr-1',
    fields: SEARCH_FIELDS,
    k1: previous.k1,
    b: previous.b,
    documents: docs.length,
    lengths: previous.lengths.map((lengths, fieldIndex) => [...lengths.slice(0, start), ...addedLengths[fieldIndex]!, ...lengths.slice(removedEnd)]),
    terms,
    postings: terms.map((term) => postings.get(term)!),
    pipeline: pipelineNames,
    ...(options.versions?.length ? { versions: options.versions } : {}),
  };
}

/**
 * One term's posting in one field, `[docGap, tf, …]`: entries before `start` kept, those in [start, removedEnd)
 * dropped, `added` (`[ref, tf, …]`, refs in the new numbering) put in, those after moved by `shift`.
 */
function splicePosting(packed: number[], added: number[] | undefined, start: number, removedEnd: number, shift: number): number[] {
  // Most postings have no entry at or after `start` and nothing added: they stay as they are.
  let ref = 0;
  let index = 0;
  while (index < packed.length) {
    const next = ref + packed[index]!;
    if (next >= start) break;
    ref = next;
    index += 2;
  }
  if (index >= packed.length && !added?.length) return packed;
  const out = packed.slice(0, index);
  let last = ref;
  const push = (at: number, frequency: number) => {
    out.push(at - last, frequency);
    last = at;
  };
  // The entries from `start` on, in the old numbering.
  let oldRef = ref;
  let position = index;
  const rest: number[] = [];
  while (position < packed.length) {
    oldRef += packed[position]!;
    if (oldRef >= removedEnd) rest.push(oldRef + shift, packed[position + 1]!);
    position += 2;
  }
  for (let i = 0; i < (added?.length ?? 0); i += 2) push(added![i]!, added![i + 1]!);
  for (let i = 0; i < rest.length; i += 2) push(rest[i]!, rest[i + 1]!);
  return out;
}

function sameDoc(a: SearchDoc, b: SearchDoc): boolean {
  return a.t === b.t && a.h === b.h && a.u === b.u && a.b === b.b && a.k === b.k && a.v === b.v;
}
