import { constants, crc32, deflateRawSync, deflateSync } from 'node:zlib';

// A PNG of palette indices (colour type 3): a card has at most 256 colours (its background, two anti-aliasing
// ramps and the logo's colours), so a pixel is one byte instead of three, and deflate has a third of the bytes to
// read. Rows use no filter, as the PNG specification advises for palette images; runs of the background deflate well.
// Deflate looks for runs only (Z_RLE), not for repeats anywhere behind: on this site's cards that is a fifth faster
// than level 3's search and a tenth smaller (runs are what a card is made of).
//
// A card is its site's template (background, header, bar) with text stamped on a band of rows: the rows above and
// below the band are the template's. `TemplateRows` deflates those once per band edge and a card deflates its band
// only (about half of its rows), its pieces joined as deflate allows (each piece ends on a byte boundary, with a sync
// flush). The zlib stream's checksum (Adler-32) of the whole image comes from the template's and the stamped pixels'
// changes, without reading the image again.

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DEFLATE = { level: 1, strategy: constants.Z_RLE };
/** zlib's header for a deflate stream of a 32 KB window at the fastest level (0x78 0x01, a multiple of 31). */
const ZLIB_HEADER = Buffer.from([0x78, 0x01]);
/** An empty last block (fixed Huffman codes, then the end-of-block code): ends a stream of sync-flushed pieces. */
const LAST_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);
const ADLER_MODULUS = 65521;
/** Template pieces kept per template: one per band edge a site's cards use (a few dozen at most in practice). */
const MAX_PIECES = 256;

/**
 * `scanlines` holds `height` rows of `width + 1` bytes: a filter byte (0) and one palette index per pixel;
 * `palette` holds three bytes (RGB) per colour.
 */
export function encodePalettePng(scanlines: Uint8Array, width: number, height: number, palette: Uint8Array): Buffer {
  return pngOf(width, height, palette, deflateSync(scanlines, DEFLATE));
}

/** A card's changes to its template: the rows they fall in and what they add to the Adler-32 sums (see `TemplateRows`). */
export interface StampedBand {
  /** The first and last row any change fell in (first > last: none). */
  first: number;
  last: number;
  /** Σ (new - old) over the changed bytes, and Σ (length - offset) × (new - old). */
  sum: number;
  weightedSum: number;
}

export function emptyBand(): StampedBand {
  return { first: Number.MAX_SAFE_INTEGER, last: -1, sum: 0, weightedSum: 0 };
}

/** Records that the byte at `offset` of an image of `length` bytes, in `row`, went from `before` to `after`. */
export function recordChange(band: StampedBand, length: number, row: number, offset: number, before: number, after: number): void {
  const delta = after - before;
  band.sum += delta;
  band.weightedSum += (length - offset) * delta;
  if (row < band.first) band.first = row;
  if (row > band.last) band.last = row;
}

/** A template's rows, deflated once per band edge, and its Adler-32 sums; the cards made from it are encoded with it. */
export class TemplateRows {
  readonly #scanlines: Uint8Array;
  readonly #rowBytes: number;
  readonly #height: number;
  readonly #sum: number;
  readonly #weightedSum: number;
  readonly #above = new Map<number, Buffer>();
  readonly #below = new Map<number, Buffer>();

  constructor(scanlines: Uint8Array, width: number, height: number) {
    this.#scanlines = scanlines;
    this.#rowBytes = width + 1;
    this.#height = height;
    // Adler-32's sums over the template: A = Σ bytes, B = Σ (length - offset) × byte (each taken mod 65521 at the end).
    let sum = 0;
    let weightedSum = 0;
    const length = scanlines.length;
    for (let offset = 0; offset < length; offset++) {
      const byte = scanlines[offset]!;
      if (!byte) continue;
      sum += byte;
      weightedSum += (length - offset) * byte;
    }
    this.#sum = sum;
    this.#weightedSum = weightedSum;
  }

  /** The PNG of `scanlines`: this template with the changes `band` recorded. */
  encode(scanlines: Uint8Array, band: StampedBand, palette: Uint8Array): Buffer {
    if (band.first > band.last) return encodePalettePng(scanlines, this.#rowBytes - 1, this.#height, palette);
    const start = band.first * this.#rowBytes;
    const end = (band.last + 1) * this.#rowBytes;
    const pieces: Uint8Array[] = [ZLIB_HEADER];
    if (start > 0) pieces.push(this.#piece(this.#above, start, 0, start));
    pieces.push(deflateRawSync(scanlines.subarray(start, end), { ...DEFLATE, finishFlush: constants.Z_SYNC_FLUSH }));
    if (end < this.#scanlines.length) pieces.push(this.#piece(this.#below, end, end, this.#scanlines.length));
    pieces.push(LAST_EMPTY_BLOCK, this.#adler(scanlines.length, band));
    return pngOf(this.#rowBytes - 1, this.#height, palette, Buffer.concat(pieces));
  }

  /** The template's bytes [from, to), deflated and sync-flushed: kept by the band edge `key`. */
  #piece(pieces: Map<number, Buffer>, key: number, from: number, to: number): Buffer {
    let piece = pieces.get(key);
    if (!piece) {
      piece = deflateRawSync(this.#scanlines.subarray(from, to), { ...DEFLATE, finishFlush: constants.Z_SYNC_FLUSH });
      if (pieces.size < MAX_PIECES) pieces.set(key, piece);
    }
    return piece;
  }

  #adler(length: number, band: StampedBand): Buffer {
    const mod = (value: number) => ((value % ADLER_MODULUS) + ADLER_MODULUS) % ADLER_MODULUS;
    const a = mod(1 + this.#sum + band.sum);
    const b = mod(length + this.#weightedSum + band.weightedSum);
    const out = Buffer.alloc(4);
    out.writeUInt32BE(((b << 16) | a) >>> 0);
    return out;
  }
}

function pngOf(width: number, height: number, palette: Uint8Array, idat: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 3, 0, 0, 0], 8); // 8 bits, palette, deflate, adaptive filtering, no interlace
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('PLTE', palette), chunk('IDAT', idat), chunk('IEND', new Uint8Array(0))]);
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
