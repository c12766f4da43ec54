import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DocsiteError, type SourceLocation } from './errors';

// A watch on the heap at safe points of the build (between the operations of the API reference, between
// batches of pages): when an input makes the work outgrow the heap, the build stops with an error that
// names the input, instead of V8 aborting the process ("FATAL ERROR: Reached heap limit", exit 134, no
// word of which file). The previous output is untouched either way: the staged output is discarded.
//
// The heap may be full of garbage V8 has not collected yet (it collects late when the heap is large), so
// past the threshold the guard collects first, and stops only when what remains is still past it.

/** The share of the heap limit past which the work stops (after a full collection). */
export const HEAP_THRESHOLD = 0.8;

/**
 * A build that lives near the threshold must not collect at every safe point: after a collection, the next one
 * waits this long, unless the heap has since filled a quarter of the room that collection left.
 */
const COLLECT_EVERY_MS = 1000;

let lastCollected = 0;
/** What the last collection left, in bytes. */
let liveAfterCollection = 0;
let collect: (() => void) | undefined | null;

/** A full garbage collection, when this Node allows one (global.gc behind --expose-gc, enabled on first use). */
export function collectGarbage(): boolean {
  if (collect === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as () => void;
    } catch {
      collect = null;
    }
  }
  if (!collect) return false;
  collect();
  return true;
}

export interface HeapUse {
  usedBytes: number;
  limitBytes: number;
}

/**
 * V8's heap limit counts the young generation's reserve (48 MB in Node 20, whatever --max-old-space-size says),
 * but a heap dies when the old generation reaches its own limit: --max-old-space-size, the limit less the reserve.
 */
const YOUNG_GENERATION_RESERVE = 48 * 1024 * 1024;

/** The heap in use, and the old generation's limit (what --max-old-space-size sets). */
export function heapUse(): HeapUse {
  const statistics = getHeapStatistics();
  const limitBytes = Math.max(statistics.heap_size_limit - YOUNG_GENERATION_RESERVE, statistics.heap_size_limit / 2);
  return { usedBytes: statistics.used_heap_size, limitBytes };
}

/**
 * Throws a DocsiteError when the heap is past HEAP_THRESHOLD of its limit: "<subject> is too large: stopped at
 * N MB of M MB heap, while <doing>", located at `where` (the input's file, and line where known).
 * `threshold` is for tests.
 */
export function checkMemory(subject: string, doing: string, where?: Partial<SourceLocation>, threshold = HEAP_THRESHOLD): void {
  let { usedBytes, limitBytes } = heapUse();
  if (usedBytes < limitBytes * threshold) return;
  if (collect !== null) {
    // Only what a collection leaves counts; until the next one is due, the benefit of the doubt.
    const due = Date.now() - lastCollected >= COLLECT_EVERY_MS || usedBytes >= liveAfterCollection + (limitBytes - liveAfterCollection) / 4;
    if (!due) return;
    if (collectGarbage()) {
      lastCollected = Date.now();
      ({ usedBytes, limitBytes } = heapUse());
      liveAfterCollection = usedBytes;
      if (usedBytes < limitBytes * threshold) return;
    }
  }
  // Without a way to collect, garbage may be part of the count: stop only nearer the limit.
  if (collect === null && usedBytes < (limitBytes * (1 + threshold)) / 2) return;
  const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
  throw new DocsiteError(
    `${subject} is too large: stopped at ${mb(usedBytes)} MB of ${mb(limitBytes)} MB heap, while ${doing} (NODE_OPTIONS=--max-old-space-size=<MB> gives Node more memory)`,
    where,
  );
}
