import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { encodePng } from './png';

// One social card: 1200x630 PNG, the site's name (and logo) at the top, the page's section above its title in
// large type (the section in the accent colour), in the site's colours. satori lays the text out with Inter (bundled, so every machine draws the
// same card) into an SVG whose glyphs are paths; resvg rasterizes it, and png.ts writes the file.

export interface CardInput {
  title: string;
  /** The sidebar category of a doc, "Blog" for a post. */
  section?: string;
  siteTitle: string;
  /** The logo as a data: URL (SVG or PNG), when the navbar has one. */
  logo?: string;
  /** Background, accent (the section and a bar) and text colours. */
  colors: { background: string; accent: string; text: string };
}

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

let fonts: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[] | undefined;

/** Inter's subsets: the scripts a card can be written in (cards.ts leaves out a page whose text needs another). */
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'];

/** Whether Inter has every character of `text`: Latin, Greek and Cyrillic letters, digits and punctuation. */
export function cardCanWrite(text: string): boolean {
  return /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]*$/u.test(text) && !/[\u3000-\u303f\uff00-\uffef]/.test(text);
}

function loadFonts() {
  const require = createRequire(import.meta.url);
  const file = (subset: string, weight: number) => readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`));
  // One family per subset: satori looks for a glyph family by family along the card's font-family list.
  return SUBSETS.flatMap((subset) => [400, 700].map((weight) => ({ name: familyOf(subset), data: file(subset, weight), weight: weight as 400 | 700, style: 'normal' as const })));
}

const familyOf = (subset: string) => `Inter ${subset}`;
const FONT_FAMILY = SUBSETS.map(familyOf).join(', ');

type Node = { type: string; props: Record<string, unknown> };
const h = (type: string, style: Record<string, unknown>, children?: unknown, extra: Record<string, unknown> = {}): Node => ({ type, props: { style, children, ...extra } });

export async function drawCard(card: CardInput): Promise<Buffer> {
  fonts ??= loadFonts();
  // Long titles get smaller type, so three lines hold them; longer ones are cut with an ellipsis.
  const size = card.title.length > 70 ? 54 : card.title.length > 40 ? 64 : 76;
  const title = card.title.length > 110 ? `${card.title.slice(0, 107).replace(/\s+\S*$/, '')}…` : card.title;
  const tree = h(
    'div',
    { width: '100%', height: '100%', boxSizing: 'border-box', display: 'flex', flexDirection: 'column', justifyContent: 'space-between', padding: '64px 72px', background: card.colors.background, color: card.colors.text, fontFamily: FONT_FAMILY },
    [
      h('div', { display: 'flex', alignItems: 'center', gap: 20, fontSize: 34, fontWeight: 700 }, [
        ...(card.logo ? [h('img', { width: 56, height: 56 }, undefined, { src: card.logo, width: 56, height: 56 })] : []),
        h('div', { display: 'flex' }, card.siteTitle),
      ]),
      h('div', { display: 'flex', flexDirection: 'column', gap: 18 }, [
        ...(card.section ? [h('div', { display: 'flex', fontSize: 30, fontWeight: 700, color: card.colors.accent, textTransform: 'uppercase', letterSpacing: 2 }, card.section)] : []),
        h('div', { display: 'flex', fontSize: size, fontWeight: 700, lineHeight: 1.12, maxHeight: size * 1.12 * 3, overflow: 'hidden' }, title),
      ]),
      h('div', { display: 'flex', width: 160, height: 10, borderRadius: 5, backgroundColor: card.colors.accent }),
    ],
  );
  const svg = await satori(tree as never, { width: CARD_WIDTH, height: CARD_HEIGHT, fonts });
  const image = new Resvg(svg, { fitTo: { mode: 'width', value: CARD_WIDTH } }).render();
  return encodePng(image.pixels, image.width, image.height);
}
