// WCAG contrast of colours, and the nearest colour that reaches a contrast ratio against a background.

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function rgbOf(hex: string): [number, number, number] | undefined {
  const match = /^#([\da-f]{3}|[\da-f]{6})(?:[\da-f]{2})?$/i.exec(hex);
  if (!match) return undefined;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((d) => d + d).join('') : match[1]!;
  return [0, 2, 4].map((at) => parseInt(digits.slice(at, at + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(foreground: string, background: string): number {
  const fg = rgbOf(foreground);
  const bg = rgbOf(background);
  if (!fg || !bg) return Infinity;
  const [light, dark] = [luminance(fg), luminance(bg)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * `color`, or the closest colour on the way to black (on a light background) or white (on a dark one)
 * that has at least `ratio` contrast against `background`: hue kept, only as much change as needed.
 */
export function withContrast(color: string, background: string, ratio: number): string {
  const fg = rgbOf(color);
  const bg = rgbOf(background);
  if (!fg || !bg || contrastRatio(color, background) >= ratio) return color;
  const target = luminance(bg) > 0.18 ? 0 : 255;
  for (let step = 1; step <= 100; step++) {
    const mixed = fg.map((value) => Math.round(value + ((target - value) * step) / 100)) as [number, number, number];
    const hex = `#${mixed.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
    if (contrastRatio(hex, background) >= ratio) return hex;
  }
  return target === 0 ? '#000000' : '#ffffff';
}
