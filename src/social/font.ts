import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Fontkit from 'fontkit';
import { lazyPackage } from '../core/lazy-package';
import { sfntFromWoff } from './woff';

const fontkit = lazyPackage<typeof Fontkit>('fontkit');

// The cards' typeface: Inter Bold, bundled (so every machine draws the same card) as the subsets @fontsource ships.
// fontkit shapes text (kerning, marks) one word at a time; a word's glyphs are kept in font units, so one shaping
// serves every size, and the words of a site's titles repeat enough that a card rarely shapes more than a few.

/** Inter's subsets, in the order a character's font is looked for. */
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'];

export interface PlacedGlyph {
  /** Which subset's font (its index in the list) and which glyph of it. */
  font: number;
  glyph: number;
  /** The glyph's origin, in font units from the word's start and its baseline (y up). */
  x: number;
  y: number;
}

export interface ShapedWord {
  glyphs: PlacedGlyph[];
  /** The word's advance, in font units. */
  advance: number;
}

export interface CardFont {
  unitsPerEm: number;
  /** Above and below the baseline, in font units (both positive). */
  ascent: number;
  descent: number;
  /** A word (no spaces) shaped into glyphs; cached. */
  shape(word: string): ShapedWord;
  spaceAdvance: number;
  /** A glyph's outline commands, in font units. */
  outline(font: number, glyph: number): readonly { command: string; args: number[] }[];
}

/** Whether Inter has every character of `text`: Latin, Greek and Cyrillic letters, digits and punctuation. */
export function cardCanWrite(text: string): boolean {
  return /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]*$/u.test(text) && !/[\u3000-\u303f\uff00-\uffef]/.test(text);
}

let loaded: CardFont | undefined;

export function cardFont(): CardFont {
  loaded ??= loadCardFont();
  return loaded;
}

function loadCardFont(): CardFont {
  const require = createRequire(import.meta.url);
  // Subsets are read when a character needs them: most sites' cards only ever read the Latin one.
  const fonts: Fontkit.Font[] = [];
  const fontAt = (index: number): Fontkit.Font => {
    if (fonts[index]) return fonts[index];
    const file = require.resolve(`@fontsource/inter/files/inter-${SUBSETS[index]}-700-normal.woff`);
    let sfnt: Buffer;
    try {
      sfnt = sfntFromWoff(readFileSync(file));
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`);
    }
    const font = fontkit().create(sfnt);
    if (!('layout' in font)) throw new Error(`Inter's ${SUBSETS[index]} file is a collection, not one font`);
    return (fonts[index] = font);
  };
  const main = fontAt(0);
  const words = new Map<string, ShapedWord>();
  const fontFor = (codePoint: number) => SUBSETS.findIndex((_, index) => fontAt(index).hasGlyphForCodePoint(codePoint));

  const shape = (word: string): ShapedWord => {
    const known = words.get(word);
    if (known) return known;
    const glyphs: PlacedGlyph[] = [];
    let advance = 0;
    // Runs of characters that one subset holds, each shaped by that subset's font.
    let run = '';
    let runFont = -1;
    const flush = () => {
      if (!run) return;
      const laid = fontAt(runFont).layout(run);
      laid.glyphs.forEach((glyph, i) => {
        const position = laid.positions[i]!;
        glyphs.push({ font: runFont, glyph: glyph.id, x: advance + position.xOffset, y: position.yOffset });
        advance += position.xAdvance;
      });
      run = '';
    };
    for (const char of word) {
      // Marks stay with the character they sit on.
      const font = /\p{M}/u.test(char) && runFont >= 0 ? runFont : fontFor(char.codePointAt(0)!);
      // A character Inter lacks (an emoji, a symbol) is left out rather than drawn as a box.
      if (font < 0) continue;
      if (font !== runFont) flush();
      runFont = font;
      run += char;
    }
    flush();
    const shaped = { glyphs, advance };
    words.set(word, shaped);
    return shaped;
  };

  return {
    unitsPerEm: main.unitsPerEm,
    ascent: main.ascent,
    descent: -main.descent,
    shape,
    spaceAdvance: main.glyphForCodePoint(32).advanceWidth,
    outline: (font, glyph) => fontAt(font).getGlyph(glyph).path.commands,
  };
}
