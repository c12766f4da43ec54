import { Resvg } from '@resvg/resvg-js';
import { cardFont, type CardFont, type ShapedWord } from './font';
import { ACCENT_RAMP, buildPalette, LOGO_COLORS, MAX_LOGO_COLORS, parseColor, quantize, RAMP_STEPS, TEXT_RAMP, type Rgb } from './palette';
import { emptyBand, recordChange, TemplateRows, type StampedBand } from './png';
import { outlineOf, rasterize, roundedRect, type Mask } from './rasterize';

// One social card: 1200x630 PNG, the site's name (and logo) at the top, the page's section above its title in large
// type (the section in the accent colour), an accent bar at the bottom, in the site's colours.
//
// Drawn as palette indices, which is what makes a card cost about a millisecond: what every card of a site shares
// (background, logo, site name, bar) is drawn once into a template; a card stamps its text's glyphs on the thread's
// copy of it (put back after), each glyph rasterized once per size (rasterize.ts) and kept as steps of the text or
// accent ramp (palette.ts).

export interface CardInput {
  title: string;
  /** The sidebar category of a doc, "Blog" for a post. */
  section?: string;
  siteTitle: string;
  /** The logo as a data: URL (SVG or PNG), when the navbar has one. */
  logo?: string;
  /** Background, accent (the section and a bar) and text colours, as CSS colours. */
  colors: { background: string; accent: string; text: string };
}

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

const PADDING_X = 72;
const PADDING_Y = 64;
const TEXT_WIDTH = CARD_WIDTH - 2 * PADDING_X;
const LOGO_SIZE = 56;
const HEADER = { size: 34, gap: 20 };
const SECTION = { size: 30, lineHeight: 1.2, letterSpacing: 2, gap: 18 };
/** The title's sizes, largest first: the largest at which it fits in three lines is used. */
const TITLE = { sizes: [76, 64, 54, 46], lineHeight: 1.12, maxLines: 3 };
const BAR = { width: 160, height: 10 };
const ELLIPSIS = '…';

interface Template {
  scanlines: Uint8Array;
  /**
   * A copy of `scanlines` that this thread's cards are drawn on in turn, each put back as it was after its PNG is made
   * (only its band of rows changed). A copy per card was 756 KB of memory outside the heap each time, which had V8
   * collect the whole heap every few cards: some 20 full collections per card worker at 1000 pages.
   */
  canvas: Uint8Array;
  palette: Uint8Array;
  /** Deflates the rows the cards leave as they are once (png.ts). */
  rows: TemplateRows;
}

const templates = new Map<string, Template>();

export function drawCard(card: CardInput): Buffer {
  const font = cardFont();
  const site = JSON.stringify([card.siteTitle, card.logo ?? '', card.colors]);
  let template = templates.get(site);
  if (!template) templates.set(site, (template = drawTemplate(card, font)));
  const scanlines = template.canvas;
  const band = emptyBand();
  try {
    return stampCard(card, font, template, scanlines, band);
  } finally {
    if (band.first <= band.last) {
      const rowBytes = CARD_WIDTH + 1;
      scanlines.set(template.scanlines.subarray(band.first * rowBytes, (band.last + 1) * rowBytes), band.first * rowBytes);
    }
  }
}

/** The card's section and title stamped on its template's rows (`scanlines`), the changes recorded in `band`; its PNG. */
function stampCard(card: CardInput, font: CardFont, template: Template, scanlines: Uint8Array, band: StampedBand): Buffer {
  const title = layoutTitle(font, card.title);
  const section = card.section ? fitLine(font, words(card.section.normalize('NFC').toUpperCase()), SECTION.size, TEXT_WIDTH, SECTION.letterSpacing) : undefined;
  const sectionHeight = section ? SECTION.size * SECTION.lineHeight + SECTION.gap : 0;
  const titleLineHeight = title.size * TITLE.lineHeight;
  // The section and title, centred between the header and the bar.
  const headerBottom = PADDING_Y + LOGO_SIZE;
  const barTop = CARD_HEIGHT - PADDING_Y - BAR.height;
  let top = headerBottom + (barTop - headerBottom - sectionHeight - title.lines.length * titleLineHeight) / 2;
  if (section) {
    stampLine(scanlines, font, section, PADDING_X, baselineIn(font, top, SECTION.size, SECTION.size * SECTION.lineHeight), SECTION.size, ACCENT_RAMP, SECTION.letterSpacing, band);
    top += sectionHeight;
  }
  for (const line of title.lines) {
    stampLine(scanlines, font, line, PADDING_X, baselineIn(font, top, title.size, titleLineHeight), title.size, TEXT_RAMP, 0, band);
    top += titleLineHeight;
  }
  return template.rows.encode(scanlines, band, template.palette);
}

/** Background, logo, site name and bar: the same on every card of a site. */
function drawTemplate(card: CardInput, font: CardFont): Template {
  const color = (css: string, fallback: Rgb) => parseColor(css) ?? fallback;
  const background = color(card.colors.background, [255, 255, 255]);
  const text = color(card.colors.text, [27, 29, 36]);
  const accent = color(card.colors.accent, [79, 70, 229]);
  const scanlines = new Uint8Array((CARD_WIDTH + 1) * CARD_HEIGHT);
  let logoColors: Rgb[] = [];
  let nameX = PADDING_X;
  if (card.logo) {
    const logo = drawLogo(card.logo, background);
    if (logo) {
      const { colors, indices } = quantize(logo.pixels, MAX_LOGO_COLORS);
      logoColors = colors;
      logo.positions.forEach((at, i) => (scanlines[(PADDING_Y + Math.floor(at / LOGO_SIZE)) * (CARD_WIDTH + 1) + 1 + PADDING_X + (at % LOGO_SIZE)] = LOGO_COLORS + indices[i]!));
      nameX += LOGO_SIZE + HEADER.gap;
    }
  }
  const name = fitLine(font, words(card.siteTitle.normalize('NFC')), HEADER.size, CARD_WIDTH - PADDING_X - nameX);
  stampLine(scanlines, font, name, nameX, baselineIn(font, PADDING_Y + (LOGO_SIZE - HEADER.size * 1.2) / 2, HEADER.size, HEADER.size * 1.2), HEADER.size, TEXT_RAMP);
  stampMask(scanlines, rasterize(roundedRect(0, 0, BAR.width, BAR.height, BAR.height / 2)), PADDING_X, CARD_HEIGHT - PADDING_Y - BAR.height, ACCENT_RAMP);
  return { scanlines, canvas: scanlines.slice(), palette: buildPalette(background, text, accent, logoColors), rows: new TemplateRows(scanlines, CARD_WIDTH, CARD_HEIGHT) };
}

/** The logo, fitted into its square and laid on the background: its pixels that differ from the background. */
function drawLogo(dataUrl: string, background: Rgb): { pixels: Rgb[]; positions: number[] } | undefined {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${LOGO_SIZE}" height="${LOGO_SIZE}"><image width="${LOGO_SIZE}" height="${LOGO_SIZE}" preserveAspectRatio="xMidYMid meet" xlink:href="${dataUrl}"/></svg>`;
  let rgba: Uint8Array;
  try {
    rgba = new Resvg(svg, { font: { loadSystemFonts: false } }).render().pixels;
  } catch {
    return undefined; // a logo resvg cannot read: the card goes without it rather than the build failing
  }
  const pixels: Rgb[] = [];
  const positions: number[] = [];
  for (let at = 0; at < LOGO_SIZE * LOGO_SIZE; at++) {
    const alpha = rgba[at * 4 + 3]! / 255;
    if (!alpha) continue;
    // resvg's pixels are premultiplied by alpha.
    const over = [0, 1, 2].map((c) => Math.round(rgba[at * 4 + c]! + background[c]! * (1 - alpha))) as Rgb;
    if (over.every((channel, c) => channel === background[c])) continue;
    pixels.push(over);
    positions.push(at);
  }
  return pixels.length ? { pixels, positions } : undefined;
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

export interface Line {
  words: NamedWord[];
  /** In font units, spaces and letter spacing included. */
  width: number;
}

/** The title broken into lines at the largest size that holds it in three; at the smallest, cut with an ellipsis. */
export function layoutTitle(font: CardFont, text: string): { size: number; lines: Line[] } {
  const title = text.normalize('NFC');
  for (const size of TITLE.sizes) {
    const lines = breakLines(font, words(title), size);
    if (lines.length <= TITLE.maxLines) return { size, lines };
  }
  const size = TITLE.sizes.at(-1)!;
  const lines = breakLines(font, words(title), size);
  const kept = lines.slice(0, TITLE.maxLines - 1);
  const rest = lines.slice(TITLE.maxLines - 1).flatMap((line) => line.words.map((word) => word.text));
  return { size, lines: [...kept, fitLine(font, [...rest, ELLIPSIS], size, TEXT_WIDTH)] };
}

/** Greedy line breaking at spaces; a word wider than a line is broken between its characters. */
function breakLines(font: CardFont, text: string[], size: number): Line[] {
  const limit = (TEXT_WIDTH * font.unitsPerEm) / size;
  const lines: Line[] = [];
  let line: Line = { words: [], width: 0 };
  for (const word of text) {
    const shaped = shapeNamed(font, word);
    const width = line.words.length ? line.width + font.spaceAdvance + shaped.advance : shaped.advance;
    if (width <= limit) line = { words: [...line.words, shaped], width };
    else {
      if (line.words.length) lines.push(line);
      // A word wider than a line fills lines of its own; its last part starts the next line.
      const parts = splitWide(font, word, limit).map((part) => shapeNamed(font, part));
      for (const part of parts.slice(0, -1)) lines.push({ words: [part], width: part.advance });
      const last = parts.at(-1)!;
      line = { words: [last], width: last.advance };
    }
  }
  if (line.words.length) lines.push(line);
  return lines;
}

/** A word too wide for a line, in parts that fit: cut after its last hyphen, slash or dot that fits, else between characters. */
function splitWide(font: CardFont, word: string, limit: number): string[] {
  if (font.shape(word).advance <= limit) return [word];
  const chars = [...word];
  let fits = 1;
  while (fits < chars.length && font.shape(chars.slice(0, fits + 1).join('')).advance <= limit) fits++;
  const punctuation = chars.slice(0, fits).findLastIndex((char, i) => i > 0 && /[-/._]/.test(char));
  if (punctuation > 0) fits = punctuation + 1;
  return [chars.slice(0, fits).join(''), ...splitWide(font, chars.slice(fits).join(''), limit)];
}

/** One line of `text`; when it is too wide, words (then characters) are dropped from its end for an ellipsis. */
function fitLine(font: CardFont, text: string[], size: number, width: number, letterSpacing = 0): Line {
  const limit = (width * font.unitsPerEm) / size;
  const spacing = (letterSpacing * font.unitsPerEm) / size;
  const measure = (parts: string[]) => {
    const shaped = parts.map((part) => shapeNamed(font, part));
    const glyphs = shaped.reduce((sum, word) => sum + word.glyphs.length, 0);
    return { words: shaped, width: shaped.reduce((sum, word) => sum + word.advance, 0) + font.spaceAdvance * (parts.length - 1) + spacing * glyphs };
  };
  let line = measure(text);
  if (line.width <= limit) return line;
  const chars = [...text.filter((part) => part !== ELLIPSIS).join(' ')];
  while (chars.length && line.width > limit) {
    chars.pop();
    line = measure(words(`${chars.join('').trimEnd()}${ELLIPSIS}`));
  }
  return line;
}

type NamedWord = ShapedWord & { text: string };
const shapeNamed = (font: CardFont, text: string): NamedWord => ({ ...font.shape(text), text });

/** Where a line's baseline falls in a line box of `lineHeight` px starting at `top`, as CSS places it. */
function baselineIn(font: CardFont, top: number, size: number, lineHeight: number): number {
  const ascent = (font.ascent * size) / font.unitsPerEm;
  const descent = (font.descent * size) / font.unitsPerEm;
  return Math.round(top + (lineHeight - ascent - descent) / 2 + ascent);
}

/** Glyph masks by font, glyph, size and offset within a pixel (in quarters), as ramp steps (0 for none). */
const glyphMasks = new Map<string, { left: number; top: number; width: number; height: number; steps: Uint8Array }>();
const SUBPIXEL = 4;

/** `band`: where a card records its changes to its template. */
function stampLine(scanlines: Uint8Array, font: CardFont, line: Line, x: number, baseline: number, size: number, ramp: number, letterSpacing = 0, band?: StampedBand): void {
  const scale = size / font.unitsPerEm;
  let pen = x;
  for (const word of line.words) {
    for (const [index, glyph] of word.glyphs.entries()) {
      const quarters = Math.round((pen + glyph.x * scale + letterSpacing * index) * SUBPIXEL);
      const whole = Math.floor(quarters / SUBPIXEL);
      const phase = quarters - whole * SUBPIXEL;
      const key = `${glyph.font}:${glyph.glyph}:${size}:${phase}`;
      let mask = glyphMasks.get(key);
      if (!mask) glyphMasks.set(key, (mask = toSteps(rasterize(outlineOf(font.outline(glyph.font, glyph.glyph), scale), phase / SUBPIXEL, 0))));
      stampSteps(scanlines, mask, whole, baseline - Math.round(glyph.y * scale), ramp, band);
    }
    pen += word.advance * scale + letterSpacing * (word.glyphs.length + 1) + font.spaceAdvance * scale;
  }
}

function toSteps(mask: Mask) {
  const steps = new Uint8Array(mask.coverage.length);
  for (let i = 0; i < steps.length; i++) steps[i] = Math.round(mask.coverage[i]! * RAMP_STEPS);
  return { left: mask.left, top: mask.top, width: mask.width, height: mask.height, steps };
}

const stampMask = (scanlines: Uint8Array, mask: Mask, x: number, y: number, ramp: number) => stampSteps(scanlines, toSteps(mask), x, y, ramp);

/** Lays a mask's steps of `ramp` onto the card at (x, y); where two glyphs overlap, the stronger step stays. */
function stampSteps(scanlines: Uint8Array, mask: { left: number; top: number; width: number; height: number; steps: Uint8Array }, x: number, y: number, ramp: number, band?: StampedBand): void {
  for (let row = 0; row < mask.height; row++) {
    const cardY = y + mask.top + row;
    if (cardY < 0 || cardY >= CARD_HEIGHT) continue;
    const rowStart = cardY * (CARD_WIDTH + 1) + 1;
    for (let column = 0; column < mask.width; column++) {
      const step = mask.steps[row * mask.width + column]!;
      const cardX = x + mask.left + column;
      if (!step || cardX < 0 || cardX >= CARD_WIDTH) continue;
      const at = rowStart + cardX;
      const current = scanlines[at]!;
      if (current === 0 || (current >= ramp && current < ramp + RAMP_STEPS && current - ramp + 1 < step)) {
        scanlines[at] = ramp + step - 1;
        if (band) recordChange(band, scanlines.length, cardY, at, current, ramp + step - 1);
      }
    }
  }
}
