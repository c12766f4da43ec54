import type { AlignType, BlockContent, Blockquote, Code, Heading, List, ListItem, Paragraph, RootContent, Table, TableCell, TableRow } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { parseInline, type InlineText } from './inline';
import type { Points } from './points';
import { unsupported } from './unsupported';

// The blocks of a page of plain Markdown: ATX headings, paragraphs, fenced code (backticks, unindented), tables with
// outer pipes, block quotes (`> `), lists (`- `, `1. `; an item's lines indented to its text) and container directives
// (`:::name`, `:::name[label]`). Blocks start at their container's first column (no indentation). Anything else is
// Unsupported (the file goes to micromark), and so is any line where CommonMark could read something else than what is
// parsed here: a paragraph's line that could start another block, a line after a list or quote that could continue it
// lazily, whitespace at a line's end.

/** A line of a container's content: its text without the container's markers, and where that text starts in the file. */
export interface Line {
  text: string;
  start: number;
}

export function parseBlocks(lines: readonly Line[], points: Points): RootContent[] {
  return new BlockParser(lines, points).blocks(0, lines.length);
}

class BlockParser {
  constructor(
    private readonly lines: readonly Line[],
    private readonly points: Points,
  ) {}

  private position(start: number, end: number) {
    return this.points.position(start, end);
  }

  private endOf(index: number): number {
    const line = this.lines[index]!;
    return line.start + line.text.length;
  }

  /** The blocks of lines [from, to). */
  blocks(from: number, to: number): RootContent[] {
    const nodes: RootContent[] = [];
    let index = from;
    while (index < to) {
      const text = this.lines[index]!.text;
      if (text === '') {
        index++;
        continue;
      }
      checkLine(text);
      const [node, next] = this.block(index, to);
      nodes.push(node);
      index = next;
    }
    return nodes;
  }

  private block(index: number, to: number): [RootContent, number] {
    const text = this.lines[index]!.text;
    const first = text[0]!;
    if (first === '#') return [this.heading(index), index + 1];
    if (text.startsWith('```')) return this.code(index, to);
    if (first === '>') return this.blockquote(index, to);
    if (first === '|') return this.table(index, to);
    if (text.startsWith(':::')) return this.directive(index, to);
    if (listMarker(text)) return this.list(index, to);
    return this.paragraph(index, to);
  }

  private heading(index: number): Heading {
    const { text, start } = this.lines[index]!;
    const match = /^(#{1,6}) (?=[^ ])/.exec(text);
    // A closing sequence (`## Title ##`) or a heading without text: micromark's.
    if (!match || text.endsWith('#')) unsupported('a heading this parser leaves to micromark');
    const depth = match[1]!.length as Heading['depth'];
    const content = { text: text.slice(depth + 1), lines: [{ at: 0, source: start + depth + 1 }] };
    return { type: 'heading', depth, children: parseInline(content, this.points), position: this.position(start, this.endOf(index)) } as Heading;
  }

  private code(index: number, to: number): [Code, number] {
    const { text, start } = this.lines[index]!;
    const fence = /^`+/.exec(text)![0];
    const info = text.slice(fence.length);
    if (info.includes('`') || /[\\&]/.test(info) || info !== info.trimEnd()) unsupported('a code fence info string this parser leaves to micromark');
    const trimmed = info.trim();
    const space = trimmed.search(/\s/);
    const lang = trimmed === '' ? null : space === -1 ? trimmed : trimmed.slice(0, space);
    const meta = space === -1 ? null : trimmed.slice(space).trim() || null;
    for (let line = index + 1; line < to; line++) {
      const body = this.lines[line]!.text;
      // What closes the fence: the fence's length or more, alone on the line, indented by any amount (MDX turns
      // indented code off, and with it CommonMark's limit of three spaces).
      if (!/^[ \t]*`{3,}[ \t]*$/.test(body)) continue;
      const run = body.trim().length;
      if (run < fence.length) continue;
      if (body !== body.trim()) unsupported('an indented closing fence');
      const value = this.lines.slice(index + 1, line).map((content) => content.text).join('\n');
      return [{ type: 'code', lang, meta, value, position: this.position(start, this.endOf(line)) }, line + 1];
    }
    unsupported('an unclosed code fence');
  }

  private blockquote(index: number, to: number): [Blockquote, number] {
    const inner: Line[] = [];
    let line = index;
    for (; line < to && this.lines[line]!.text.startsWith('>'); line++) {
      const { text, start } = this.lines[line]!;
      if (text === '>') inner.push({ text: '', start: start + 1 });
      else if (text[1] === ' ' && text[2] !== ' ') inner.push({ text: text.slice(2), start: start + 2 });
      else unsupported('a block quote line this parser leaves to micromark');
    }
    // A line right after the quote could continue its paragraph lazily.
    if (line < to && this.lines[line]!.text !== '') unsupported('a line after a block quote');
    const children = new BlockParser(inner, this.points).blocks(0, inner.length) as BlockContent[];
    return [{ type: 'blockquote', children, position: this.position(this.lines[index]!.start, this.endOf(line - 1)) }, line];
  }

  private table(index: number, to: number): [Table, number] {
    const delimiter = this.lines[index + 1]?.text;
    if (index + 1 >= to || !delimiter || !/^\|(?: *:?-+:? *\|)+$/.test(delimiter)) unsupported('a line starting with a pipe that is no table');
    const align: AlignType[] = delimiter.slice(1, -1).split('|').map((cell) => {
      const spec = cell.trim();
      const left = spec.startsWith(':');
      const right = spec.endsWith(':');
      return left && right ? 'center' : left ? 'left' : right ? 'right' : null;
    });
    const rows: TableRow[] = [this.tableRow(index, align.length)];
    let line = index + 2;
    for (; line < to && this.lines[line]!.text.startsWith('|'); line++) rows.push(this.tableRow(line, align.length));
    if (line < to && this.lines[line]!.text !== '') unsupported('a line after a table');
    return [{ type: 'table', align, children: rows, position: this.position(this.lines[index]!.start, this.endOf(line - 1)) }, line];
  }

  /** A row `| a | b |`: each cell from its pipe to the next (the last one's included), its text trimmed. */
  private tableRow(index: number, columns: number): TableRow {
    const { text, start } = this.lines[index]!;
    checkLine(text);
    if (!text.endsWith('|') || text.length < 2 || text.includes('\\')) unsupported('a table row this parser leaves to micromark');
    const pipes: number[] = [];
    for (let at = text.indexOf('|'); at !== -1; at = text.indexOf('|', at + 1)) pipes.push(at);
    if (pipes.length - 1 !== columns) unsupported('a table row with another number of cells');
    const cells: TableCell[] = [];
    for (let cell = 0; cell < columns; cell++) {
      const from = pipes[cell]! + 1;
      const to = pipes[cell + 1]!;
      const raw = text.slice(from, to);
      const lead = raw.length - raw.trimStart().length;
      const content = raw.trim();
      const children = content ? parseInline({ text: content, lines: [{ at: 0, source: start + from + lead }] }, this.points) : [];
      const end = cell === columns - 1 ? to + 1 : to;
      cells.push({ type: 'tableCell', children, position: this.position(start + pipes[cell]!, start + end) });
    }
    return { type: 'tableRow', children: cells, position: this.position(start, start + text.length) };
  }

  /** `:::name` or `:::name[label]` … `:::`, no attributes, no brackets or backslashes in the label, nothing nested with more colons. */
  private directive(index: number, to: number): [ContainerDirective, number] {
    const { text, start } = this.lines[index]!;
    const match = /^:::([a-zA-Z][a-zA-Z0-9-]*)(?:\[([^[\]\\]*)\])?$/.exec(text);
    if (!match) unsupported('a directive this parser leaves to micromark');
    const name = match[1]!;
    // The label is the directive's first child: a paragraph marked as such, from its opening bracket to its closing one.
    const labelAt = start + 3 + name.length;
    const label: Paragraph[] =
      match[2] === undefined
        ? []
        : [{ type: 'paragraph', data: { directiveLabel: true }, children: match[2] ? parseInline({ text: match[2], lines: [{ at: 0, source: labelAt + 1 }] }, this.points) : [], position: this.position(labelAt, labelAt + match[2].length + 2) }];
    // Colons inside a code fence of the content are the code's, which this parser does not decide.
    let inFence = false;
    for (let line = index + 1; line < to; line++) {
      const body = this.lines[line]!.text;
      if (body.startsWith('```')) inFence = !inFence;
      if (!body.startsWith(':::')) continue;
      if (body !== ':::' || inFence) unsupported('a directive inside a directive, or colons in its code');
      const children = [...label, ...(this.blocks(index + 1, line) as BlockContent[])];
      return [{ type: 'containerDirective', name, attributes: {}, children, position: this.position(start, this.endOf(line)) }, line + 1];
    }
    unsupported('an unclosed directive');
  }

  /**
   * A list: items of one kind, each its first line's text and the lines indented to that text below it (blank lines
   * between). A blank line between two items makes the list `spread`; one between an item's blocks, the item (as
   * mdast-util-from-markdown has them: a loose item does not make its list loose).
   */
  private list(index: number, to: number): [List, number] {
    const first = listMarker(this.lines[index]!.text)!;
    const items: ListItem[] = [];
    let spread = false;
    let line = index;
    for (;;) {
      const marker = listMarker(this.lines[line]!.text)!;
      const item = this.listItem(line, marker.size, to);
      items.push(item.node);
      let next = item.end;
      while (next < to && this.lines[next]!.text === '') next++;
      const following = next < to ? listMarker(this.lines[next]!.text) : undefined;
      if (following?.bullet === first.bullet) {
        spread ||= next > item.end;
        line = next;
        continue;
      }
      // A line right after an item that is not the item's: a block of another kind, or a lazy line.
      if (next === item.end && next < to) unsupported('a line after a list');
      line = item.end;
      break;
    }
    const list: List = { type: 'list', ordered: first.ordered, start: first.ordered ? first.start : null, spread, children: items, position: this.position(this.lines[index]!.start, this.endOf(line - 1)) };
    return [list, line];
  }

  /** An item from its marker's line to its last line indented to its text (`end`: the line after that). */
  private listItem(index: number, size: number, to: number): { node: ListItem; end: number } {
    const { text, start } = this.lines[index]!;
    checkLine(text);
    const content = text.slice(size);
    if (!startsParagraph(content) || /^\[[ xX]\]/.test(content)) unsupported('a list item this parser leaves to micromark');
    const inner: Line[] = [{ text: content, start: start + size }];
    const indent = ' '.repeat(size);
    let end = index + 1;
    for (let line = index + 1; line < to; line++) {
      const body = this.lines[line]!;
      if (body.text === '') {
        inner.push({ text: '', start: body.start });
        continue;
      }
      if (!body.text.startsWith(indent)) break;
      // Deeper indentation is the item's too, in ways (code, lazy lines) this parser leaves to micromark.
      if (body.text[size] === ' ') unsupported('a list item line indented deeper than its text');
      inner.push({ text: body.text.slice(size), start: body.start + size });
      end = line + 1;
    }
    inner.length = end - index;
    const children = new BlockParser(inner, this.points).blocks(0, inner.length) as BlockContent[];
    // Loose: a blank line between two of its blocks.
    const spread = children.some((child, at) => at > 0 && child.position!.start.line - children[at - 1]!.position!.end.line > 1);
    return { node: { type: 'listItem', spread, checked: null, children, position: this.position(start, this.endOf(end - 1)) }, end };
  }

  private paragraph(index: number, to: number): [Paragraph, number] {
    if (!startsParagraph(this.lines[index]!.text)) unsupported('a line this parser leaves to micromark');
    let line = index + 1;
    for (; line < to; line++) {
      const text = this.lines[line]!.text;
      if (text === '' || interruptsParagraph(text)) break;
      checkLine(text);
      if (!startsParagraph(text)) unsupported('a paragraph line this parser leaves to micromark');
    }
    const lines = this.lines.slice(index, line);
    const content: InlineText = { text: lines.map((each) => each.text).join('\n'), lines: [] };
    const starts: { at: number; source: number }[] = [];
    let at = 0;
    for (const each of lines) {
      starts.push({ at, source: each.start });
      at += each.text.length + 1;
    }
    content.lines = starts;
    return [{ type: 'paragraph', children: parseInline(content, this.points), position: this.position(this.lines[index]!.start, this.endOf(line - 1)) }, line];
  }
}

/** Whitespace at either end of a line, or a tab anywhere, is left to micromark. */
function checkLine(text: string): void {
  const last = text.charCodeAt(text.length - 1);
  if (text.charCodeAt(0) === 32 || last === 32 || text.includes('\t')) unsupported('whitespace this parser leaves to micromark');
}

/** `- ` or `1. ` (followed by text): a list item's marker, its size with the space, and the ordered list's start. */
function listMarker(text: string): { bullet: string; size: number; ordered: boolean; start: number } | undefined {
  if (text.startsWith('- ') && text.length > 2 && text[2] !== ' ') return { bullet: '-', size: 2, ordered: false, start: 1 };
  const ordered = /^(\d{1,9})\. (?=[^ ])/.exec(text);
  return ordered ? { bullet: '.', size: ordered[0].length, ordered: true, start: Number(ordered[1]) } : undefined;
}

/** Blocks that end a paragraph without a blank line, as CommonMark has them (an ordered list only from 1). */
function interruptsParagraph(text: string): boolean {
  if (text.startsWith('```') || /^#{1,6} /.test(text) || text.startsWith('> ') || text.startsWith('- ')) return true;
  const marker = listMarker(text);
  return marker !== undefined && marker.ordered && marker.start === 1;
}

/**
 * A line this parser reads as paragraph text: it starts with nothing that could start another block (or a link
 * reference definition, a footnote definition, a setext underline, a thematic break, a list of `*` or `+`).
 */
function startsParagraph(text: string): boolean {
  const first = text[0]!;
  if (' \t#>-+=|:<{}~_\\&!'.includes(first)) return false;
  // MDX's import and export statements.
  if ((first === 'i' || first === 'e') && /^(?:import|export)\b/.test(text)) return false;
  if (first === '*') return /^\*\*?[^\s*]/.test(text);
  if (first === '`') return !text.startsWith('```');
  if (first === '[') return !/^\[[^\]]*\]:/.test(text);
  if (first >= '0' && first <= '9') return !/^\d{1,9}[.)]/.test(text);
  return true;
}
