import { parse, YAMLParseError } from 'yaml';
import { DocsiteError } from '../core/errors';
import { parsePlainYaml } from './plain-yaml';

export interface FrontMatterResult {
  data: Record<string, unknown>;
  /** The Markdown after the closing `---`. Line numbers in it are offset by `bodyLine - 1`. */
  body: string;
  /** 1-based line where the body starts in the file. */
  bodyLine: number;
}

const OPENING = /^---[ \t]*\r?\n/;

/** Splits YAML front matter off a Markdown source; YAML errors name file, line and column. */
export function parseFrontMatter(source: string, file: string): FrontMatterResult {
  const opening = OPENING.exec(source);
  if (!opening) return { data: {}, body: source, bodyLine: 1 };
  const rest = source.slice(opening[0].length);
  const closing = /^---[ \t]*(\r?\n|$)/m.exec(rest);
  if (!closing) {
    throw new DocsiteError('front matter is not closed: add a line with `---` after it', { file, line: 1, column: 1 });
  }
  const yamlText = rest.slice(0, closing.index);
  let data: unknown;
  try {
    data = yamlText.trim() === '' ? {} : parseYaml(yamlText);
  } catch (error) {
    if (error instanceof YAMLParseError) {
      const pos = error.linePos?.[0];
      const reason = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
      throw new DocsiteError(`invalid YAML front matter: ${reason}`, { file, line: (pos?.line ?? 1) + 1, column: pos?.col ?? 1 }, { cause: error });
    }
    throw error;
  }
  if (data === null || data === undefined) data = {};
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new DocsiteError('front matter must be a YAML mapping of keys to values', { file, line: 2, column: 1 });
  }
  const consumed = opening[0].length + closing.index + closing[0].length;
  const bodyLine = source.slice(0, consumed).split('\n').length;
  return { data: data as Record<string, unknown>, body: source.slice(consumed), bodyLine };
}

// YAML was most of what reading a site's files cost (a quarter of a millisecond a page), and front matter
// rarely changes: this thread keeps the data of each front matter text it parsed, as JSON, and a site's
// texts are kept between runs by front-matter-cache.ts. A text the cache lacks is read by plain-yaml.ts
// when it has the usual shape, by the `yaml` package otherwise. Only data that JSON carries as it is (no
// infinities, no NaN) is kept; the rest is parsed every time.
const knownYaml = new Map<string, string>();
const usedYaml = new Set<string>();
let addedYaml = 0;

function parseYaml(yamlText: string): unknown {
  const known = knownYaml.get(yamlText);
  usedYaml.add(yamlText);
  // A copy each time: callers may change the data they get.
  if (known !== undefined) return JSON.parse(known) as unknown;
  // The usual few keys, lists and scalars are read without the YAML parser (plain-yaml.ts): the same data.
  const data = (parsePlainYaml(yamlText) ?? parse(yamlText)) as unknown;
  if (isJsonData(data)) {
    knownYaml.set(yamlText, JSON.stringify(data));
    addedYaml++;
  }
  return data;
}

function isJsonData(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(isJsonData);
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) return Object.values(value).every(isJsonData);
  return false;
}

/** Front matter texts parsed in an earlier run, with the JSON of their data. */
export function rememberFrontMatter(entries: Record<string, string>): void {
  for (const [text, json] of Object.entries(entries)) if (!knownYaml.has(text)) knownYaml.set(text, json);
}

/** The texts this thread used, with their data, and whether any was parsed anew since the last call. */
export function frontMatterInUse(): { entries: Record<string, string>; changed: boolean } {
  const entries: Record<string, string> = {};
  for (const text of usedYaml) {
    const json = knownYaml.get(text);
    if (json !== undefined) entries[text] = json;
  }
  const changed = addedYaml > 0;
  addedYaml = 0;
  return { entries, changed };
}
