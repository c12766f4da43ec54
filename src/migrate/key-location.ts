// Where a key of the Docusaurus config is written, so a migration note can name its line. The config
// was evaluated to be read, so its values have no positions; the key path (`presets.classic.theme.customCss`,
// `themeConfig.navbar.items[5]`, `presets['docusaurus-preset-openapi']`) is looked up in the source text
// instead: each named segment as an object key, searched after where its parent was found. A segment
// that is not written as a key (a label such as `classic`, or a key built by code) is skipped, and the
// deepest segment found is the answer. It is a best effort: a note without a position still names the key.

import { escapeRegExp, positionAt, type SourcePosition } from '../config/locate';


/** The path at the head of a note's key (`i18n.locales 'fr'` -> `i18n.locales`), split into its named segments. */
export function keySegments(key: string): string[] {
  const head = /^[\w$@/-]+(?:\.[\w$@/-]+|\[(?:'[^']*'|"[^"]*"|\d+)\])*/.exec(key.trim())?.[0] ?? '';
  const segments: string[] = [];
  for (const match of head.matchAll(/([\w$@/-]+)|\[(?:'([^']*)'|"([^"]*)"|(\d+))\]/g)) {
    const name = match[1] ?? match[2] ?? match[3];
    if (name !== undefined) segments.push(name);
  }
  return segments;
}

/**
 * Comments blanked out (same length, newlines kept) so a key named in a comment is not found. A `//`
 * right after a colon is part of a URL in a string (`'https://…'`), not a comment.
 */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:\\'"])\/\/[^\n]*/gm, (comment, before: string) => before + ' '.repeat(comment.length - before.length));
}

export interface KeyLocation extends SourcePosition {
  /** Offset of the key in the source. */
  offset: number;
}

/**
 * `exact`: only an answer that cannot be another key's. A segment that is not written as a key (a label, an
 * entry of a list) leaves the search free to land on a later entry's key of the same name, so after such a
 * skip the next key found must be the only one of its name in the rest of the text.
 */
export function locateKey(source: string, key: string, { exact = false } = {}): KeyLocation | undefined {
  const segments = keySegments(key);
  if (!segments.length) return undefined;
  const text = withoutComments(source);
  let from = 0;
  let found: number | undefined;
  let skipped = false;
  for (const segment of segments) {
    // As a key: `name:`, `'name':` or `"name":`.
    const pattern = new RegExp(`(^|[\\s{,(])(['"]?)${escapeRegExp(segment)}\\2\\s*:`, 'g');
    pattern.lastIndex = from;
    const match = pattern.exec(text);
    if (!match) {
      skipped = true;
      continue;
    }
    if (exact && skipped && pattern.exec(text)) return undefined;
    skipped = false;
    found = match.index + match[1]!.length;
    from = found + segment.length;
  }
  if (found === undefined || (exact && skipped)) return undefined;
  return { ...positionAt(source, found), offset: found };
}
