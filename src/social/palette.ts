// A card's 256 colours: the background (index 0), a ramp from the background to the text colour and one to the
// accent (anti-aliased text and the bar pick a step by coverage), and what is left for the logo's colours, which
// median cut reduces when the logo has more.

export type Rgb = [number, number, number];

/** Steps of each anti-aliasing ramp: 64 keeps the quantization of an edge's coverage under half a percent. */
export const RAMP_STEPS = 64;
export const TEXT_RAMP = 1;
export const ACCENT_RAMP = TEXT_RAMP + RAMP_STEPS;
export const LOGO_COLORS = ACCENT_RAMP + RAMP_STEPS;
export const MAX_LOGO_COLORS = 256 - LOGO_COLORS;

/** A CSS colour as RGB: #rgb, #rrggbb (alpha dropped), rgb()/rgba(); anything else is undefined. */
export function parseColor(css: string): Rgb | undefined {
  const value = css.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as Rgb;
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/.exec(value);
  if (rgb) return [rgb[1], rgb[2], rgb[3]].map((part) => Math.max(0, Math.min(255, Math.round(Number(part))))) as Rgb;
  return undefined;
}

const mix = (from: Rgb, to: Rgb, amount: number): Rgb => from.map((channel, i) => Math.round(channel + (to[i]! - channel) * amount)) as Rgb;

/** The palette as PLTE bytes: background, text ramp, accent ramp, then `logo` (at most MAX_LOGO_COLORS). */
export function buildPalette(background: Rgb, text: Rgb, accent: Rgb, logo: Rgb[]): Uint8Array {
  const colors: Rgb[] = [background];
  for (const ink of [text, accent]) for (let step = 1; step <= RAMP_STEPS; step++) colors.push(mix(background, ink, step / RAMP_STEPS));
  colors.push(...logo.slice(0, MAX_LOGO_COLORS));
  return Uint8Array.from(colors.flat());
}

/**
 * Reduces `pixels` (RGB triples) to at most `limit` colours by median cut: the box of colours with the widest
 * channel is split at its median until there are `limit` boxes; each box becomes its mean. Returns the colours and
 * each pixel's index among them.
 */
export function quantize(pixels: Rgb[], limit: number): { colors: Rgb[]; indices: number[] } {
  const key = (color: Rgb) => (color[0] << 16) | (color[1] << 8) | color[2];
  const counts = new Map<number, number>();
  for (const pixel of pixels) counts.set(key(pixel), (counts.get(key(pixel)) ?? 0) + 1);
  const unique = [...counts.keys()];
  let boxes: number[][] = unique.length <= limit ? unique.map((color) => [color]) : [unique];
  const channel = (color: number, c: number) => (color >> (16 - 8 * c)) & 0xff;
  const spread = (box: number[]) => {
    let best = { channel: 0, range: -1 };
    for (let c = 0; c < 3; c++) {
      let low = 255;
      let high = 0;
      for (const color of box) {
        low = Math.min(low, channel(color, c));
        high = Math.max(high, channel(color, c));
      }
      if (high - low > best.range) best = { channel: c, range: high - low };
    }
    return best;
  };
  while (boxes.length < limit) {
    const widest = boxes.map((box, i) => ({ i, ...spread(box) })).filter((box) => boxes[box.i]!.length > 1).sort((a, b) => b.range - a.range)[0];
    if (!widest) break;
    const box = boxes[widest.i]!.sort((a, b) => channel(a, widest.channel) - channel(b, widest.channel));
    // Split where half the box's pixels (not colours) lie on each side.
    const total = box.reduce((sum, color) => sum + counts.get(color)!, 0);
    let seen = 0;
    let cut = 1;
    for (; cut < box.length - 1; cut++) {
      seen += counts.get(box[cut - 1]!)!;
      if (seen * 2 >= total) break;
    }
    boxes = [...boxes.slice(0, widest.i), box.slice(0, cut), box.slice(cut), ...boxes.slice(widest.i + 1)];
  }
  const indexOf = new Map<number, number>();
  const colors = boxes.map((box, i) => {
    let weight = 0;
    const sum = [0, 0, 0];
    for (const color of box) {
      const count = counts.get(color)!;
      weight += count;
      for (let c = 0; c < 3; c++) sum[c] += channel(color, c) * count;
      indexOf.set(color, i);
    }
    return sum.map((total) => Math.round(total / weight)) as Rgb;
  });
  return { colors, indices: pixels.map((pixel) => indexOf.get(key(pixel))!) };
}
