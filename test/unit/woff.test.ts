import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import * as fontkit from 'fontkit';
import { sfntFromWoff } from '../../src/social/woff';

// The card font is unpacked from its WOFF once (social/woff.ts): fontkit must read the same font from it as from
// the WOFF itself, glyph for glyph and position for position.

const require = createRequire(import.meta.url);
const woff = readFileSync(require.resolve('@fontsource/inter/files/inter-latin-ext-700-normal.woff'));

test('the SFNT inside a WOFF shapes and outlines text as the WOFF does', () => {
  const sfnt = sfntFromWoff(woff);
  assert.equal(sfnt.readUInt32BE(0), woff.readUInt32BE(4), 'the flavour becomes the SFNT version');
  const [fromWoff, fromSfnt] = [woff, sfnt].map((bytes) => fontkit.create(bytes) as fontkit.Font);
  assert.equal(fromSfnt!.numGlyphs, fromWoff!.numGlyphs);
  const text = 'Đặt lịch sao lưu — Wœffle -> Ångström 1/2';
  const [a, b] = [fromWoff!, fromSfnt!].map((font) => font.layout(text));
  assert.deepEqual(b!.glyphs.map((glyph) => glyph.id), a!.glyphs.map((glyph) => glyph.id));
  assert.deepEqual(b!.positions, a!.positions);
  for (const glyph of a!.glyphs) assert.deepEqual(fromSfnt!.getGlyph(glyph.id).path.commands, glyph.path.commands);
});

test('what is not a WOFF file, or one cut short, is refused with the reason', () => {
  assert.throws(() => sfntFromWoff(Buffer.from('not a font at all, just some text that is long enough to be read')), /not a WOFF file/);
  assert.throws(() => sfntFromWoff(woff.subarray(0, 60)), /cut short/);
  assert.throws(() => sfntFromWoff(woff.subarray(0, woff.length - 100)), /outside the file/);
});
