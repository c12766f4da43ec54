import lunr from 'lunr';
import { CJK_BIGRAMS, ENGLISH_PIPELINE, registerSearchLanguage, type LanguageParts, type SearchLanguage, type StemmedLanguage } from '../../shared/search-language';

// The browser's side of a search language: the engine reads the language off the index file's pipeline and loads
// that language's stemmer and stop words only. Each import below is a chunk of its own, fetched by the sites
// written in that language and never by the others (an English site fetches none).

type Loader = () => Promise<[{ stemmer: LanguageParts['stemmer'] }, { stopwords: readonly string[] }]>;

const LOADERS: Record<StemmedLanguage, Loader> = {
  ar: () => Promise.all([import('@orama/stemmers/arabic'), import('@orama/stopwords/arabic')]),
  bg: () => Promise.all([import('@orama/stemmers/bulgarian'), import('@orama/stopwords/bulgarian')]),
  da: () => Promise.all([import('@orama/stemmers/danish'), import('@orama/stopwords/danish')]),
  de: () => Promise.all([import('@orama/stemmers/german'), import('@orama/stopwords/german')]),
  el: () => Promise.all([import('@orama/stemmers/greek'), import('@orama/stopwords/greek')]),
  es: () => Promise.all([import('@orama/stemmers/spanish'), import('@orama/stopwords/spanish')]),
  fi: () => Promise.all([import('@orama/stemmers/finnish'), import('@orama/stopwords/finnish')]),
  fr: () => Promise.all([import('@orama/stemmers/french'), import('@orama/stopwords/french')]),
  ga: () => Promise.all([import('@orama/stemmers/irish'), import('@orama/stopwords/irish')]),
  hi: () => Promise.all([import('@orama/stemmers/indian'), import('@orama/stopwords/indian')]),
  hu: () => Promise.all([import('@orama/stemmers/hungarian'), import('@orama/stopwords/hungarian')]),
  hy: () => Promise.all([import('@orama/stemmers/armenian'), import('@orama/stopwords/armenian')]),
  id: () => Promise.all([import('@orama/stemmers/indonesian'), import('@orama/stopwords/indonesian')]),
  it: () => Promise.all([import('@orama/stemmers/italian'), import('@orama/stopwords/italian')]),
  lt: () => Promise.all([import('@orama/stemmers/lithuanian'), import('@orama/stopwords/lithuanian')]),
  ne: () => Promise.all([import('@orama/stemmers/nepali'), import('@orama/stopwords/nepali')]),
  nl: () => Promise.all([import('@orama/stemmers/dutch'), import('@orama/stopwords/dutch')]),
  no: () => Promise.all([import('@orama/stemmers/norwegian'), import('@orama/stopwords/norwegian')]),
  pt: () => Promise.all([import('@orama/stemmers/portuguese'), import('@orama/stopwords/portuguese')]),
  ro: () => Promise.all([import('@orama/stemmers/romanian'), import('@orama/stopwords/romanian')]),
  ru: () => Promise.all([import('@orama/stemmers/russian'), import('@orama/stopwords/russian')]),
  sa: () => Promise.all([import('@orama/stemmers/sanskrit'), import('@orama/stopwords/sanskrit')]),
  sr: () => Promise.all([import('@orama/stemmers/serbian'), import('@orama/stopwords/serbian')]),
  sv: () => Promise.all([import('@orama/stemmers/swedish'), import('@orama/stopwords/swedish')]),
  ta: () => Promise.all([import('@orama/stemmers/tamil'), import('@orama/stopwords/tamil')]),
  tr: () => Promise.all([import('@orama/stemmers/turkish'), import('@orama/stopwords/turkish')]),
  uk: () => Promise.all([import('@orama/stemmers/ukrainian'), import('@orama/stopwords/ukrainian')]),
};

/** The language an index file's pipeline was made for (search-language.ts `pipelineNamesOf` names them). */
export function languageOfPipeline(names: readonly string[]): SearchLanguage {
  if (names.length === ENGLISH_PIPELINE.length && names.every((name, i) => name === ENGLISH_PIPELINE[i])) return 'en';
  if (names.includes(CJK_BIGRAMS)) return 'cjk';
  for (const name of names) {
    const language = /^stemmer-(.+)$/.exec(name)?.[1];
    if (language && Object.prototype.hasOwnProperty.call(LOADERS, language)) return language as StemmedLanguage;
  }
  if (names.length === 0) return 'plain';
  throw new Error(`search index: unknown pipeline ${names.join(', ')}`);
}

/** What the engine asks of the index's language about a query's words. */
export interface QueryLanguage {
  /** Whether the index leaves the word out (it then neither matches nor counts against a section). */
  isStopWord(word: string): boolean;
  /** The index terms a query word stands for: its stem, or for CJK text its bigrams. */
  termsOf(word: string): string[];
}

/** English as the engine always treated it: lunr's stop words and Porter stemmer. */
export const ENGLISH: QueryLanguage = {
  isStopWord: (word) => lunr.stopWordFilter(new lunr.Token(word, {})) === undefined,
  termsOf: (word) => [lunr.stemmer(new lunr.Token(word, {})).toString()],
};

/** Registers the pipeline an index file names (loading its language's code first), so lunr can load the index. */
export async function loadQueryLanguage(pipelineNames: readonly string[]): Promise<QueryLanguage> {
  const language: SearchLanguage = languageOfPipeline(pipelineNames);
  if (language === 'en') return ENGLISH;
  if (language === 'cjk' || language === 'plain') registerSearchLanguage(lunr, language);
  else {
    const [{ stemmer }, { stopwords }] = await LOADERS[language]();
    registerSearchLanguage(lunr, language, { stemmer, stopwords });
  }
  const pipeline = lunr.Pipeline.load(pipelineNames as string[]);
  const stopFilter = (lunr.Pipeline as unknown as { registeredFunctions: Record<string, lunr.PipelineFunction | undefined> }).registeredFunctions[`stopWordFilter-${language}`];
  return {
    isStopWord: (word) => Boolean(stopFilter) && !stopFilter!(new lunr.Token(word, {}), 0, []),
    termsOf: (word) => pipeline.runString(word),
  };
}
