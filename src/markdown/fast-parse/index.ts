import type { Root, RootContent } from 'mdast';
import { parseBlocks, type Line } from './blocks';
import { Points } from './points';
import { Unsupported } from './unsupported';

// A fast path for the parse of plain Markdown (README.md beside this file explains it): the tree micromark would
// give (the MDX processor's micromark, with front matter, GFM and directives), for files in a subset of Markdown that
// docs are mostly written in; undefined for any other file, which micromark parses as before. Positions included.

/** The mdast of `value`, or undefined when it holds anything this parser leaves to micromark. */
export function parsePlainMarkdown(value: string): Root | undefined {
  if (value.includes('\r')) return undefined;
  try {
    const points = new Points(value);
    const children: RootContent[] = [];
    let body = 0;
    if (value.startsWith('---\n')) {
      // The first line of dashes closes it (micromark's frontmatter allows whitespace after them: not parsed here).
      const close = /^---[ \t]*$/m.exec(value.slice(4));
      if (!close || close[0] !== '---') return undefined;
      const end = 4 + close.index + 3;
      children.push({ type: 'yaml', value: value.slice(4, Math.max(4, 4 + close.index - 1)), position: points.position(0, end) });
      if (end < value.length && value[end] !== '\n') return undefined;
      body = end + 1;
    }
    const lines: Line[] = [];
    for (let start = body; start <= value.length; ) {
      const end = value.indexOf('\n', start);
      const stop = end === -1 ? value.length : end;
      lines.push({ text: value.slice(start, stop), start });
      if (end === -1) break;
      start = end + 1;
    }
    children.push(...parseBlocks(lines, points));
    return { type: 'root', children, position: points.position(0, value.length) };
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}
