import { parse as parseYaml, YAMLParseError } from 'yaml';
import * as z from 'zod';
import { DocsiteError } from '../core/errors';

// A docs folder's `_category_.json` / `_category_.yml`: the keys docsite reads are checked for their types, so a
// typo such as `"position": "first"` fails at its line instead of building a sidebar in a surprising order.
// Keys docsite does not read (Docusaurus' `customProps`, `description`, `key`) pass through untouched.

const categoryLink = z.union([
  z.null(),
  z.looseObject({ type: z.literal('doc'), id: z.string() }),
  z.looseObject({ type: z.literal('generated-index'), title: z.string().optional(), description: z.string().optional(), slug: z.string().optional() }),
]);

const categoryFile = z.looseObject({
  label: z.string().optional(),
  position: z.number().optional(),
  collapsed: z.boolean().optional(),
  collapsible: z.boolean().optional(),
  className: z.string().optional(),
  link: categoryLink.optional(),
});

export type CategoryFileData = z.infer<typeof categoryFile>;

/**
 * Reads a category file's text as Docusaurus does, leniently: it parses `.json` and `.yml` alike with a YAML
 * parser, so hand-written JSON with a trailing comma or a `#` comment is accepted. `//` and `/* *\/` comments
 * (JSONC, as editors write them) are accepted too. Only text none of these reads fails, at its line and column.
 */
export function parseCategoryFile(text: string, name: string, source: string): unknown {
  if (name.endsWith('.json')) {
    try {
      return JSON.parse(text);
    } catch {
      // Not strict JSON: read it the lenient way below.
    }
  }
  const yamlText = name.endsWith('.json') ? blankJsonComments(text) : text;
  try {
    return parseYaml(yamlText);
  } catch (error) {
    const at = error instanceof YAMLParseError ? error.linePos?.[0] : undefined;
    const reason = (error as Error).message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw new DocsiteError(`invalid ${name}: ${reason}`, { file: source, ...(at ? { line: at.line, column: at.col } : {}) }, { cause: error });
  }
}

/**
 * `// line` and `/* block *\/` comments outside strings -> spaces (newlines kept), so the YAML parser reads the
 * rest and every position it reports is still the author's line and column.
 */
function blankJsonComments(text: string): string {
  let result = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '"' || char === "'") {
      const end = endOfString(text, i);
      result += text.slice(i, end);
      i = end;
    } else if (char === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      result += ' '.repeat(stop - i);
      i = stop;
    } else if (char === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      result += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else {
      result += char;
      i++;
    }
  }
  return result;
}

/** The index just past the string that starts at `start` (its closing quote; the line's end if it has none). */
function endOfString(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i + 1;
    else if (text[i] === '\n') return i;
  }
  return text.length;
}

/** Checks a parsed category file; throws naming the file, the key and (where it can be found) its line. */
export function checkCategoryFile(data: unknown, text: string, name: string, source: string): CategoryFileData {
  const result = categoryFile.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const key = issue.path.map(String).join('.') || '(the file)';
  const first = String(issue.path[0] ?? '');
  const line = first ? lineOfKey(text, first) : undefined;
  const expected = first === 'link' ? 'null, { "type": "doc", "id": "…" } or { "type": "generated-index", … }' : describeExpected(issue);
  throw new DocsiteError(`invalid ${name}: "${key}" must be ${expected}`, { file: source, ...(line ? { line } : {}) });
}

function describeExpected(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') return issue.expected === 'number' ? 'a number' : issue.expected === 'boolean' ? 'true or false' : `a ${issue.expected}`;
  return issue.message;
}

/** The line of `key` in JSON (`"key":`) or YAML (`key:`), 1-based; undefined when it cannot be found. */
function lineOfKey(text: string, key: string): number | undefined {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`^[\\t ]*(?:"${escaped}"|'${escaped}'|${escaped})[\\t ]*:`, 'm').exec(text) ?? new RegExp(`"${escaped}"\\s*:`).exec(text);
  return match ? text.slice(0, match.index).split('\n').length : undefined;
}
