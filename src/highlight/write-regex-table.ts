import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { PRELOADED } from './highlighter';
import { buildRegexTable, REGEX_TABLE_FILE, regexTableKey, type RegexTable } from './regex-table';

// Run by `npm run compile` once dist/ is written: the preloaded languages' grammar regexes, translated
// (regex-table.ts). Kept while its key (translator version, V8) still holds, so most compiles skip it.
const file = new URL(`./${REGEX_TABLE_FILE}`, import.meta.url);
const current = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RegexTable).key : undefined;
if (current !== regexTableKey()) {
  const table = await buildRegexTable(PRELOADED);
  writeFileSync(file, JSON.stringify(table));
  console.log(`translated ${Object.keys(table.patterns).length} grammar regexes into dist/${REGEX_TABLE_FILE}`);
}
