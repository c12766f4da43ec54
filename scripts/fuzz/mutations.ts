// The mutations: breaking (or odd) edits to every kind of site file, and files added, deleted and
// renamed. Each one is a plain description of file changes, so the dev category can apply and undo
// it and the build category can apply it to a copy; `breaking` ones must make `docsite build` fail.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { int, pick, type Rng } from './random.ts';
import { filesByKind, kindOf, layoutOf, listSiteFiles, type FileKind, type SiteLayout } from './site.ts';

export type Change = { type: 'write'; path: string; content: string } | { type: 'delete'; path: string } | { type: 'rename'; from: string; to: string };

export type MutationKind = FileKind | 'fs';

export interface Mutation {
  /** e.g. "doc/unclosed-jsx". */
  name: string;
  kind: MutationKind;
  /** The file mutated (site-relative). */
  file: string;
  /** What was done, precisely enough to do it again by hand. */
  description: string;
  changes: Change[];
  /** Paths an error about it may name; empty: any file of the site (a deleted page breaks the pages linking to it). */
  names: string[];
  /** `docsite build` must fail on it (exit 1, naming the file); otherwise it may or may not be an error. */
  breaking: boolean;
}

interface Context {
  rng: Rng;
  siteDir: string;
  file: string;
  text: string;
  layout: SiteLayout;
}

interface Made {
  description: string;
  changes: Change[];
  names?: string[];
}

interface Mutator {
  name: string;
  kinds: MutationKind[];
  breaking: boolean;
  /** Kinds it is not breaking for (a partial's front matter is never read, so docsite ignores it). */
  harmlessFor?: MutationKind[];
  make: (context: Context) => Made | undefined;
}

// ---- text helpers ---------------------------------------------------------------------------

/** Offset where the body starts (after front matter). */
function bodyStart(text: string): number {
  const match = /^---\r?\n[\s\S]*?\r?\n---\r?\n/.exec(text);
  return match ? match[0].length : 0;
}

/** Offsets where a new Markdown block can go: the body's start, after blank lines outside code fences, the end. */
function blockBoundaries(text: string): number[] {
  const start = bodyStart(text);
  const boundaries = [start];
  let fence: string | undefined;
  let offset = start;
  let previousBlank = false;
  for (const line of text.slice(start).split('\n')) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length))) fence = fence ? undefined : marker;
    else if (!fence && previousBlank && line.trim() !== '' && !/^\s/.test(line)) boundaries.push(offset);
    previousBlank = !fence && line.trim() === '';
    offset += line.length + 1;
  }
  boundaries.push(text.length);
  return [...new Set(boundaries)];
}

/** Wrong values for fields of an OpenAPI document (YAML), each with the pattern of the field it replaces. */
const OPENAPI_FIELD = /^openapi: .*$/m;
const PATHS_FIELD = /^paths:\s*$/m;
const WRONG_TYPES: Array<[RegExp, string]> = [
  [OPENAPI_FIELD, 'openapi: 42'],
  [/^(  )title: .*$/m, '$1title: [1, 2]'],
  [PATHS_FIELD, 'paths: 5\nfuzz-paths:'],
  [/^(\s+)type: string$/m, '$1type: strinG'],
  [/^(\s+)responses:$/m, '$1responses: 5\n$1fuzz-responses:'],
];
/** The fields whose wrong value leaves nothing to build, with or without api.strict. */
const ESSENTIAL_FIELDS = [OPENAPI_FIELD, PATHS_FIELD];

function wrongType(context: Context, candidates: Array<[RegExp, string]>): Made | undefined {
  const options = candidates.filter(([pattern]) => pattern.test(context.text));
  if (!options.length) return undefined;
  const [pattern, replacement] = pick(context.rng, options);
  const global = new RegExp(pattern.source, 'gm');
  const made = replaceNth(context.text, global, (match) => match.replace(new RegExp(pattern.source, 'm'), replacement), context.rng)!;
  return { description: `line ${made.line}: ${oneLine(replacement.replace('$1', '').replace('\n', ' / '))}`, changes: [write(context.file, made.content)] };
}

/** docsite.config.ts with `strict: true` in its `api` object, or undefined when it has no literal one. */
function strictApiConfig(siteDir: string): Change | undefined {
  const file = join(siteDir, 'docsite.config.ts');
  if (!existsSync(file)) return undefined;
  const config = readFileSync(file, 'utf8');
  const content = config.replace(/\bapi:\s*\{/, (match) => `${match} strict: true,`);
  return content === config ? undefined : write('docsite.config.ts', content);
}

function lineAt(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

/** Inserts a Markdown block at a random block boundary; returns the new text and the block's line. */
function insertBlock(context: Context, block: string): { content: string; line: number } {
  const at = pick(context.rng, blockBoundaries(context.text));
  const before = context.text.slice(0, at);
  const after = context.text.slice(at);
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const content = `${before}${lead}${block}\n\n${after}`;
  return { content, line: lineAt(content, before.length + lead.length) };
}

function insertAtBodyStart(text: string, block: string): string {
  const start = bodyStart(text);
  return `${text.slice(0, start)}${block}\n\n${text.slice(start)}`;
}

/** Offset of a line start at the top level of a script (after the imports), for a statement. */
function topLevelStatementOffset(context: Context): number {
  const lines = context.text.split('\n');
  const candidates: number[] = [];
  let offset = 0;
  let afterImports = false;
  for (const line of lines) {
    if (/^(export |function |const |let |class |module\.exports)/.test(line)) afterImports = true;
    if (afterImports && /^(export |function |const |let |class |module\.exports|\/\*\*|\/\/)/.test(line)) candidates.push(offset);
    offset += line.length + 1;
  }
  return candidates.length ? pick(context.rng, candidates) : context.text.length;
}

function replaceNth(text: string, pattern: RegExp, replacement: (match: string) => string, rng: Rng): { content: string; line: number } | undefined {
  const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  const matches = [...text.matchAll(global)];
  if (!matches.length) return undefined;
  const match = pick(rng, matches);
  const index = match.index!;
  return { content: text.slice(0, index) + replacement(match[0]) + text.slice(index + match[0].length), line: lineAt(text, index) };
}

const write = (path: string, content: string): Change => ({ type: 'write', path, content });
const oneLine = (text: string) => JSON.stringify(text.length > 90 ? `${text.slice(0, 87)}...` : text);

// ---- the catalogue -----------------------------------------------------------------------------

const MARKDOWN: MutationKind[] = ['doc', 'partial', 'blog-post', 'api-intro', 'page-mdx'];
const SCRIPTS: MutationKind[] = ['page-tsx', 'component', 'sidebars'];

/** A Markdown block inserted at a random boundary. */
function markdownBlock(name: string, breaking: boolean, blocks: string[], kinds = MARKDOWN): Mutator {
  return {
    name,
    kinds,
    breaking,
    make: (context) => {
      const block = pick(context.rng, blocks);
      const { content, line } = insertBlock(context, block);
      return { description: `inserted ${oneLine(block)} at line ${line}`, changes: [write(context.file, content)] };
    },
  };
}

const BAD_YAML_LINES = ['title: [unclosed', 'description: "never closed', ': : :', '\tindented: with a tab', 'key: value\n  nested: badly', '- a list item among keys'];

const MUTATORS: Mutator[] = [
  markdownBlock('unclosed-jsx', true, ['<div className="fuzz-unclosed">\n\nText inside an element that is never closed.', '<details>\n<summary>Fuzz</summary>\n\nNever closed.']),
  markdownBlock('broken-inline-jsx', true, ['Broken <span text.', 'A tag <Unfinished that never ends', 'Mismatched <b>bold</i> tags.']),
  markdownBlock('bad-expression', true, ['An expression that does not parse: {1 +}.', '{ let x = ; }', '{(() => {)}']),
  markdownBlock('undefined-component', true, ['<FuzzUndefinedComponent title="x" />', 'Inline <FuzzUndefinedInline /> component.']),
  markdownBlock('throwing-expression', true, ["{(() => { throw new Error('fuzz: thrown while rendering'); })()}", 'Text {fuzzUndefinedVariable.length} here.']),
  markdownBlock('broken-link', true, ['See [a page that does not exist](/docs/fuzz-no-such-page).', 'Read [the missing guide](/fuzz/nowhere/at-all) first.']),
  markdownBlock('broken-file-link', true, ['See [a missing file](./fuzz-no-such-file.md).', 'See [another missing file](../fuzz-missing/elsewhere.mdx).']),
  markdownBlock('broken-anchor', true, ['Jump to [a missing section](#fuzz-no-such-anchor).']),
  markdownBlock('odd-markdown', false, ['<!-- an HTML comment -->', '| a | table |\n| - |\n| too | many | cells |', '::: unknown-directive\nbody\n:::', '<br>', '&nbsp;&unknownentity;', '\\', '```\nunclosed fence']),
  {
    name: 'invalid-import',
    kinds: MARKDOWN,
    breaking: true,
    make: (context) => {
      const block = pick(context.rng, ["import FuzzMissing from './fuzz-no-such-module';\n\n<FuzzMissing />", "import { FuzzNamed } from '@site/src/fuzz-missing';\n\n<FuzzNamed />", "import Broken from 'fuzz-no-such-package';\n\n<Broken />"]);
      const content = insertAtBodyStart(context.text, block);
      return { description: `inserted ${oneLine(block)} at line ${lineAt(content, bodyStart(context.text))}`, changes: [write(context.file, content)] };
    },
  },
  {
    name: 'bad-front-matter',
    kinds: MARKDOWN,
    breaking: true,
    harmlessFor: ['partial'],
    make: (context) => {
      const bad = pick(context.rng, BAD_YAML_LINES);
      const match = /^---\r?\n/.exec(context.text);
      const content = match ? `---\n${bad}\n${context.text.slice(match[0].length)}` : `---\n${bad}\n---\n\n${context.text}`;
      return { description: `front matter: added the line ${oneLine(bad)}${match ? '' : ' (in a new front matter block)'}`, changes: [write(context.file, content)] };
    },
  },
  {
    name: 'front-matter-types',
    kinds: MARKDOWN,
    breaking: false,
    make: (context) => {
      const line = pick(context.rng, ['sidebar_position: not-a-number', 'tags: 5', 'slug: [a, b]', 'title: { nested: object }', 'draft: maybe', 'hide_table_of_contents: 3', 'sidebar_label: 12', 'keywords: yes', 'date: not-a-date', 'authors: [fuzz-no-such-author]']);
      const match = /^---\r?\n/.exec(context.text);
      const key = line.split(':')[0]!;
      const stripped = match ? context.text.replace(new RegExp(`^(---\\r?\\n[\\s\\S]*?)^${key}:.*\\r?\\n`, 'm'), '$1') : context.text;
      const content = match ? `---\n${line}\n${stripped.slice(match[0].length)}` : `---\n${line}\n---\n\n${context.text}`;
      return { description: `front matter: set ${oneLine(line)}`, changes: [write(context.file, content)] };
    },
  },
  {
    name: 'blog-front-matter',
    kinds: ['blog-post'],
    breaking: true,
    make: (context) => {
      const line = pick(context.rng, ['date: not-a-date', 'authors: [fuzz-no-such-author]']);
      const key = line.split(':')[0]!;
      const match = /^---\r?\n/.exec(context.text);
      const stripped = match ? context.text.replace(new RegExp(`^(---\\r?\\n[\\s\\S]*?)^${key}:.*\\r?\\n`, 'm'), '$1') : context.text;
      const content = match ? `---\n${line}\n${stripped.slice(match[0].length)}` : `---\n${line}\n---\n\n${context.text}`;
      return { description: `front matter: set ${oneLine(line)}`, changes: [write(context.file, content)] };
    },
  },
  {
    name: 'truncate',
    kinds: [...MARKDOWN, 'config', 'category', 'sidebars', 'page-tsx', 'component', 'openapi', 'css', 'data-yaml'],
    breaking: false,
    make: (context) => {
      const at = int(context.rng, 0, context.text.length);
      return { description: `truncated to its first ${at} characters (of ${context.text.length})`, changes: [write(context.file, context.text.slice(0, at))] };
    },
  },
  {
    name: 'garbage',
    kinds: [...MARKDOWN, 'config', 'category', 'sidebars', 'page-tsx', 'component', 'openapi', 'css', 'data-yaml'],
    breaking: false,
    make: (context) => {
      const alphabet = ['<', '>', '{', '}', '[', ']', '(', ')', '`', '*', '_', '#', ':', '!', '|', '&', ';', '$', '%', '\\', '"', "'", '\u0000', '\u202e', '\ufeff', '\r', '\n', '\t', 'é', '😀'];
      const length = int(context.rng, 1, 12);
      const junk = Array.from({ length }, () => pick(context.rng, alphabet)).join('');
      const at = int(context.rng, 0, context.text.length);
      return { description: `inserted ${JSON.stringify(junk)} at offset ${at} (line ${lineAt(context.text, at)})`, changes: [write(context.file, context.text.slice(0, at) + junk + context.text.slice(at))] };
    },
  },
  {
    name: 'empty',
    kinds: [...MARKDOWN, 'category', 'css', 'data-yaml', 'openapi'],
    breaking: false,
    make: (context) => ({ description: 'emptied', changes: [write(context.file, '')] }),
  },

  // docsite.config.ts
  {
    name: 'syntax-error',
    kinds: ['config'],
    breaking: true,
    make: (context) => {
      const variant = int(context.rng, 0, 2);
      if (variant === 0 && /\}\);\s*$/.test(context.text)) return { description: 'removed the final `});`', changes: [write(context.file, context.text.replace(/\}\);\s*$/, '\n'))] };
      if (variant === 1) {
        const made = replaceNth(context.text, /defineConfig\(\{/, () => 'defineConfig({{', context.rng);
        if (made) return { description: `wrote \`defineConfig({{\` at line ${made.line}`, changes: [write(context.file, made.content)] };
      }
      const made = replaceNth(context.text, /^\s+title: '[^']*',$/m, (match) => match.replace(/',$/, "' 'fuzz',"), context.rng);
      return made ? { description: `two strings in a row in the title at line ${made.line}`, changes: [write(context.file, made.content)] } : undefined;
    },
  },
  {
    name: 'unknown-key',
    kinds: ['config'],
    breaking: true,
    make: (context) => {
      const made = replaceNth(context.text, /^(\s*)(defineConfig\(\{|docs: \{|themeConfig: \{|navbar: \{|blog: \{)$/m, (match) => `${match}\n    fuzzUnknownKey: true,`, context.rng);
      return made ? { description: `added \`fuzzUnknownKey: true,\` after line ${made.line}`, changes: [write(context.file, made.content)] } : undefined;
    },
  },
  {
    name: 'wrong-type',
    kinds: ['config'],
    breaking: true,
    make: (context) => {
      const candidates: Array<[RegExp, string]> = [
        [/^(\s*)title: '[^']*',$/m, '$1title: 42,'],
        [/^(\s*)url: '[^']*',$/m, "$1url: 'not a url',"],
        [/^(\s*)onBrokenLinks: '[^']*',$/m, "$1onBrokenLinks: 'sometimes',"],
        [/^(\s*)baseUrl: '[^']*',$/m, '$1baseUrl: 7,'],
        [/^(\s*)docs: \{/m, "$1docs: 'yes', fuzzDocs: {"],
        [/^(\s*)items: \[/m, '$1items: 5, fuzzItems: ['],
      ];
      const options = candidates.filter(([pattern]) => pattern.test(context.text));
      if (!options.length) return undefined;
      const [pattern, replacement] = pick(context.rng, options);
      const line = lineAt(context.text, pattern.exec(context.text)!.index);
      return { description: `line ${line}: ${oneLine(pattern.exec(context.text)![0].trim())} -> ${oneLine(replacement.replace('$1', ''))}`, changes: [write(context.file, context.text.replace(pattern, replacement))] };
    },
  },
  {
    name: 'throw-at-load',
    kinds: ['config', 'sidebars', 'component'],
    breaking: true,
    make: (context) => {
      const at = topLevelStatementOffset(context);
      const statement = "throw new Error('fuzz: thrown while loading this file');\n";
      return { description: `inserted ${oneLine(statement.trim())} at line ${lineAt(context.text, at)}`, changes: [write(context.file, context.text.slice(0, at) + statement + context.text.slice(at))] };
    },
  },
  {
    name: 'bad-import',
    kinds: ['config', ...SCRIPTS],
    breaking: true,
    make: (context) => {
      const statement = pick(context.rng, ["import fuzzMissing from './fuzz-no-such-module';\nvoid fuzzMissing;\n", "import fuzzPackage from 'fuzz-no-such-package';\nvoid fuzzPackage;\n"]);
      const cjs = /^\s*module\.exports/m.test(context.text) && !/^import /m.test(context.text);
      const line = cjs ? statement.replace(/^import (\w+) from ('[^']+');/, 'const $1 = require($2);') : statement;
      return { description: `prepended ${oneLine(line.trim())}`, changes: [write(context.file, line + context.text)] };
    },
  },
  {
    name: 'broken-nav-link',
    kinds: ['config'],
    breaking: true,
    make: (context) => {
      const made = replaceNth(context.text, /\bto: '\/[^']*'/, () => "to: '/docs/fuzz-no-such-page'", context.rng);
      return made ? { description: `line ${made.line}: a navbar or footer link to /docs/fuzz-no-such-page`, changes: [write(context.file, made.content)] } : undefined;
    },
  },

  // React pages and components
  {
    name: 'syntax-error',
    kinds: SCRIPTS,
    breaking: true,
    make: (context) => {
      const at = topLevelStatementOffset(context);
      const statement = pick(context.rng, ['const = ;\n', 'function fuzz( {\n', 'const fuzz = <div>;\n']);
      return { description: `inserted ${oneLine(statement.trim())} at line ${lineAt(context.text, at)}`, changes: [write(context.file, context.text.slice(0, at) + statement + context.text.slice(at))] };
    },
  },
  {
    name: 'throw-at-render',
    kinds: ['page-tsx', 'component'],
    breaking: true,
    make: (context) => {
      const made = replaceNth(context.text, /^(\s+)return (\(|<)/m, (match) => `${/^\s+/.exec(match)![0]}if (Math.random() < 2) throw new Error('fuzz: thrown at render');\n${match}`, context.rng);
      return made ? { description: `line ${made.line}: \`throw new Error('fuzz: thrown at render')\` before a return`, changes: [write(context.file, made.content)] } : undefined;
    },
  },
  {
    name: 'no-default-export',
    kinds: ['page-tsx'],
    breaking: false,
    make: (context) => (/export default function/.test(context.text) ? { description: '`export default function` -> `export function`', changes: [write(context.file, context.text.replace('export default function', 'export function'))] } : undefined),
  },

  // sidebars
  {
    name: 'unknown-doc',
    kinds: ['sidebars'],
    breaking: true,
    make: (context) => {
      const made = replaceNth(context.text, /(?<!: )'[a-z][\w/-]*'(?=\s*[,\]])|\bid: '[^']+'/, (match) => (match.startsWith('id:') ? "id: 'fuzz-no-such-doc'" : "'fuzz-no-such-doc'"), context.rng);
      return made ? { description: `line ${made.line}: a doc id that does not exist ('fuzz-no-such-doc')`, changes: [write(context.file, made.content)] } : undefined;
    },
  },
  {
    name: 'wrong-type',
    kinds: ['sidebars'],
    breaking: true,
    make: (context) => {
      const made = replaceNth(context.text, /\bitems: \[/, () => 'items: 5, fuzzItems: [', context.rng) ?? replaceNth(context.text, /\blabel: '[^']*'/, () => 'label: 42', context.rng);
      return made ? { description: `line ${made.line}: a value of the wrong type`, changes: [write(context.file, made.content)] } : undefined;
    },
  },

  // _category_.json / .yml
  {
    name: 'invalid-syntax',
    kinds: ['category'],
    breaking: true,
    make: (context) => {
      if (context.file.endsWith('.json')) {
        const variant = pick(context.rng, ['trailing-comma', 'no-closing', 'single-quotes']);
        const content = variant === 'trailing-comma' ? context.text.replace(/\s*\}\s*$/, ',}\n') : variant === 'no-closing' ? context.text.replace(/\}\s*$/, '\n') : context.text.replace(/"/g, "'");
        return { description: `invalid JSON (${variant})`, changes: [write(context.file, content)] };
      }
      const bad = pick(context.rng, BAD_YAML_LINES);
      return { description: `added the line ${oneLine(bad)}`, changes: [write(context.file, `${context.text.trimEnd()}\n${bad}\n`)] };
    },
  },
  {
    name: 'wrong-types',
    kinds: ['category'],
    breaking: true,
    make: (context) => {
      const json = context.file.endsWith('.json');
      const values = json ? ['{"label": 5}', '{"position": "first"}', '{"collapsed": "yes"}', '[1, 2]', '"just a string"', '{"label": "X", "link": {"type": "doc"}}'] : ['label: [1, 2]', 'position: first', 'collapsed: maybe', '- a\n- list'];
      const value = pick(context.rng, values);
      return { description: `replaced with ${oneLine(value)}`, changes: [write(context.file, `${value}\n`)] };
    },
  },

  // OpenAPI document
  {
    name: 'invalid-yaml',
    kinds: ['openapi', 'data-yaml'],
    breaking: true,
    make: (context) => {
      const bad = pick(context.rng, ['fuzz: [unclosed', 'fuzz: "never closed', '\tfuzz: tab', 'fuzz: {a: 1']);
      // At column 0 between lines: it ends any block scalar it lands in, so it is read as YAML.
      const lines = context.text.split('\n');
      const at = int(context.rng, 1, lines.length - 1);
      lines.splice(at, 0, bad);
      return { description: `inserted ${oneLine(bad)} before line ${at + 1}`, changes: [write(context.file, lines.join('\n'))] };
    },
  },
  {
    name: 'broken-ref',
    kinds: ['openapi'],
    breaking: true,
    make: (context) => {
      const target = pick(context.rng, ["'#/components/schemas/FuzzNoSuchSchema'", "'#/components/fuzz/nothing'", "'./fuzz-no-such-file.yaml'"]);
      const made = replaceNth(context.text, /\$ref: ['"]?#\/components\/[^'"\s]+['"]?/, () => `$ref: ${target}`, context.rng);
      return made ? { description: `line ${made.line}: $ref -> ${target}`, changes: [write(context.file, made.content)] } : undefined;
    },
  },
  {
    // Every schema violation fails the build with api.strict, so the mutation sets it in the config too.
    name: 'wrong-type',
    kinds: ['openapi'],
    breaking: true,
    make: (context) => {
      const strict = strictApiConfig(context.siteDir);
      if (!strict) return undefined;
      const made = wrongType(context, WRONG_TYPES);
      return made && { ...made, description: `${made.description}, with api.strict: true in docsite.config.ts`, changes: [...made.changes, strict], names: [context.file] };
    },
  },
  {
    // Without api.strict, a wrong value the pages can do without is a warning and is left out: the build may succeed.
    name: 'wrong-type-lenient',
    kinds: ['openapi'],
    breaking: false,
    make: (context) => wrongType(context, WRONG_TYPES.filter(([pattern]) => !ESSENTIAL_FIELDS.includes(pattern))),
  },
  {
    name: 'wrong-types',
    kinds: ['data-yaml'],
    breaking: false,
    make: (context) => {
      const entry = pick(context.rng, ['fuzz: 5', 'fuzz:\n  name: [1, 2]', 'fuzz:\n  label: {a: 1}', '- a list\n- at the top']);
      return { description: `appended ${oneLine(entry)}`, changes: [write(context.file, `${context.text.trimEnd()}\n${entry}\n`)] };
    },
  },

  // stylesheets
  {
    name: 'missing-import',
    kinds: ['css'],
    breaking: true,
    make: (context) => ({ description: "prepended `@import './fuzz-no-such-file.css';`", changes: [write(context.file, `@import './fuzz-no-such-file.css';\n${context.text}`)] }),
  },
  {
    name: 'missing-url',
    kinds: ['css'],
    breaking: true,
    make: (context) => ({ description: 'appended a rule with `url(./fuzz-no-such-image.png)`', changes: [write(context.file, `${context.text}\n.fuzz { background: url(./fuzz-no-such-image.png); }\n`)] }),
  },
  {
    name: 'unclosed-block',
    kinds: ['css'],
    breaking: false,
    make: (context) => {
      const block = pick(context.rng, ['.fuzz { color: red;', '.fuzz { color: ', '@media (min-width: {', '}}}']);
      return { description: `appended ${oneLine(block)}`, changes: [write(context.file, `${context.text}\n${block}\n`)] };
    },
  },

  // files added, deleted, renamed
  {
    name: 'add-broken-doc',
    kinds: ['fs'],
    breaking: true,
    make: (context) => {
      const folder = pick(context.rng, [...new Set(listDocs(context).map((doc) => dirname(doc)))]);
      const path = `${folder}/fuzz-added-${int(context.rng, 1, 9999)}.md`;
      const content = pick(context.rng, ['---\ntitle: Added by the fuzz suite\n---\n\n<div>\n\nNever closed.\n', '---\ntitle: [unclosed\n---\n\nBad front matter.\n', '---\ntitle: Added\n---\n\nSee [nowhere](/docs/fuzz-no-such-page).\n']);
      return { description: `added ${path} with ${oneLine(content)}`, changes: [write(path, content)], names: [path] };
    },
  },
  {
    name: 'add-doc',
    kinds: ['fs'],
    breaking: false,
    make: (context) => {
      const folder = pick(context.rng, [...new Set(listDocs(context).map((doc) => dirname(doc)))]);
      const path = `${folder}/fuzz-added-${int(context.rng, 1, 9999)}.md`;
      return { description: `added ${path} (a good page)`, changes: [write(path, '---\ntitle: Added by the fuzz suite\nsidebar_position: 1\n---\n\nA page that was not there before.\n')], names: [path] };
    },
  },
  {
    name: 'delete-doc',
    kinds: ['fs'],
    breaking: false,
    make: (context) => {
      const path = pick(context.rng, listDocs(context));
      return { description: `deleted ${path}`, changes: [{ type: 'delete', path }], names: [] };
    },
  },
  {
    name: 'rename-doc',
    kinds: ['fs'],
    breaking: false,
    make: (context) => {
      const path = pick(context.rng, listDocs(context));
      const to = pick(context.rng, [path.replace(/(\.mdx?)$/, '-renamed$1'), path.replace(/\.mdx?$/, '.txt'), `${dirname(path)}/fuzz-moved/${basename(path)}`]);
      return { description: `renamed ${path} to ${to}`, changes: [{ type: 'rename', from: path, to }], names: [] };
    },
  },
  {
    name: 'delete-linked-doc',
    kinds: ['fs'],
    breaking: true,
    make: (context) => {
      const linked = listDocs(context).filter((doc) => isLinked(context, doc));
      if (!linked.length) return undefined;
      const path = pick(context.rng, linked);
      const rename = context.rng() < 0.5;
      return rename
        ? { description: `renamed ${path} (linked from other files) to ${path.replace(/(\.mdx?)$/, '-renamed$1')}`, changes: [{ type: 'rename', from: path, to: path.replace(/(\.mdx?)$/, '-renamed$1') }], names: [] }
        : { description: `deleted ${path} (linked from other files)`, changes: [{ type: 'delete', path }], names: [] };
    },
  },
  {
    name: 'delete-imported-file',
    kinds: ['fs'],
    breaking: true,
    make: (context) => {
      const byKind = filesByKind(context.siteDir);
      const candidates = [...(byKind.get('css') ?? []), ...(byKind.get('component') ?? []).filter((file) => !file.startsWith(`${context.layout.pages}/`)), ...(context.layout.apiSpec ? [context.layout.apiSpec] : []), ...(context.layout.sidebars ? [context.layout.sidebars] : [])].filter((file) => isImported(context, file));
      if (!candidates.length) return undefined;
      const path = pick(context.rng, candidates);
      return { description: `deleted ${path} (imported or named by another file)`, changes: [{ type: 'delete', path }], names: [] };
    },
  },
];

function listDocs(context: Context): string[] {
  return listSiteFiles(context.siteDir).filter((file) => kindOf(file, context.layout) === 'doc');
}

/** Another site file links to the doc (by its file name or its path without extension). */
function isLinked(context: Context, doc: string): boolean {
  const name = basename(doc);
  const route = doc.slice(context.layout.docs.length).replace(/\.mdx?$/, '');
  return listSiteFiles(context.siteDir).some((file) => {
    if (file === doc || !/\.(mdx?|tsx|ts)$/.test(file)) return false;
    const text = readFileSync(join(context.siteDir, file), 'utf8');
    return text.includes(`/${name})`) || text.includes(`(${name})`) || text.includes(`/docs${route})`) || text.includes(`'/docs${route}'`);
  });
}

/** Another site file imports or names the file. */
function isImported(context: Context, target: string): boolean {
  if (target === context.layout.apiSpec || target === context.layout.sidebars) return true;
  const name = basename(target).replace(/\.(tsx?|jsx?)$/, '');
  return listSiteFiles(context.siteDir).some((file) => file !== target && /\.(tsx?|jsx?|mdx?)$/.test(file) && new RegExp(`from ['"][^'"]*/${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\.\\w+)?['"]|import ['"][^'"]*/${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]`).test(readFileSync(join(context.siteDir, file), 'utf8')));
}

/** The kinds of mutation a site offers (a kind needs at least one file of it). */
export function kindsOf(siteDir: string): MutationKind[] {
  const byKind = filesByKind(siteDir);
  return [...(['doc', 'partial', 'blog-post', 'data-yaml', 'api-intro', 'config', 'category', 'sidebars', 'page-tsx', 'page-mdx', 'component', 'openapi', 'css'] as FileKind[]).filter((kind) => byKind.get(kind)?.length), 'fs'];
}

/**
 * One mutation of the given kind: a file of that kind and a mutator for it, chosen by `rng`.
 * `breakingOnly` keeps to mutations a build must fail on.
 */
export function makeMutation(rng: Rng, siteDir: string, kind: MutationKind, options: { breakingOnly: boolean }): Mutation {
  const layout = layoutOf(siteDir);
  const files = kind === 'fs' ? ['(files)'] : (filesByKind(siteDir).get(kind) ?? []);
  const breaks = (mutator: Mutator) => mutator.breaking && !mutator.harmlessFor?.includes(kind);
  const mutators = MUTATORS.filter((mutator) => mutator.kinds.includes(kind) && (!options.breakingOnly || breaks(mutator)));
  // A mutator may not apply to the file drawn (no `return (` to put a throw before): draw again.
  for (let attempt = 0; attempt < 20; attempt++) {
    const file = pick(rng, files);
    const mutator = pick(rng, mutators);
    const text = kind === 'fs' ? '' : readFileSync(join(siteDir, file), 'utf8');
    const made = mutator.make({ rng, siteDir, file, text, layout });
    if (!made) continue;
    if (made.changes.every((change) => change.type === 'write' && change.path === file && change.content === text)) continue;
    // Emptying or mangling the authors or tags file breaks the posts and docs that use its keys: the error
    // rightly names where a key is used. A syntax error must still name the file itself.
    const consequences = kind === 'data-yaml' && mutator.name !== 'invalid-yaml';
    return { name: `${kind}/${mutator.name}`, kind, file: kind === 'fs' ? (made.names?.[0] ?? fileOfChanges(made.changes)) : file, description: `${kind === 'fs' ? '' : `${file}: `}${made.description}`, changes: made.changes, names: consequences ? [] : (made.names ?? [file]), breaking: breaks(mutator) };
  }
  throw new Error(`no mutation of kind ${kind} applies to ${siteDir}`);
}

function fileOfChanges(changes: Change[]): string {
  const first = changes[0]!;
  return first.type === 'rename' ? first.from : first.path;
}

/** What to write back to undo the changes: taken before they are applied. */
export interface Undo {
  restore: () => void;
}

/** Applies the changes to the site folder; returns how to undo them. */
export function applyMutation(siteDir: string, mutation: Mutation): Undo {
  const undo: Array<() => void> = [];
  for (const change of mutation.changes) {
    if (change.type === 'write') {
      const path = join(siteDir, change.path);
      const before = existsSync(path) ? readFileSync(path) : undefined;
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, change.content);
      undo.unshift(() => (before === undefined ? rmSync(path, { force: true }) : writeFileSync(path, before)));
    } else if (change.type === 'delete') {
      const path = join(siteDir, change.path);
      const before = readFileSync(path);
      rmSync(path);
      undo.unshift(() => writeFileSync(path, before));
    } else {
      const from = join(siteDir, change.from);
      const to = join(siteDir, change.to);
      const createdDir = !existsSync(dirname(to));
      mkdirSync(dirname(to), { recursive: true });
      renameSync(from, to);
      undo.unshift(() => {
        renameSync(to, from);
        if (createdDir) rmSync(dirname(to), { recursive: true, force: true });
      });
    }
  }
  return { restore: () => undo.forEach((step) => step()) };
}
