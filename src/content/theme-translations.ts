import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { positionAt } from '../config/locate';
import { DocsiteError } from '../core/errors';
import { isRecord } from '../shared/is-record';

// A Docusaurus site's translations of theme strings: `i18n/<locale>/code.json`, `{ "<id>": { "message": "…" } }`
// (the file `docusaurus write-translations` makes). docsite reads the default locale's file and gives the theme
// the messages of the ids it knows (config/theme-strings.ts); a missing file is no translation.

/** The messages of the default locale's `code.json`, by id; empty when the site has none. */
export async function loadThemeTranslations(siteDir: string, locale: string): Promise<Record<string, string>> {
  const source = posix.join('i18n', locale, 'code.json');
  let text: string;
  try {
    text = await readFile(join(siteDir, source), 'utf8');
  } catch {
    return {};
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    // V8 names the offset of the mistake ("... in JSON at position 52"): reported as its line and column.
    const offset = /position (\d+)/.exec((error as Error).message)?.[1];
    throw new DocsiteError(`invalid JSON: ${(error as Error).message.replace(/ in JSON at position \d+.*$/, '')}`, { file: source, ...(offset === undefined ? {} : positionAt(text, Number(offset))) }, { cause: error });
  }
  if (!isRecord(parsed)) throw new DocsiteError('expected an object of translations: { "<id>": { "message": "…" } }', { file: source });
  const messages: Record<string, string> = {};
  for (const [id, entry] of Object.entries(parsed)) {
    // Docusaurus writes `{ message, description }`; a bare string is taken as the message too.
    const message = typeof entry === 'string' ? entry : isRecord(entry) && typeof entry.message === 'string' ? entry.message : undefined;
    if (message === undefined) throw new DocsiteError(`"${id}": expected { "message": "…" }`, { file: source });
    messages[id] = message;
  }
  return messages;
}
