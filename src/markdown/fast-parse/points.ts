import type { Position } from 'unist';
import { location } from 'vfile-location';
import { VFile } from 'vfile';

/** Source offsets to unist points (1-based line and column, 0-based offset), as micromark gives them. */
export class Points {
  private readonly toPoint: ReturnType<typeof location>['toPoint'];

  constructor(source: string) {
    this.toPoint = location(new VFile(source)).toPoint;
  }

  position(start: number, end: number): Position {
    // Offsets come from the source itself: always in range, so a point is always there.
    return { start: this.toPoint(start)!, end: this.toPoint(end)! };
  }
}
