import lunr from 'lunr';
import type { CompiledMarkdown } from '../markdown/compile';
import type { TextSection } from '../markdown/plugins/sections';
import type { PackedSearchIndex, SearchDoc } from '../shared/search';
import type { RouteDefinition } from '../routes';

// The search index: one entry per page intro and per heading section, so a hit can open the
// exact section. Titles and headings are boosted above body text.

export interface SearchIndex {
  docs: SearchDoc[];
  index: PackedSearchIndex;
}

/** Everything search needs of one page: its title, kind and plain-text sections. */
interface SearchablePage {
  title: string;
  kind: string;
  url: string;
  /** The intro (no heading) and each heading section, as plain text. */
  sections: Pick<TextSection, 'heading' | 'id' | 'text'>[];
}

interface SearchSourceContext {
  compiled: Map<string, CompiledMarkdown>;
  href: (path: string) => string;
}

/**
 * What a page contributes to search, as its route entry declares it (routes/*.ts): the Markdown body's
 * sections, or the text the entry gives for a page without one. Routes without `search` are left out.
 */
function searchablePage(route: RouteDefinition, { compiled, href }: SearchSourceContext): SearchablePage | undefined {
  if (!route.search) return undefined;
  const sections = (route.contentFile ? compiled.get(route.contentFile)?.sections : undefined) ?? route.search.sections;
  return sections && { title: route.data.title, kind: route.search.kind, url: href(route.path), sections };
}

const MAX_SECTION_TEXT = 4000;
export const SEARCH_FIELDS: [name: 't' | 'h' | 'b', boost: number][] = [
  ['t', 10],
  ['h', 5],
  ['b', 1],
];

export function buildSearchIndex(routes: RouteDefinition[], compiled: Map<string, CompiledMarkdown>, href: (path: string) => string): SearchIndex {
  const docs = collectSearchDocs(routes, { compiled, href });
  return { docs, index: packSearchIndex(docs) };
}

export function collectSearchDocs(routes: RouteDefinition[], context: SearchSourceContext): SearchDoc[] {
  const docs: SearchDoc[] = [];
  for (const route of routes) {
    const page = searchablePage(route, context);
    if (!page) continue;
    for (const section of page.sections) {
      if (!section.heading && !section.text) continue;
      docs.push({
        t: page.title,
        ...(section.heading ? { h: section.heading } : {}),
        u: section.id ? `${page.url}#${section.id}` : page.url,
        b: section.text.slice(0, MAX_SECTION_TEXT),
        k: page.kind,
      });
    }
  }
  return docs;
}

/**
 * Counts terms the way lunr.Builder#add does (lunr's tokenizer rule, then its default pipeline:
 * trimmer, stop words, stemmer) without building lunr's objects: the browser rebuilds those from
 * the counts. The pipeline runs once per distinct word; a docs corpus repeats its words a lot.
 */
export function packSearchIndex(docs: SearchDoc[]): PackedSearchIndex {
  const pipeline = new lunr.Pipeline();
  pipeline.add(lunr.trimmer, lunr.stopWordFilter, lunr.stemmer);
  const termsOfWord = new Map<string, string[]>();
  const termsOf = (text: string): string[] => {
    const terms: string[] = [];
    // lunr.tokenizer: lowercase, split at every whitespace or hyphen, drop empty pieces.
    for (const word of text.toLowerCase().split(/[\s-]/)) {
      if (!word) continue;
      let wordTerms = termsOfWord.get(word);
      if (!wordTerms) {
        wordTerms = pipeline.run([new lunr.Token(word, {})]).map(String);
        termsOfWord.set(word, wordTerms);
      }
      for (const term of wordTerms) terms.push(term);
    }
    return terms;
  };

  // term -> per field [docGap, tf, …]; docs are added in ref order, so gaps are never negative.
  const postings = new Map<string, { packed: number[][]; lastRef: number[] }>();
  const lengths = SEARCH_FIELDS.map(() => [] as number[]);
  docs.forEach((doc, ref) => {
    SEARCH_FIELDS.forEach(([field], fieldIndex) => {
      const terms = termsOf(field === 't' ? doc.t : field === 'h' ? (doc.h ?? '') : doc.b);
      lengths[fieldIndex]!.push(terms.length);
      const frequencies = new Map<string, number>();
      for (const term of terms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
      for (const [term, frequency] of frequencies) {
        let posting = postings.get(term);
        if (!posting) {
          posting = { packed: SEARCH_FIELDS.map(() => []), lastRef: SEARCH_FIELDS.map(() => 0) };
          postings.set(term, posting);
        }
        posting.packed[fieldIndex]!.push(ref - posting.lastRef[fieldIndex]!, frequency);
        posting.lastRef[fieldIndex] = ref;
      }
    });
  });

  const terms = [...postings.keys()].sort();
  const bm25 = new lunr.Builder() as unknown as { _k1: number; _b: number };
  return {
    format: 'docsite-lunr-1',
    fields: SEARCH_FIELDS,
    k1: bm25._k1,
    b: bm25._b,
    documents: docs.length,
    lengths,
    terms,
    postings: terms.map((term) => postings.get(term)!.packed),
    pipeline: pipeline.toJSON() as unknown as string[],
  };
}
