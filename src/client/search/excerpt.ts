// Excerpts with the matched words marked; kept apart from the engine so the UI can use it without loading lunr.

export interface ExcerptPart {
  text: string;
  mark: boolean;
}

/** A window of text around the first matched word, split into marked and plain parts. */
export function excerpt(text: string, terms: string[], length = 160): ExcerptPart[] {
  if (!terms.length) return [{ text: text.slice(0, length), mark: false }];
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${terms.map(escapeRegExp).join('|')})[\\p{L}\\p{N}]*`, 'giu');
  const first = pattern.exec(text);
  pattern.lastIndex = 0;
  const start = first ? Math.max(0, first.index - Math.floor(length / 3)) : 0;
  let window = text.slice(start, start + length);
  if (start > 0) window = `…${window.replace(/^\S*\s/, '')}`;
  if (start + length < text.length) window = `${window.replace(/\s\S*$/, '')}…`;
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

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
