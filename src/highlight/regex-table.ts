import { existsSync, readFileSync } from 'node:fs';
import type * as OnigurumaToEs from 'oniguruma-to-es';
import type { BundledLanguage } from 'shiki';
import { shiki } from './shiki-package';

// Grammar regexes translated once, when docsite is compiled, instead of in every worker of every build.
//
// shiki's JavaScript engine turns each TextMate (Oniguruma) regex into a JavaScript one the first time a line
// reaches it: on the 1000-page bench corpus that was 1.35 s of each compile worker's 16 s, and on a small site most
// of a worker's start. `npm run compile` writes the translations of the preloaded languages' patterns into
// dist/shiki-regexes.json (scripts/compile.mjs); the highlighter looks a pattern up there and translates the others as
// before. The translation is the one shiki makes itself (same function, same options), so highlighting is unchanged.

/** Beside the compiled modules in dist/ (absent when running from source, under tsx: then every regex is translated). */
export const REGEX_TABLE_FILE = 'shiki-regexes.json';

/** The options of shiki's own translation (`defaultJavaScriptRegexConstructor`, target "auto"). */
const SHIKI_REGEX_OPTIONS = {
  global: true,
  hasIndices: true,
  lazyCompileLength: 3e3,
  rules: { allowOrphanBackrefs: true, asciiWordBoundaries: true, captureGroup: true, recursionLimit: 5, singleline: true },
  target: 'auto',
} as const;

type Translation = ReturnType<typeof OnigurumaToEs.toRegExpDetails>;

/**
 * oniguruma-to-es as shiki imports it: its ES module, whose EmulatedRegExp is the class shiki's engine knows (a
 * `require` would give the CommonJS build's). Loaded with the highlighter (highlighter.ts), not when docsite starts.
 */
export type OnigurumaToEsModule = typeof OnigurumaToEs;
export const loadOnigurumaToEs = (): Promise<OnigurumaToEsModule> => import('oniguruma-to-es');

export interface RegexTable {
  /** What the translations depend on: "auto" picks the JavaScript regex features of the V8 that made them. */
  key: string;
  patterns: Record<string, Translation>;
}

export function regexTableKey(): string {
  // The package exports no package.json: its version is read beside its entry (dist/esm/index.js).
  const translator = JSON.parse(readFileSync(new URL('../../package.json', import.meta.resolve('oniguruma-to-es')), 'utf8')) as { version: string };
  return `oniguruma-to-es ${translator.version}, v8 ${process.versions.v8}`;
}

/** The regex constructor for shiki's engine: the table's translation when it has the pattern, else shiki's own. */
export function tableRegexConstructor(tableFile: URL, onigurumaToEs: OnigurumaToEsModule): (pattern: string) => RegExp {
  let table: Map<string, Translation> | undefined;
  try {
    if (existsSync(tableFile)) {
      const stored = JSON.parse(readFileSync(tableFile, 'utf8')) as RegexTable;
      if (stored.key === regexTableKey()) table = new Map(Object.entries(stored.patterns));
    }
  } catch {
    table = undefined; // an unreadable table is only a slower start
  }
  return (pattern) => {
    const known = table?.get(pattern);
    if (!known) return compiledAtOnce(onigurumaToEs.toRegExp(pattern, SHIKI_REGEX_OPTIONS));
    return compiledAtOnce(known.options ? new onigurumaToEs.EmulatedRegExp(known.pattern, known.flags, known.options) : new RegExp(known.pattern, known.flags));
  };
}

/** V8 compiles a regex to machine code at its first run when the subject is this long or longer (see below). */
const LONG_SUBJECT = ' '.repeat(1000);

/**
 * The regex, compiled to machine code now. V8 runs a regex's first search in its interpreter, compiled to bytecode,
 * and compiles it again to machine code for the next (regexp tier-up), unless the subject is 1000 characters or
 * longer: then it compiles machine code at once. A grammar's regexes are made when the tokenizer first needs them
 * and run on every line after, so each was compiled twice; TypeScript's are up to 11,000 characters of Unicode
 * classes. One search from the end of a long blank subject (no work but the compile) leaves only the second. For the
 * 1817 regexes of the preloaded languages, compiling and running each twice took 870 ms, 450 ms this way; the
 * machine code is the same. V8's own switch for it (`--no-regexp-tier-up`) crashed when set at run time. Should a
 * V8 compile bytecode first whatever the subject, a regex is only as slow to start as before.
 */
function compiledAtOnce(regex: RegExp): RegExp {
  regex.lastIndex = LONG_SUBJECT.length;
  regex.exec(LONG_SUBJECT);
  regex.lastIndex = 0;
  return regex;
}

/**
 * Every regex the TextMate tokenizer can hand the engine for these languages' grammars (and the grammars they
 * embed), translated: each `match`, `begin`, `end` and `while` as vscode-textmate's RegExpSource rewrites it
 * (`\z`), with the four variants it makes of a pattern holding `\A` or `\G`. End patterns with back-references
 * are made per match at run time: those are translated then.
 */
export async function buildRegexTable(languages: readonly BundledLanguage[]): Promise<RegexTable> {
  const onigurumaToEs = await loadOnigurumaToEs();
  const grammars = new Map<string, unknown>();
  for (const language of languages) for (const grammar of (await shiki().bundledLanguages[language]()).default) grammars.set(grammar.name, grammar);
  const sources = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string' && (key === 'match' || key === 'begin' || key === 'end' || key === 'while')) for (const source of tokenizerSources(value)) sources.add(source);
      else visit(value);
    }
  };
  grammars.forEach(visit);
  const patterns: Record<string, Translation> = {};
  for (const source of sources) {
    try {
      patterns[source] = onigurumaToEs.toRegExpDetails(source, SHIKI_REGEX_OPTIONS);
    } catch {
      // A pattern the engine cannot translate stays out: at run time it fails as it always has (forgiving mode).
    }
  }
  return { key: regexTableKey(), patterns };
}

/** A grammar regex as the tokenizer passes it to the engine: `\z` rewritten, and the `\A`/`\G` variants. */
function tokenizerSources(regex: string): string[] {
  const source = regex.replace(/\\([\s\S])/g, (escape, char: string) => (char === 'z' ? '$(?!\\n)(?<!\\n)' : escape));
  if (!/\\[AG]/.test(source)) return [source];
  const variant = (allowA: boolean, allowG: boolean) => source.replace(/\\([\s\S])/g, (escape, char: string) => ((char === 'A' && !allowA) || (char === 'G' && !allowG) ? '\\\uFFFF' : escape));
  return [source, variant(false, false), variant(false, true), variant(true, false), variant(true, true)];
}
