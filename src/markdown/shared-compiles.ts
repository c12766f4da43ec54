import { dirname, sep } from 'node:path';
import type { CompiledMarkdown } from './compile';
import { keepsWritten, type OutgoingLink } from './plugins/links';
import { staticHtmlOf } from './static-html';
import { escapeLikeReact } from '../shared/html';

// A versioned or translated site compiles the same text many times: a doc unchanged since version 1.0 is the
// same file in every version's folder, and a doc not translated yet is the default locale's file again. What
// such compiles differ in is the hrefs of their links (a version's relative `.md` links, a locale's base URL),
// so one compile serves them all once its links are resolved again for each file.

/** What the store may hold, in characters of compiled code and search text: past it, texts compile again. */
const DEFAULT_MAX_CHARS = 64 * 2 ** 20;

export interface SharedCompilesOptions {
  maxChars?: number;
}

/**
 * The compile results of one build, by a key that leaves the file's location out (compile-files.ts
 * `compileJobOf`), for every compileMarkdown call of the build: a build makes one and passes it to each
 * locale's call. It keeps the first result of each text only, which the build holds anyway.
 */
export class SharedCompiles {
  /** null: a text whose compile cannot move (it imports an image next to its file). */
  private readonly results = new Map<string, CompiledMarkdown | null>();
  private readonly compiling = new Map<string, Promise<unknown>>();
  private readonly maxChars: number;
  private held = 0;
  private moved = 0;

  constructor(options: SharedCompilesOptions = {}) {
    this.maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  }

  /** How many results were moved to another file instead of compiled, over the store's life. */
  get relocated(): number {
    return this.moved;
  }

  /** Keeps a result of the file at `absolutePath` for the other files of the same text, unless one is kept. */
  offer(key: string, compiled: CompiledMarkdown, absolutePath: string): void {
    if (this.results.has(key)) return;
    if (!canMove(compiled, absolutePath)) {
      this.results.set(key, null);
      return;
    }
    const size = sizeOf(compiled);
    if (this.held + size > this.maxChars) return;
    this.held += size;
    this.results.set(key, compiled);
  }

  /**
   * Marks a compile of the text under way: another file of the same text waits for it (`take`) rather than
   * compiling too. Its result is offered when it comes.
   */
  track(key: string, compiling: Promise<CompiledMarkdown | undefined>, absolutePath: string): void {
    if (this.results.has(key) || this.compiling.has(key)) return;
    const done = compiling
      .then((compiled) => {
        if (compiled) this.offer(key, compiled, absolutePath);
      })
      .catch(() => undefined)
      .finally(() => this.compiling.delete(key));
    this.compiling.set(key, done);
  }

  /** Whether a compile of the text is kept or under way. */
  has(key: string): boolean {
    return !!this.results.get(key) || this.compiling.has(key);
  }

  /** The kept result of the text moved to another file (`resolve` gives that file's hrefs), if it can move. */
  relocate(key: string, content: string, resolve: (written: string) => string): CompiledMarkdown | undefined {
    const source = this.results.get(key);
    if (!source) return undefined;
    const moved = relocateCompiled(source, content, resolve);
    if (moved) this.moved++;
    return moved;
  }

  /** As `relocate`, once a compile of the text under way is done. */
  async take(key: string, content: string, resolve: (written: string) => string): Promise<CompiledMarkdown | undefined> {
    await this.compiling.get(key);
    return this.relocate(key, content, resolve);
  }
}

/**
 * Whether a compile depends on its file's location beyond its links. An image next to the page is imported
 * by absolute path, with its size read from that file; and whatever else writes the file's folder into the
 * code (a site's own plugin may) makes the code the file's alone.
 */
function canMove(compiled: CompiledMarkdown, absolutePath: string): boolean {
  // HTML-only content (compile.ts `htmlOnly`) has no imports: only a plugin could have written the folder into it.
  const text = compiled.code ?? compiled.html ?? '';
  if (text.includes('__docsiteImage')) return false;
  const folder = dirname(absolutePath) + sep;
  // As written in a string of the code too, where a Windows path's backslashes are escaped.
  return !text.includes(folder) && !text.includes(JSON.stringify(folder).slice(1, -1));
}

function sizeOf(compiled: CompiledMarkdown): number {
  return (compiled.code?.length ?? 0) + (compiled.html?.length ?? 0) + compiled.sections.reduce((total, section) => total + section.text.length + (section.heading?.length ?? 0), 0) + (compiled.excerpt?.length ?? 0);
}

/**
 * A compile of the same text moved to another file or setup: each link resolved again from what was
 * written, the code's `href` of each changed one replaced. Undefined when the code cannot be changed that
 * exactly, and the text must be compiled instead:
 * - two links with one href that now need two (one changed, the other not, or changed to different hrefs);
 * - an href the code writes otherwise than as the link's value (percent-encoded by the MDX compiler),
 *   or also outside an `href` (an image reference's `src`, text);
 * - an href the text also writes as a string of its own (a JSX `<a href="/docs/x">`, which no resolver
 *   changes, compiles to the same `href: "/docs/x"`).
 */
export function relocateCompiled(compiled: CompiledMarkdown, content: string, resolve: (written: string) => string): CompiledMarkdown | undefined {
  const hrefs = new Map<string, string>();
  const links: OutgoingLink[] = [];
  for (const link of compiled.links) {
    const written = link.written ?? link.href;
    const href = resolve(written);
    const earlier = hrefs.get(link.href);
    if (earlier !== undefined && earlier !== href) return undefined;
    hrefs.set(link.href, href);
    links.push({ href, ...(keepsWritten(written, href) ? { written } : {}), ...(link.line !== undefined ? { line: link.line, column: link.column! } : {}) });
  }
  const { code } = compiled;
  const syntax = code === undefined ? HTML_HREFS : MODULE_HREFS;
  const text = code ?? compiled.html ?? '';
  const replacements = new Map<string, string>();
  for (const [from, to] of hrefs) {
    if (from === to) continue;
    if (!asEncoded(from) || !asEncoded(to)) return undefined;
    const literal = syntax.quote(from);
    if (occurrences(text, literal) !== occurrences(text, `${syntax.prefix}${literal}`)) return undefined;
    if ([`"${from}"`, `'${from}'`, `\`${from}\``].some((written) => content.includes(written))) return undefined;
    replacements.set(literal, syntax.quote(to));
  }
  if (!replacements.size) return compiled;
  // One pass: a link moving to the href another one had must not move twice.
  const moved = text.replace(syntax.pattern, (match, literal: string) => {
    const replacement = replacements.get(literal);
    return replacement === undefined ? match : `${syntax.prefix}${replacement}`;
  });
  if (code === undefined) return { ...compiled, links, html: moved };
  // Static content's HTML is rendered again from the moved code: it holds the same hrefs, escaped as React writes them.
  if (compiled.html === undefined) return { ...compiled, code: moved, links };
  const html = staticHtmlOf(moved);
  return html === undefined ? undefined : { ...compiled, code: moved, links, html };
}

/** How a compile writes a link's href: the module as a JSON string (`href: "/docs/x"`), HTML-only content as React writes the attribute. */
interface HrefSyntax {
  quote: (href: string) => string;
  prefix: string;
  /** Every href written, its quoted value captured. */
  pattern: RegExp;
}

const MODULE_HREFS: HrefSyntax = { quote: (href) => JSON.stringify(href), prefix: 'href: ', pattern: /href: ("(?:[^"\\\n]|\\.)*")/g };
const HTML_HREFS: HrefSyntax = { quote: (href) => `"${escapeLikeReact(href)}"`, prefix: 'href=', pattern: /href=("[^"]*")/g };

/**
 * Whether the MDX compiler writes a URL into the code as it is: it percent-encodes every character outside
 * this set (micromark's `normalizeUri`), except a `%` that starts an escape already.
 */
function asEncoded(url: string): boolean {
  return /^(?:[!#$&-;=?-Z_a-z~]|%[A-Za-z0-9]{2})*$/.test(url);
}

function occurrences(text: string, part: string): number {
  let count = 0;
  for (let at = text.indexOf(part); at !== -1; at = text.indexOf(part, at + part.length)) count++;
  return count;
}
