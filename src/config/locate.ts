// Positions of values in a site's config-like source files (docsite.config.ts, a sidebars file), found by
// searching their text: the files are code, run to get their values, so nothing else knows where a value
// was written. Best effort: a value the file computes (a template, a variable) has no position.

export interface SourcePosition {
  line: number;
  column: number;
}

/** A link written in a site file other than a page: where it was written and the href it renders as. */
export interface SourcedLink {
  /** The href as the theme renders it (base URL and trailing-slash policy applied). */
  href: string;
  /** Site-relative file that has the link. */
  source: string;
  line?: number;
  column?: number;
}

/** 1-based line and column of an offset in `source`. */
export function positionAt(source: string, offset: number): SourcePosition {
  const before = source.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Finds where string values were written in one source. Each call for the same key and value takes the
 * next occurrence, so two items with the same `to: '/x'` get a position each, in the order they are written.
 */
export class ValueLocator {
  private readonly taken = new Map<string, number>();

  constructor(private readonly source: string) {}

  /** The opening quote of `key: 'value'` (key quoted or not, any quote), else of the quoted value anywhere. */
  keyValue(key: string, value: string): Partial<SourcePosition> {
    const quoted = `(['"\`])${escapeRegExp(value)}`;
    return (
      this.nth(`kv\0${key}\0${value}`, new RegExp(`(?:^|[\\s{,])(['"]?)${escapeRegExp(key)}\\1\\s*:\\s*(?=${quoted}\\2)`, 'gm')) ??
      this.nth(`v\0${value}`, new RegExp(`(?=${quoted}\\1)`, 'g')) ??
      {}
    );
  }

  /** The `href` of `<a href="value">` written inside a string of the source (its quotes escaped or not). */
  htmlHref(value: string): Partial<SourcePosition> {
    return this.nth(`href\0${value}`, new RegExp(`(?=href\\s*=\\s*\\\\?["']${escapeRegExp(value)}\\\\?["'])`, 'g')) ?? {};
  }

  /** `key:` anywhere, for a value that cannot be found itself. */
  key(key: string): Partial<SourcePosition> {
    return this.nth(`k\0${key}`, new RegExp(`(?:^|[\\s{,])(?=(['"]?)${escapeRegExp(key)}\\1\\s*:)`, 'gm'), false) ?? {};
  }

  private nth(id: string, pattern: RegExp, advance = true): SourcePosition | undefined {
    const index = this.taken.get(id) ?? 0;
    let seen = 0;
    for (const match of this.source.matchAll(pattern)) {
      if (seen++ < index) continue;
      if (advance) this.taken.set(id, index + 1);
      // Every pattern ends in a lookahead at the place to point at.
      return positionAt(this.source, match.index + match[0].length);
    }
    return undefined;
  }
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
 * Where the key at a path (`['themeConfig', 'navbar', 'items']`) is written in a config-like source: each segment as
 * an object key (`name:`, `'name':`, `"name":`), searched after where its parent was found, so a key of the same name
 * elsewhere (a top-level `search:` for `themeConfig.navbar.search`) is not taken for it. A segment not written as a
 * key (a label, a key built by code) is skipped, and the deepest segment found is the answer. `exact`: only an
 * answer that cannot be another key's: a skipped segment leaves the search free to land on a later entry's key of the
 * same name, so after a skip the next key found must be the only one of its name in the rest of the text.
 */
export function locateKeyPath(source: string, segments: readonly string[], { exact = false } = {}): KeyLocation | undefined {
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
