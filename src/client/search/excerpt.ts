import { cjkRunsOf, hasCjk } from '../../shared/cjk';

// Excerpts with the matched words marked; kept apart from the engine so the UI can use it without loading lunr.

export interface ExcerptPart {
  text: string;
  mark: boolean;
}

/** A window of text around the first matched word, split into marked and plain parts. */
export function excerpt(text: string, terms: string[], length = 160): ExcerptPart[] {
  if (!terms.length) return [{ text: text.slice(0, length), mark: false }];
  const pattern = new RegExp(terms.map(termPattern).join('|'), 'giu');
  const first = pattern.exec(text);
  pattern.lastIndex = 0;
  const start = first ? Math.max(0, first.index - Math.floor(length / 3)) : 0;
  let window = text.slice(start, start + length);
  // The window's ends drop a cut word; CJK text has no spaces to cut at, and any place is between two characters.
  if (start > 0) window = `…${hasCjk(text[start]!) ? window : window.replace(/^\S*\s/, '')}`;
  if (start + length < text.length) window = `${hasCjk(text[start + length - 1]!) ? window : window.replace(/\s\S*$/, '')}…`;
  const parts: ExcerptPart[] = [];
  let last = 0;
  for (const match of window.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: window.slice(last, match.index), mark: false });
    parts.push({ text: match[0], mark: true });
    last = match.index + match[0].length;
  }
  if (last < window.length) parts.push({ text: window.slice(last), mark: false });
  return parts;
}

/**
 * A word that starts with the term. CJK text has no spaces between words: there, any run of two or more of the
 * term's characters (the index matched the term's bigrams, which the text may hold apart or in another order).
 */
function termPattern(term: string): string {
  if (!hasCjk(term)) return wordPattern(term);
  return cjkRunsOf(term)
    .map(({ text, cjk }) => {
      if (!cjk) return wordPattern(text);
      const chars = [...new Set(text)].map(escapeRegExp);
      return chars.length === 1 ? chars[0]! : `[${chars.join('')}]{2,}`;
    })
    .join('|');
}

function wordPattern(term: string): string {
  return `(?<![\\p{L}\\p{N}])${escapeRegExp(term)}[\\p{L}\\p{N}]*`;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
