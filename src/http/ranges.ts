// Byte ranges for `docsite serve`, by RFC 9110 §14. One range is served (206); a range-set naming
// more than one range is ignored, as §14.2 allows ("a server MAY ignore the Range header field"),
// and the whole file is sent (200): no multipart/byteranges. A Range header that does not parse
// (another unit, `bytes=abc`, `bytes=5-2`, whose last-pos is before its first-pos) is ignored too.
// A range that parses but starts at or after the end of the file, or asks for the last 0 bytes, is
// unsatisfiable (416). Ranges apply to the file as it is on disk, never to a compressed body.

export type RangeAnswer =
  /** Serve bytes `start` to `end`, both included (206). */
  | { kind: 'range'; start: number; end: number }
  /** 416, with `Content-Range: bytes *\/size`. */
  | { kind: 'unsatisfiable' }
  /** Answer as if there were no Range header (200, the whole file). */
  | { kind: 'ignore' };

interface RangeSpec {
  /** undefined: a suffix range (`-n`). */
  first: bigint | undefined;
  /** For an int-range, undefined when open (`n-`); for a suffix range, its length. */
  last: bigint | undefined;
}

const DIGITS = /^[0-9]+$/;

/** The answer to a Range header for a file of `size` bytes. */
export function rangeOf(header: string, size: number): RangeAnswer {
  const specs = parseRangeHeader(header);
  if (!specs || specs.length !== 1) return { kind: 'ignore' };
  const [{ first, last }] = specs as [RangeSpec];
  const length = BigInt(size);
  if (first === undefined) {
    // suffix-range: the last `last` bytes, the whole file when it is shorter.
    const suffix = last!;
    if (suffix === 0n || length === 0n) return { kind: 'unsatisfiable' };
    const start = suffix >= length ? 0n : length - suffix;
    return { kind: 'range', start: Number(start), end: size - 1 };
  }
  if (first >= length) return { kind: 'unsatisfiable' };
  const end = last === undefined || last >= length ? length - 1n : last;
  return { kind: 'range', start: Number(first), end: Number(end) };
}

/**
 * The range-specs of a `bytes` ranges-specifier; undefined when the header is not one (another unit,
 * or any range-spec that is not `first-last`, `first-` or `-suffix` with last >= first).
 * Numbers are parsed as bigints: `bytes=99999999999999999999-99999999999999999998` is invalid, not 416.
 */
export function parseRangeHeader(header: string): RangeSpec[] | undefined {
  const equals = header.indexOf('=');
  if (equals < 0) return undefined;
  // The range unit is case-insensitive (§14.1).
  if (header.slice(0, equals).trim().toLowerCase() !== 'bytes') return undefined;
  const specs: RangeSpec[] = [];
  // A list: empty elements are allowed and ignored (§5.6.1), OWS around each element.
  for (const element of header.slice(equals + 1).split(',')) {
    const spec = element.trim();
    if (spec === '') continue;
    const dash = spec.indexOf('-');
    if (dash < 0) return undefined;
    const firstText = spec.slice(0, dash);
    const lastText = spec.slice(dash + 1);
    if (firstText === '') {
      if (!DIGITS.test(lastText)) return undefined;
      specs.push({ first: undefined, last: BigInt(lastText) });
      continue;
    }
    if (!DIGITS.test(firstText) || (lastText !== '' && !DIGITS.test(lastText))) return undefined;
    const first = BigInt(firstText);
    const last = lastText === '' ? undefined : BigInt(lastText);
    // "A range-spec is invalid if the last-pos value is present and less than the first-pos" (§14.1.1).
    if (last !== undefined && last < first) return undefined;
    specs.push({ first, last });
  }
  return specs.length > 0 ? specs : undefined;
}

/**
 * Whether an If-Range condition lets the range apply (§13.1.5). An entity tag must match strongly: the
 * handler's tags are all weak, so an If-Range with a tag always sends the whole file. A date must equal
 * the file's Last-Modified (whole seconds).
 */
export function ifRangeHolds(header: string | undefined, etag: string, mtimeMs: number): boolean {
  if (header === undefined) return true;
  const value = header.trim();
  if (value.startsWith('"') || value.startsWith('W/')) {
    return !value.startsWith('W/') && !etag.startsWith('W/') && value === etag;
  }
  const date = Date.parse(value);
  return !Number.isNaN(date) && date === Math.floor(mtimeMs / 1000) * 1000;
}
