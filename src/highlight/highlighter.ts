import type { BundledLanguage, Highlighter, ShikiTransformer } from 'shiki';
import { shiki, shikiJavaScriptEngine } from './shiki-package';
import { codeHtml } from './code-html';
import { withContrast } from './contrast';
import { loadLightDarkTheme, mergeWhitespaceTokens, type LightDarkTheme } from './light-dark-theme';
import { loadOnigurumaToEs, REGEX_TABLE_FILE, tableRegexConstructor } from './regex-table';
import { cacheGrammarLines, forgetCachedLines, withLineCache } from './line-cache';

// One shiki highlighter per process. Languages load on first use (`ensureLanguage`), but for the few the API
// reference highlights without asking, loaded with it.

export const LIGHT_THEME = 'github-light';
export const DARK_THEME = 'github-dark';

/** The code block backgrounds of the theme (`--code-bg` in templates/styles/tokens.css; a unit test keeps them equal). */
export const CODE_BACKGROUNDS = { light: '#f6f7f9', dark: '#1f2028' } as const;

/**
 * Token colours raised to WCAG AA (4.5:1) against the code background: github-light's greens, greys and
 * oranges and github-dark's comments fall short of it on docsite's code blocks.
 */
export function accessibleTokenColor(color: string, mode: 'light' | 'dark'): string {
  return withContrast(color, CODE_BACKGROUNDS[mode], 4.5);
}

/** The languages docs use most, whose grammars' regexes `npm run compile` translates ahead (regex-table.ts). */
export const PRELOADED: BundledLanguage[] = ['bash', 'shell', 'json', 'jsonc', 'yaml', 'typescript', 'javascript', 'tsx', 'jsx', 'sql', 'diff', 'powershell', 'nginx', 'python', 'html', 'css', 'markdown', 'toml', 'ini', 'dockerfile'];

/**
 * Loaded with the highlighter: the API reference's samples and examples (curl, JavaScript, Python, JSON), highlighted
 * without `ensureLanguage`. Every other language loads when a block asks for it: loading all of PRELOADED took a
 * compile worker 180-220 ms against 100-125 ms for these and the nine the bench corpus uses.
 */
const LOADED_WITH_THE_HIGHLIGHTER: BundledLanguage[] = ['bash', 'json', 'javascript', 'python'];

const ALIASES: Record<string, string> = { sh: 'bash', zsh: 'bash', console: 'bash', shellsession: 'bash', yml: 'yaml', ts: 'typescript', js: 'javascript', py: 'python', ps1: 'powershell', ps: 'powershell', md: 'markdown', conf: 'nginx', env: 'ini', dotenv: 'ini', text: 'text', txt: 'text', plaintext: 'text' };

let highlighter: Promise<Highlighter> | undefined;
/** The light and dark themes as one, when they allow it (see light-dark-theme.ts). */
const lightDarkThemes = new WeakMap<Highlighter, LightDarkTheme>();

export function getHighlighter(): Promise<Highlighter> {
  // The JavaScript regex engine: alone, the Oniguruma (WebAssembly) engine highlights docs code a fifth faster,
  // but inside the compile workers whole cold builds of the 1000-page bench corpus were ~1 s slower with it
  // (10.4/11.1 s against 9.4/10.2 s of compile), so the engine without a WebAssembly heap stays.
  // Its regexes come translated from the table `npm run compile` wrote (regex-table.ts) where it has them.
  highlighter ??= loadOnigurumaToEs().then((onigurumaToEs) => shiki().createHighlighter({ themes: [LIGHT_THEME, DARK_THEME], langs: LOADED_WITH_THE_HIGHLIGHTER, engine: shikiJavaScriptEngine().createJavaScriptRegexEngine({ forgiving: true, regexConstructor: tableRegexConstructor(new URL(`./${REGEX_TABLE_FILE}`, import.meta.url), onigurumaToEs) }) })).then(async (instance) => {
    const lightDark = await loadLightDarkTheme(instance, LIGHT_THEME, DARK_THEME, accessibleTokenColor);
    if (lightDark) lightDarkThemes.set(instance, lightDark);
    return instance;
  });
  return highlighter;
}

/** The loaded language for a fence's info string, or "text" when shiki does not know it. */
export async function ensureLanguage(instance: Highlighter, requested: string | null | undefined): Promise<string> {
  if (!requested) return 'text';
  const lang = ALIASES[requested.toLowerCase()] ?? requested.toLowerCase();
  if (lang === 'text') return 'text';
  if (instance.getLoadedLanguages().includes(lang)) return lang;
  if (lang in shiki().bundledLanguages) {
    // A grammar that colours the languages inside it only when they are loaded (Markdown's fences) finds the common
    // ones loaded, as it did when they all came with the highlighter: its blocks do not depend on what this process
    // highlighted before.
    const registrations = (await shiki().bundledLanguages[lang as BundledLanguage]()).default;
    if (registrations.some((registration) => registration.embeddedLangsLazy?.length)) await instance.loadLanguage(...PRELOADED);
    await instance.loadLanguage(lang as BundledLanguage);
    // A grammar loaded may be embedded in or injected into those loaded before: their lines may tokenize otherwise.
    forgetCachedLines();
    return lang;
  }
  return 'text';
}

/**
 * No time limit per line. Shiki's default (`tokenizeTimeLimit: 500`) makes the tokenizer give up on a line
 * that took more than 500 ms of wall-clock time: the rest of the line becomes one token in the colour of the
 * state it stopped in, and the next lines start from that state (a bash `npm install -g x` left in one
 * default-coloured span, or `-g` running on into the next line's command). A grammar's regexes are compiled
 * lazily, inside the first lines that reach them (with the JavaScript engine, ~300 ms for bash's first line
 * on an idle machine), so on a busy machine, in two compile workers, a GC pause or a stolen time slice pushed
 * some of those lines over the limit: the same code gave different HTML from one build to the next. The output
 * must depend on the code only. (The check runs between regex matches, so it never guarded against a
 * runaway regex anyway; a long line only takes longer.)
 */
const TOKENIZE_TIME_LIMIT = 0;

/** Code -> shiki HTML with both themes as CSS variables; the page's colour mode picks one. */
export function highlightCode(instance: Highlighter, code: string, lang: string, transformers: ShikiTransformer[] = []): string {
  const lightDark = lightDarkThemes.get(instance);
  if (lightDark) return withCachedLines(instance, lang, lightDark, () => instance.codeToHtml(code, { lang, theme: lightDark.name, mergeWhitespaces: false, tokenizeTimeLimit: TOKENIZE_TIME_LIMIT, transformers: [lightDark.transformer, ...transformers] }));
  return instance.codeToHtml(code, { lang, themes: { light: LIGHT_THEME, dark: DARK_THEME }, defaultColor: false, tokenizeTimeLimit: TOKENIZE_TIME_LIMIT, transformers });
}

/**
 * `highlightCode` of code with these lines (1-based) highlighted: the same HTML, written from the tokens without
 * shiki's HTML tree when the light-dark theme is loaded (code-html.ts).
 */
export function highlightCodeLines(instance: Highlighter, code: string, lang: string, highlighted: ReadonlySet<number>): string {
  const lightDark = lightDarkThemes.get(instance);
  if (lightDark) {
    const { tokens } = withCachedLines(instance, lang, lightDark, () => instance.codeToTokens(code, { lang: lang as BundledLanguage, theme: lightDark.name, tokenizeTimeLimit: TOKENIZE_TIME_LIMIT }));
    return codeHtml(mergeWhitespaceTokens(tokens), lightDark.styleOf, lightDark.pre, highlighted);
  }
  return highlightCode(instance, code, lang, [
    {
      line(hast, line) {
        if (highlighted.has(line)) this.addClassToHast(hast, 'highlighted');
      },
    },
  ]);
}

/** Languages shiki tokenizes without a grammar. */
const PLAIN_LANGUAGES = new Set(['text', 'txt', 'plaintext', 'plain', 'ansi']);

/**
 * Runs a tokenization of `lang` in the light-dark theme with the grammar's lines cached (line-cache.ts): the theme is
 * the only one such tokenizations use, so the tokens kept are its.
 */
function withCachedLines<T>(instance: Highlighter, lang: string, lightDark: LightDarkTheme, tokenize: () => T): T {
  if (PLAIN_LANGUAGES.has(lang)) return tokenize();
  cacheGrammarLines(instance.getLanguage(lang));
  return withLineCache(lightDark.name, tokenize);
}

/**
 * The HTML of code highlighted in sections (`highlightCode` of each; the code is the sections joined by line
 * breaks), as one block. It is the HTML of the whole code highlighted at once when each section starts at the top
 * level of its language's grammar (a new statement): the tokenizer's state there is that of a file's start.
 */
export function joinHighlightedSections(sections: readonly string[]): string {
  const [first] = sections;
  if (first === undefined) throw new Error('no sections to join');
  if (sections.length === 1) return first;
  const lines = (html: string) => html.slice(html.indexOf('<code>') + '<code>'.length, html.lastIndexOf('</code>'));
  return `${first.slice(0, first.indexOf('<code>') + '<code>'.length)}${sections.map(lines).join('\n')}${first.slice(first.lastIndexOf('</code>'))}`;
}

/** The body of a code block: the highlighted `<pre>` and the copy button the client wires up (copy-code.ts). */
export function codeBlockBody(pre: string): string {
  return `<div class="code-block-body">${pre}<button type="button" class="code-copy" aria-label="Copy code to clipboard" title="Copy"></button></div>`;
}
