import type lunr from 'lunr';
import { cjkTermsOf } from './cjk';

// How the text of a site's language becomes search terms. The build indexes with it and the browser runs the
// same functions on queries, so both sides take them from here; the index file names its pipeline and the
// browser loads the language that pipeline names (the stemmers themselves stay with each side: Node needs them
// at once, the browser only the one its site uses).
//
// English keeps lunr's own tokenizer and pipeline (trimmer, stop words, Porter stemmer): its indexes stay as
// they were. Other languages split words at anything that is not a letter, mark or digit (so French elisions,
// `l'installation`, give `l` and `installation`, as the query side splits them), then drop the language's stop
// words and stem with its Snowball stemmer. Chinese, Japanese and Korean write without spaces between words:
// their runs of CJK characters are indexed as overlapping pairs of characters (bigrams), which find a word of any
// length inside a sentence without a dictionary.

/** Languages with a stemmer and stop words, by ISO 639-1 code, with their module names in @orama/stemmers and @orama/stopwords. */
export const STEMMED_LANGUAGES = {
  ar: 'arabic',
  bg: 'bulgarian',
  da: 'danish',
  de: 'german',
  el: 'greek',
  es: 'spanish',
  fi: 'finnish',
  fr: 'french',
  ga: 'irish',
  hi: 'indian',
  hu: 'hungarian',
  hy: 'armenian',
  id: 'indonesian',
  it: 'italian',
  lt: 'lithuanian',
  ne: 'nepali',
  nl: 'dutch',
  no: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sa: 'sanskrit',
  sr: 'serbian',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
  uk: 'ukrainian',
} as const;

export type StemmedLanguage = keyof typeof STEMMED_LANGUAGES;

/** `en`, a stemmed language, `cjk`, or `plain` (words as written, for languages without a stemmer). */
export type SearchLanguage = 'en' | StemmedLanguage | 'cjk' | 'plain';

export const ENGLISH_PIPELINE = ['trimmer', 'stopWordFilter', 'stemmer'];
export const CJK_BIGRAMS = 'bigrams-cjk';

/** What a stemmed language brings: its Snowball stemmer and its stop words. */
export interface LanguageParts {
  stemmer: (word: string) => string;
  stopwords: readonly string[];
}

// Object.hasOwn is newer than the browsers the bundle is written for.
function isStemmed(language: string): language is StemmedLanguage {
  return Object.prototype.hasOwnProperty.call(STEMMED_LANGUAGES, language);
}

/** The search language of a locale code as the config writes it (`en`, `fr-CA`, `pt-BR`, `zh-Hans`, `ja`). */
export function searchLanguageOf(locale: string): SearchLanguage {
  const language = locale.toLowerCase().split(/[-_]/)[0]!;
  if (language === 'en') return 'en';
  if (language === 'zh' || language === 'ja' || language === 'ko') return 'cjk';
  // Norwegian Bokmål and Nynorsk share the Norwegian stemmer.
  if (language === 'nb' || language === 'nn') return 'no';
  return isStemmed(language) ? language : 'plain';
}

/** The lunr pipeline of a language, by the names the index file records. */
export function pipelineNamesOf(language: SearchLanguage): string[] {
  if (language === 'en') return [...ENGLISH_PIPELINE];
  // Latin words inside CJK text (product names, commands) are English more often than not.
  if (language === 'cjk') return [CJK_BIGRAMS, 'stemmer'];
  if (language === 'plain') return [];
  return [`stopWordFilter-${language}`, `stemmer-${language}`];
}

/** The words of a text in a language other than English: lowercased runs of letters, marks and digits. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
}

/**
 * Registers a language's pipeline functions with lunr under the names its index records (once: the build and,
 * in tests, the browser side share one lunr). `parts` is required for stemmed languages.
 */
export function registerSearchLanguage(lunrModule: typeof lunr, language: SearchLanguage, parts?: LanguageParts): void {
  const registered = (lunrModule.Pipeline as unknown as { registeredFunctions: Record<string, unknown> }).registeredFunctions;
  const register = (name: string, fn: lunr.PipelineFunction) => {
    if (!registered[name]) lunrModule.Pipeline.registerFunction(fn, name);
  };
  if (language === 'cjk') {
    register(CJK_BIGRAMS, (token) => {
      const terms = cjkTermsOf(token.toString());
      return terms.length === 1 ? token.update(() => terms[0]!) : terms.map((term) => token.clone(() => term));
    });
  } else if (language !== 'en' && language !== 'plain') {
    if (!parts) throw new Error(`search: the ${language} stemmer is not loaded`);
    const stopwords = new Set(parts.stopwords);
    register(`stopWordFilter-${language}`, (token) => (stopwords.has(token.toString()) ? null : token));
    register(`stemmer-${language}`, (token) => token.update((word) => parts.stemmer(word) || word));
  }
}
