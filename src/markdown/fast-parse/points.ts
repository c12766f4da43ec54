import type { Point, Position } from 'unist';

/** Source offsets to unist points (1-based line and column, 0-based offset), as micromark gives them. */
export class Points {
  /** The offset each line starts at. */
  private readonly lineStarts: number[] = [0];

  constructor(source: string) {
    for (let at = source.indexOf('\n'); at !== -1; at = source.indexOf('\n', at + 1)) this.lineStarts.push(at + 1);
  }

  point(offset: number): Point {
    // The last line starting at or before the offset (binary search: a page has hundreds of lines).
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low]! + 1, offset };
  }

  position(start: number, end: number): Position {
    return { start: this.point(start), end: this.point(end) };
  }
}
