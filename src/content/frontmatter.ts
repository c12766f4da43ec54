import { parse, YAMLParseError } from 'yaml';
import { DocsiteError } from '../core/errors';

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
    data = yamlText.trim() === '' ? {} : parse(yamlText);
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
