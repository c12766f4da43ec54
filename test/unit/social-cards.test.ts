import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inflateSync } from 'node:zlib';
import { drawCard, layoutTitle, type CardInput } from '../../src/social/draw-card';
import { cardCanWrite, cardFont } from '../../src/social/font';
import { buildPalette, quantize, RAMP_STEPS, TEXT_RAMP, type Rgb } from '../../src/social/palette';
import { outlineOf, rasterize, roundedRect } from '../../src/social/rasterize';

// Cards are written with the bundled Inter: Latin (with Vietnamese), Greek and Cyrillic. A page whose title needs
// another script gets no card (cards.ts) rather than boxes where its letters should be. A card is palette indices:
// the tests read its pixels back from the PNG.

const colors = { background: '#ffffff', accent: '#4f46e5', text: '#1b1d24' };
const card = (title: string, extra: Partial<CardInput> = {}): CardInput => ({ title, section: 'Guides', siteTitle: 'Memora', colors, ...extra });

/** The PNG's palette and its rows of indices (filter bytes dropped), checking what a decoder would. */
function decode(png: Buffer): { width: number; height: number; palette: Rgb[]; pixel: (x: number, y: number) => number } {
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks = new Map<string, Buffer>();
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    chunks.set(png.toString('ascii', at + 4, at + 8), png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const header = chunks.get('IHDR')!;
  const [width, height] = [header.readUInt32BE(0), header.readUInt32BE(4)];
  assert.deepEqual([...header.subarray(8)], [8, 3, 0, 0, 0], '8-bit palette, no interlace');
  const plte = chunks.get('PLTE')!;
  const palette = Array.from({ length: plte.length / 3 }, (_, i) => [...plte.subarray(i * 3, i * 3 + 3)] as Rgb);
  const rows = inflateSync(chunks.get('IDAT')!);
  assert.equal(rows.length, (width + 1) * height);
  return { width, height, palette, pixel: (x, y) => rows[y * (width + 1) + 1 + x]! };
}

test('the scripts a card can write', () => {
  for (const text of ['Install with “Docker” Compose — 2024!', 'Résumé, Ærø, Łódź', 'Резервное копирование', 'Ελληνικά', 'Tiếng Việt']) assert.ok(cardCanWrite(text), text);
  for (const text of ['バックアップ', '备份', 'النسخ الاحتياطي', 'גיבוי', 'बैकअप', '백업', 'Backup（日本）']) assert.ok(!cardCanWrite(text), text);
});

test('rasterizing: a filled square covers its area exactly, half-covered edge pixels are half', () => {
  const square = rasterize([[[0, 0], [10, 0], [10, 10], [0, 10]]], 0.5, 0);
  const total = square.coverage.reduce((sum, value) => sum + value, 0);
  assert.ok(Math.abs(total - 100) < 1e-3, `area ${total}`);
  const row = [...square.coverage.subarray(0, square.width)].map((value) => Math.round(value * 100) / 100);
  assert.deepEqual(row.slice(0, 12), [0.5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0.5, 0]);
  // A triangle (half of a 20x20 square), and a rounded bar whose area is its rectangle minus the corners' cut.
  const triangle = rasterize([[[0, 0], [20, 20], [0, 20]]]);
  assert.ok(Math.abs(triangle.coverage.reduce((sum, value) => sum + value, 0) - 200) < 1e-3);
  const bar = rasterize(roundedRect(0, 0, 160, 10, 5));
  const barArea = bar.coverage.reduce((sum, value) => sum + value, 0);
  assert.ok(Math.abs(barArea - (150 * 10 + Math.PI * 25)) < 1, `bar ${barArea}`);
});

test('a glyph outline from the font is rasterized with its holes', () => {
  const font = cardFont();
  const [o] = font.shape('o').glyphs;
  const mask = rasterize(outlineOf(font.outline(o!.font, o!.glyph), 64 / font.unitsPerEm));
  // The middle of an "o" is empty; the middle of its left stroke is full.
  const middleRow = Math.floor(mask.height / 2);
  const row = [...mask.coverage.subarray(middleRow * mask.width, (middleRow + 1) * mask.width)];
  assert.ok(row[Math.floor(mask.width / 2)]! < 1e-6);
  assert.ok(row.some((value) => value === 1));
});

test('palette: ramps from the background to the text and accent, a logo reduced by median cut', () => {
  const palette = buildPalette([255, 255, 255], [0, 0, 0], [255, 0, 0], []);
  assert.deepEqual([...palette.subarray(0, 3)], [255, 255, 255]);
  assert.deepEqual([...palette.subarray(RAMP_STEPS * 3, RAMP_STEPS * 3 + 3)], [0, 0, 0], 'the last step of the text ramp is the text colour');
  const gradient: Rgb[] = Array.from({ length: 1000 }, (_, i) => [i % 256, (i * 7) % 256, (i * 13) % 256]);
  const { colors: reduced, indices } = quantize(gradient, 100);
  assert.equal(reduced.length, 100);
  assert.ok(indices.every((index) => index >= 0 && index < 100));
  const error = gradient.reduce((sum, pixel, i) => sum + Math.hypot(...pixel.map((c, k) => c - reduced[indices[i]!]![k]!)), 0) / gradient.length;
  assert.ok(error < 40, `mean error ${error}`);
  const few = quantize([[1, 2, 3], [4, 5, 6], [1, 2, 3]], 100);
  assert.deepEqual(few.colors, [[1, 2, 3], [4, 5, 6]], 'few colours are kept exactly');
});

test('title layout: the largest size that fits three lines; a longer one is cut with an ellipsis; long words break', () => {
  const font = cardFont();
  const text = (lines: { words: { text: string }[] }[]) => lines.map((line) => line.words.map((word) => word.text).join(' '));
  const short = layoutTitle(font, 'Install with Docker');
  assert.deepEqual([short.size, text(short.lines)], [76, ['Install with Docker']]);
  const long = layoutTitle(font, 'Configure hardware transcoding for video playback on Intel, AMD and NVIDIA graphics cards with VAAPI and NVENC');
  assert.ok(long.size < 76 && long.lines.length <= 3);
  const huge = layoutTitle(font, 'word '.repeat(200).trim());
  assert.equal(huge.lines.length, 3);
  assert.match(text(huge.lines)[2]!, /…$/);
  const wide = text(layoutTitle(font, `${'x'.repeat(25)}-${'y'.repeat(25)}-${'z'.repeat(25)} end`).lines);
  assert.deepEqual(wide, [`${'x'.repeat(25)}-`, `${'y'.repeat(25)}-`, `${'z'.repeat(25)} end`], 'a word wider than a line breaks after its hyphens');
});

test('a character Inter lacks (an emoji) is left out, not drawn as a box', () => {
  assert.equal(cardFont().shape('🚀').glyphs.length, 0);
  assert.equal(cardFont().shape('a🚀b').glyphs.length, 2);
});

test('a card is a 1200x630 palette PNG: background, the title in the text colour, the section and bar in the accent', () => {
  const image = decode(drawCard(card('Резервное копирование')));
  assert.deepEqual([image.width, image.height], [1200, 630]);
  assert.deepEqual(image.palette[0], [255, 255, 255]);
  assert.equal(image.pixel(0, 0), 0, 'the corner is background');
  const full = TEXT_RAMP + RAMP_STEPS - 1;
  assert.deepEqual(image.palette[full], [0x1b, 0x1d, 0x24], 'full coverage of text is the text colour');
  let text = 0;
  for (let y = 150; y < 540; y++) for (let x = 0; x < 1200; x++) if (image.pixel(x, y) === full) text++;
  assert.ok(text > 3000, `${text} text pixels`);
  // The bar: 160x10 of accent, 64 px from the bottom-left.
  assert.deepEqual(image.palette[image.pixel(150, 630 - 64 - 5)], [0x4f, 0x46, 0xe5]);
});

test('cards are the same bytes for the same input, and differ with the title or the colours', () => {
  const a = drawCard(card('Backups'));
  assert.deepEqual(drawCard(card('Backups')), a);
  assert.notDeepEqual(drawCard(card('Restores')), a);
  // Cards of a site are drawn on one copy of its template in turn: a card drawn after another (a longer title, no
  // section) shows nothing of it.
  drawCard(card('Moving a library of four hundred thousand photos to new storage without downtime', { section: undefined }));
  assert.deepEqual(drawCard(card('Backups')), a);
  const dark = decode(drawCard(card('Backups', { colors: { background: '#0f1117', accent: '#8b9cff', text: '#e8eaf0' } })));
  assert.deepEqual(dark.palette[0], [0x0f, 0x11, 0x17]);
});

test('a logo is drawn into the header; more colours than the palette holds are reduced', () => {
  const gradient = `<svg xmlns="http://www.w3.org/2000/svg" width="56" height="56"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff0000"/><stop offset="0.5" stop-color="#00ff00"/><stop offset="1" stop-color="#0000ff"/></linearGradient></defs><rect width="56" height="56" rx="12" fill="url(#g)"/></svg>`;
  const image = decode(drawCard(card('Logo', { logo: `data:image/svg+xml;base64,${Buffer.from(gradient).toString('base64')}` })));
  assert.equal(image.palette.length, 256);
  const middle = image.palette[image.pixel(72 + 28, 64 + 28)]!;
  assert.ok(middle[1] > 100 && middle[0] < 200, `the logo's middle is green-ish: ${middle}`);
  // An unreadable logo leaves the card without one rather than failing.
  assert.deepEqual(drawCard(card('Logo', { logo: 'data:image/png;base64,AAAA' })), drawCard(card('Logo')));
});

test("a card's PNG joins its template's deflated rows to its own band, and its checksum holds", async () => {
  const { emptyBand, recordChange, TemplateRows } = await import('../../src/social/png');
  const width = 40;
  const height = 30;
  const template = new Uint8Array((width + 1) * height);
  for (let row = 0; row < height; row++) for (let x = 0; x < width; x++) template[row * (width + 1) + 1 + x] = row < 4 || row > 26 ? (x * 7 + row) % 200 : 0;
  const rows = new TemplateRows(template, width, height);
  const palette = new Uint8Array(256 * 3);
  for (const [first, last] of [[10, 15], [0, 5], [25, 29], [0, 29], [12, 12]] as const) {
    const card = template.slice();
    const band = emptyBand();
    for (let row = first; row <= last; row++) {
      for (let x = 3; x < width; x += 5) {
        const at = row * (width + 1) + 1 + x;
        const value = (row * 31 + x) % 255 + 1;
        recordChange(band, card.length, row, at, card[at]!, value);
        card[at] = value;
      }
    }
    const png = rows.encode(card, band, palette);
    // inflateSync checks the stream's Adler-32: a wrong sum fails here.
    const chunks = new Map<string, Buffer>();
    for (let at = 8; at < png.length; ) {
      const length = png.readUInt32BE(at);
      chunks.set(png.toString('ascii', at + 4, at + 8), png.subarray(at + 8, at + 8 + length));
      at += 12 + length;
    }
    assert.deepEqual(new Uint8Array(inflateSync(chunks.get('IDAT')!)), card, `band ${first}-${last}`);
  }
  // Nothing stamped: the template itself.
  const plain = rows.encode(template, emptyBand(), palette);
  assert.ok(plain.length > 0);
});
