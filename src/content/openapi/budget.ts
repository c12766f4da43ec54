// A bound on the work one operation's page may take. Expanding schemas is exponential in the worst
// case: a schema whose properties each use the next schema, 25 levels deep, is a few KB of YAML and
// 2^25 nodes once expanded; `allOf` chains are merged part by part, and openapi-sampler walks every
// branch of them again. Every step of the expansion (a node of a schema tree, an `allOf` part merged,
// a value the example generator would make) is charged to the operation's budget; past the limit the
// expansion stops with ExpansionLimitReached, which loadApiReference turns into an error naming the
// operation, the part of it and the schemas on the way.

/**
 * Steps one operation may take. The Memora reference (146 operations) takes at most 486 for one operation,
 * 11,460 for all; a page of a quarter of a million schema nodes is far past anything a person reads, and
 * one still builds in a 512 MB heap.
 */
export const EXPANSION_LIMIT = 250_000;

export class ExpansionLimitReached extends Error {
  constructor(
    readonly limit: number,
    /** What was being expanded, e.g. "the 200 response (application/json)". */
    readonly part: string,
    /** What kind of work: the schema shown on the page, or the example generated from it. */
    readonly work: 'schema' | 'example',
    /** The `$ref`s being expanded when the limit was reached, outermost first. */
    readonly refs: readonly string[],
  ) {
    super(`more than ${limit} steps expanding ${part}`);
    this.name = 'ExpansionLimitReached';
  }
}

export class ExpansionBudget {
  private used = 0;
  /** The part of the operation being expanded; set by the operation page as it goes. */
  part = 'its schemas';

  constructor(readonly limit = EXPANSION_LIMIT) {}

  /** Steps taken so far. */
  get spent(): number {
    return this.used;
  }

  /** Charges `steps`; throws once the total passes the limit. */
  spend(steps: number, work: 'schema' | 'example', refs: readonly string[]): void {
    this.used += steps;
    // A copy: the caller's list of refs unwinds with the expansion.
    if (this.used > this.limit) throw new ExpansionLimitReached(this.limit, this.part, work, [...refs]);
  }
}
