import { constants, crc32, deflateSync } from 'node:zlib';

// A PNG of palette indices (colour type 3): a card has at most 256 colours (its background, two anti-aliasing
// ramps and the logo's colours), so a pixel is one byte instead of three, and deflate has a third of the bytes to
// read. Rows use no filter, as the PNG specification advises for palette images; runs of the background deflate well.
// Deflate looks for runs only (Z_RLE), not for repeats anywhere behind: on this site's cards that is a fifth faster
// than level 3's search and a tenth smaller (runs are what a card is made of).

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * `scanlines` holds `height` rows of `width + 1` bytes: a filter byte (0) and one palette index per pixel;
 * `palette` holds three bytes (RGB) per colour.
 */
export function encodePalettePng(scanlines: Uint8Array, width: number, height: number, palette: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 3, 0, 0, 0], 8); // 8 bits, palette, deflate, adaptive filtering, no interlace
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('PLTE', palette), chunk('IDAT', deflateSync(scanlines, { level: 1, strategy: constants.Z_RLE })), chunk('IEND', new Uint8Array(0))]);
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
