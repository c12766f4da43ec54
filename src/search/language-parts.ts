import { createRequire } from 'node:module';
import { lunr } from './lunr-package';
import { registerSearchLanguage, STEMMED_LANGUAGES, type LanguageParts, type SearchLanguage } from '../shared/search-language';

// The build's side of a search language: the stemmer and stop words come from their packages' CommonJS builds,
// loaded when a site of that language is indexed (the index is built synchronously, while esbuild bundles).

const require = createRequire(import.meta.url);

/** Registers `language`'s pipeline functions with lunr, loading its stemmer and stop words first when it has them. */
export function loadSearchLanguage(language: SearchLanguage): void {
  if (language === 'en' || language === 'cjk' || language === 'plain') return registerSearchLanguage(lunr(), language);
  const module = STEMMED_LANGUAGES[language];
  const parts: LanguageParts = {
    stemmer: (require(`@orama/stemmers/${module}`) as { stemmer: LanguageParts['stemmer'] }).stemmer,
    stopwords: (require(`@orama/stopwords/${module}`) as { stopwords: string[] }).stopwords,
  };
  registerSearchLanguage(lunr(), language, parts);
}
