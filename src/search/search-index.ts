import type Lunr from 'lunr';
import { lunr } from './lunr-package';
import type { CompiledMarkdown } from '../markdown/compile';
import type { TextSection } from '../markdown/plugins/sections';
import type { PackedSearchIndex, SearchDoc, SearchVersion } from '../shared/search';
import { pipelineNamesOf, searchLanguageOf, wordsOf } from '../shared/search-language';
import type { RouteDefinition } from '../routes';
import { loadSearchLanguage } from './language-parts';

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
  version: SearchVersion | undefined;
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
  return sections && { title: route.data.title, kind: route.search.kind, url: href(route.path), version: route.search.version, sections };
}

const MAX_SECTION_TEXT = 4000;
export const SEARCH_FIELDS: [name: 't' | 'h' | 'b', boost: number][] = [
  ['t', 10],
  ['h', 5],
  ['b', 1],
];

/**
 * `language` is the locale the site is built in, as its config writes it (`en`, `fr`, `pt-BR`, `zh-Hans`): the
 * index uses that language's stemmer and stop words, or bigrams for Chinese, Japanese and Korean.
 */
export function buildSearchIndex(routes: RouteDefinition[], compiled: Map<string, CompiledMarkdown>, href: (path: string) => string, language: string = 'en'): SearchIndex {
  const { docs, versions } = collectSearchDocs(routes, { compiled, href });
  return { docs, index: packSearchIndex(docs, { language, versions }) };
}

/** The documents, and the docs versions they belong to (their `v` is a position in that list). */
export function collectSearchDocs(routes: RouteDefinition[], context: SearchSourceContext): { docs: SearchDoc[]; versions: SearchVersion[] } {
  const docs: SearchDoc[] = [];
  const versions: SearchVersion[] = [];
  const positions = new Map<string, number>();
  const positionOf = ({ pluginId, name }: SearchVersion): number => {
    const key = JSON.stringify([pluginId, name]);
    let position = positions.get(key);
    if (position === undefined) {
      position = versions.push({ pluginId, name }) - 1;
      positions.set(key, position);
    }
    return position;
  };
  for (const route of routes) {
    const page = searchablePage(route, context);
    if (!page) continue;
    const version = page.version && positionOf(page.version);
    for (const section of page.sections) {
      if (!section.heading && !section.text) continue;
      docs.push({
        t: page.title,
        ...(section.heading ? { h: section.heading } : {}),
        u: section.id ? `${page.url}#${section.id}` : page.url,
        b: section.text.slice(0, MAX_SECTION_TEXT),
        k: page.kind,
        ...(version !== undefined ? { v: version } : {}),
      });
    }
  }
  return { docs, versions };
}

/**
 * The index as term counts (termCounterOf makes the terms as lunr.Builder#add does) without building lunr's
 * objects: the browser rebuilds those from the counts.
 */
export function packSearchIndex(docs: SearchDoc[], options: { language?: string; versions?: SearchVersion[] } = {}): PackedSearchIndex {
  const { pipeline, termsOf } = termCounterOf(options.language ?? 'en');
  // term -> per field [docGap, tf, …]; docs are added in ref order, so gaps are never negative.
  const postings = new Map<string, { packed: number[][]; lastRef: number[] }>();
  const lengths = SEARCH_FIELDS.map(() => [] as number[]);
  docs.forEach((doc, ref) => {
    SEARCH_FIELDS.forEach(([field], fieldIndex) => {
      const terms = termsOf(fieldText(doc, field));
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
  const bm25 = new (lunr().Builder)() as unknown as { _k1: number; _b: number };
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
    ...(options.versions?.length ? { versions: options.versions } : {}),
  };
}

/** A doc's text in one field, as packSearchIndex counts it. */
export function fieldText(doc: SearchDoc, field: 't' | 'h' | 'b'): string {
  return field === 't' ? doc.t : field === 'h' ? (doc.h ?? '') : doc.b;
}

/**
 * The index terms of a text the way lunr.Builder#add makes them (lunr's tokenizer rule, then the language's
 * pipeline: for English lunr's default, trimmer, stop words, stemmer). The pipeline runs once per distinct word; a
 * docs corpus repeats its words a lot.
 */
export function termCounterOf(languageCode: string): { pipeline: Lunr.Pipeline; termsOf: (text: string) => string[] } {
  const language = searchLanguageOf(languageCode);
  loadSearchLanguage(language);
  const pipeline = lunr().Pipeline.load(pipelineNamesOf(language));
  // lunr.tokenizer for English: lowercase, split at every whitespace or hyphen, drop empty pieces. Other languages
  // split as queries do (shared/search.ts queryTerms); CJK runs become bigrams in the pipeline.
  const wordsOfText = language === 'en' ? (text: string) => text.toLowerCase().split(/[\s-]/) : wordsOf;
  const termsOfWord = new Map<string, string[]>();
  const termsOf = (text: string): string[] => {
    const terms: string[] = [];
    for (const word of wordsOfText(text)) {
      if (!word) continue;
      let wordTerms = termsOfWord.get(word);
      if (!wordTerms) {
        wordTerms = pipeline.run([new (lunr().Token)(word, {})]).map(String);
        termsOfWord.set(word, wordTerms);
      }
      for (const term of wordTerms) terms.push(term);
    }
    return terms;
  };
  return { pipeline, termsOf };
}
