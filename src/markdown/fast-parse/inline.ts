import type { Emphasis, Link, PhrasingContent, Strong } from 'mdast';
import type { Points } from './points';
import { unsupported } from './unsupported';

// The text of a paragraph, heading or table cell: plain text, code spans, inline links, and emphasis whose every
// delimiter run either opens or closes. Anything else (escapes, references, entities, HTML or JSX, expressions,
// images, directives, autolink literals, strikethrough, a delimiter run that could do both) is Unsupported, and the
// file goes to micromark.

/** Inline content: its characters, and where each of its lines starts in the source. */
export interface InlineText {
  /** The lines joined by line feeds, without what their containers put before them (`> `). */
  text: string;
  /** Each line's start: `at` in `text`, `source` in the file. The first has `at` 0. */
  lines: ReadonlyArray<{ at: number; source: number }>;
}

/**
 * Characters that start what this parser leaves to micromark, wherever they are outside code and not escaped. A
 * backslash before anything but an escapable character (below) is one too: before a line ending it is a hard break.
 */
const LEFT_TO_MICROMARK = new Set(['\\', '&', '<', '{', '}', '~', '@', '\t', '\r', '\0', '!', ']']);
/** What a backslash escapes (CommonMark's ASCII punctuation), but `@`, whose text GFM searches for e-mail addresses. */
const ESCAPABLE = new Set([...'!"#$%&\'()*+,-./:;<=>?[\\]^_`{|}~']);
/** What GFM's autolink literals start with: such text is micromark's. */
const URL_LITERAL = /https?:\/\/|www\./i;

interface Delimiter {
  marker: '*' | '_';
  size: number;
  start: number;
  children: PhrasingContent[];
}

export function parseInline(content: InlineText, points: Points): PhrasingContent[] {
  return new InlineParser(content, points).parse(0, content.text.length);
}

class InlineParser {
  private readonly text: string;

  constructor(
    private readonly content: InlineText,
    private readonly points: Points,
  ) {
    this.text = content.text;
  }

  /**
   * The source offset of a position in the text. An end right after a line feed is taken on the line the feed ends,
   * as micromark has it: the next line's start in the file, before what its container puts there (`> `).
   */
  private sourceOf(at: number, end = false): number {
    const lines = this.content.lines;
    let line = lines.length - 1;
    while (line > 0 && (end ? lines[line]!.at >= at : lines[line]!.at > at)) line--;
    return lines[line]!.source + (at - lines[line]!.at);
  }

  private position(start: number, end: number) {
    return this.points.position(this.sourceOf(start), this.sourceOf(end, true));
  }

  parse(from: number, to: number): PhrasingContent[] {
    const text = this.text;
    const root: Delimiter = { marker: '*', size: 0, start: from, children: [] };
    const stack: Delimiter[] = [root];
    let textStart = -1;
    // The text before the last escape, without its backslashes, and where the text after it starts.
    let escaped = '';
    let afterEscape = -1;
    const flush = (end: number) => {
      if (textStart === -1) return;
      const value = afterEscape === -1 ? text.slice(textStart, end) : escaped + text.slice(afterEscape, end);
      if (URL_LITERAL.test(value)) unsupported('an autolink literal');
      stack[stack.length - 1]!.children.push({ type: 'text', value, position: this.position(textStart, end) });
      textStart = -1;
      escaped = '';
      afterEscape = -1;
    };
    let at = from;
    while (at < to) {
      const char = text[at]!;
      if (char === '\\' && at + 1 < to && ESCAPABLE.has(text[at + 1]!)) {
        // A backslash escape: the character is text, whatever it would start, and the backslash is not.
        if (textStart === -1) textStart = at;
        escaped += text.slice(afterEscape === -1 ? textStart : afterEscape, at) + text[at + 1];
        afterEscape = at + 2;
        at += 2;
      } else if (char === '`') {
        const end = this.codeSpanEnd(at, to);
        flush(at);
        stack[stack.length - 1]!.children.push(this.codeSpan(at, end));
        at = end;
      } else if (char === '[') {
        const link = this.link(at, to);
        flush(at);
        stack[stack.length - 1]!.children.push(link.node);
        at = link.end;
      } else if (char === '*' || char === '_') {
        let end = at + 1;
        while (end < to && text[end] === char) end++;
        const { open, close } = flanking(char, at > 0 ? text.charCodeAt(at - 1) : null, end < text.length ? text.charCodeAt(end) : null);
        if (!open && !close) {
          if (textStart === -1) textStart = at;
          at = end;
          continue;
        }
        const size = end - at;
        if ((open && close) || size > 2) unsupported('an ambiguous emphasis delimiter');
        flush(at);
        if (open) {
          stack.push({ marker: char, size, start: at, children: [] });
        } else {
          const opener = stack[stack.length - 1]!;
          if (stack.length === 1 || opener.marker !== char || opener.size !== size) unsupported('an unmatched emphasis delimiter');
          stack.pop();
          const node = { type: size === 2 ? 'strong' : 'emphasis', children: opener.children, position: this.position(opener.start, end) } as Strong | Emphasis;
          stack[stack.length - 1]!.children.push(node);
        }
        at = end;
      } else {
        if (LEFT_TO_MICROMARK.has(char) && !(char === '!' && text[at + 1] !== '[')) unsupported(`"${char}" in text`);
        // `:name` is a text directive (remark-directive): a name starts with anything but whitespace and punctuation.
        if (char === ':' && at + 1 < text.length && kindOf(text.charCodeAt(at + 1)) === 0) unsupported('a text directive');
        if (textStart === -1) textStart = at;
        at++;
      }
    }
    flush(to);
    if (stack.length > 1) unsupported('an unclosed emphasis');
    return root.children;
  }

  /** The end of the code span opening at `at` (its closing run's end). */
  private codeSpanEnd(at: number, to: number): number {
    const text = this.text;
    let size = 1;
    while (text[at + size] === '`') size++;
    for (let search = at + size; ; ) {
      const next = text.indexOf('`', search);
      if (next === -1 || next >= to) unsupported('an unclosed code span');
      let run = 1;
      while (text[next + run] === '`') run++;
      if (run === size) return next + run;
      search = next + run;
    }
  }

  private codeSpan(start: number, end: number): PhrasingContent {
    let size = 1;
    while (this.text[start + size] === '`') size++;
    let value = this.text.slice(start + size, end - size);
    if (value.includes('\n')) unsupported('a code span over lines');
    // One space on each side is padding, unless the code is spaces only.
    if (value.length > 2 && value[0] === ' ' && value[value.length - 1] === ' ' && value.trim() !== '') value = value.slice(1, -1);
    return { type: 'inlineCode', value, position: this.position(start, end) };
  }

  /** `[text](destination)`, no title; the text holds no brackets and the destination no spaces or parentheses. */
  private link(start: number, to: number): { node: Link; end: number } {
    const text = this.text;
    let close = start + 1;
    while (close < to && text[close] !== ']') {
      if (text[close] === '[') unsupported('brackets in a link text');
      if (text[close] === '\\' && ESCAPABLE.has(text[close + 1] ?? '')) close += 2;
      else close = text[close] === '`' ? this.codeSpanEnd(close, to) : close + 1;
    }
    if (close >= to || text[close + 1] !== '(' || close === start + 1) unsupported('a bracket that is no inline link');
    const urlStart = close + 2;
    let urlEnd = urlStart;
    while (urlEnd < to && text[urlEnd] !== ')') {
      if (' \n\t(<\\&'.includes(text[urlEnd]!)) unsupported('a link destination this parser leaves to micromark');
      urlEnd++;
    }
    if (urlEnd >= to || urlEnd === urlStart) unsupported('a link destination this parser leaves to micromark');
    const children = this.parse(start + 1, close);
    return { node: { type: 'link', title: null, url: text.slice(urlStart, urlEnd), children, position: this.position(start, urlEnd + 1) }, end: urlEnd + 1 };
  }
}

/**
 * Whether a run of `*` or `_` may open or close emphasis: micromark's rule (core-commonmark's attention), from the
 * characters before and after the run (null at the start or end of the text).
 */
function flanking(marker: '*' | '_', before: number | null, after: number | null): { open: boolean; close: boolean } {
  const kindBefore = kindOf(before);
  const kindAfter = kindOf(after);
  const open = !kindAfter || (kindAfter === PUNCTUATION && !!kindBefore);
  const close = !kindBefore || (kindBefore === PUNCTUATION && !!kindAfter);
  if (marker === '*') return { open, close };
  return { open: open && (!!kindBefore || !close), close: close && (!!kindAfter || !open) };
}

const WHITESPACE = 1;
const PUNCTUATION = 2;
const UNICODE_PUNCTUATION = /\p{P}|\p{S}/u;
const UNICODE_WHITESPACE = /\s/;

/** micromark's classifyCharacter: 1 whitespace (or none), 2 punctuation, 0 anything else. */
function kindOf(code: number | null): number {
  if (code === null || code === 32) return WHITESPACE;
  const char = String.fromCharCode(code);
  if (UNICODE_WHITESPACE.test(char)) return WHITESPACE;
  if (UNICODE_PUNCTUATION.test(char)) return PUNCTUATION;
  return 0;
}
