// Where a key of the Docusaurus config is written, so a migration note can name its line. The config
// was evaluated to be read, so its values have no positions; the key path (`presets.classic.theme.customCss`,
// `themeConfig.navbar.items[5]`, `presets['docusaurus-preset-openapi']`) is looked up in the source text
// instead: each named segment as an object key, searched after where its parent was found. A segment
// that is not written as a key (a label such as `classic`, or a key built by code) is skipped, and the
// deepest segment found is the answer. It is a best effort: a note without a position still names the key.

import { locateKeyPath, type KeyLocation } from '../config/locate';

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

/** Where a note's key is written (config/locate.ts `locateKeyPath`, which says what `exact` asks). */
export function locateKey(source: string, key: string, { exact = false } = {}): KeyLocation | undefined {
  return locateKeyPath(source, keySegments(key), { exact });
}
