import type { Highlighter, ShikiTransformer, ThemedToken, ThemeRegistrationResolved } from 'shiki';
import { shiki } from './shiki-package';

// Code is highlighted for a light and a dark theme at once. Shiki does that by tokenizing the code
// once per theme, though only the colours differ: TextMate grammars match the same way whatever the
// theme. When the two themes have the same rules (same scopes, same order, colours and font styles
// set on the same rules; true of github-light and github-dark, made from one source), one synthetic
// theme stands for both: each rule's colour becomes a code naming the pair (light, dark), the code
// is tokenized once, and each token's code is read back as its two colours. The HTML is the same as
// shiki's two-theme output, byte for byte (colours aside, when `adjust` changes them), in half the
// tokenizing time.

export interface LightDarkTheme {
  /** Name of the synthetic theme, loaded into the highlighter. */
  name: string;
  /** Turns the synthetic theme's tokens and `<pre>` into the two-theme form (first transformer). */
  transformer: ShikiTransformer;
  /** A synthetic theme's token's style attribute in the two-theme form, as shiki writes it (made once per colour and font style). */
  styleOf(token: ThemedToken): string;
  /** The `<pre>`'s class and style in the two-theme form. */
  pre: { class: string; style: string };
}

/**
 * Builds and loads the synthetic theme, or returns undefined when the two themes' rules differ.
 * `adjust` may change each mode's token colours (docsite raises them to AA contrast on its code background).
 */
export async function loadLightDarkTheme(
  highlighter: Highlighter,
  lightName: string,
  darkName: string,
  adjust: (color: string, mode: 'light' | 'dark') => string = (color) => color,
): Promise<LightDarkTheme | undefined> {
  const light = highlighter.getTheme(lightName);
  const dark = highlighter.getTheme(darkName);
  if (!sameRules(light, dark)) return undefined;

  const pairs = new Map<string, [string, string]>();
  const codeOf = new Map<string, string>();
  const code = (lightColor: string, darkColor: string): string => {
    const key = `${lightColor}\0${darkColor}`;
    let found = codeOf.get(key);
    if (!found) {
      found = `#${(codeOf.size + 1).toString(16).padStart(6, '0')}`;
      codeOf.set(key, found);
      // Upper case, as shiki writes the colours of its two-theme output.
      pairs.set(found, [adjust(lightColor.toUpperCase(), 'light'), adjust(darkColor.toUpperCase(), 'dark')]);
    }
    return found;
  };
  const name = `docsite-${lightName}+${darkName}`;
  await highlighter.loadTheme({
    name,
    type: 'light',
    fg: code(light.fg, dark.fg),
    bg: light.bg,
    settings: light.settings.map((rule, index) => {
      const foreground = rule.settings.foreground;
      return { ...rule, settings: { ...rule.settings, ...(foreground ? { foreground: code(foreground, dark.settings[index]!.settings.foreground!) } : {}) } };
    }),
  });

  const colorsOf = (token: ThemedToken): [string, string] => pairs.get(token.color?.toLowerCase() ?? '') ?? [token.color ?? '', token.color ?? ''];
  // What shiki sets on the `<pre>` of two-theme output without a default colour.
  const rootStyle = `--shiki-light:${adjust(light.fg, 'light')};--shiki-dark:${adjust(dark.fg, 'dark')};--shiki-light-bg:${light.bg};--shiki-dark-bg:${dark.bg}`;
  const themeClass = `shiki shiki-themes ${light.name} ${dark.name}`;
  /** A synthetic theme's token in the two-theme form: its style (`htmlStyle`) holds both colours as CSS variables. */
  const twoThemeToken = (token: ThemedToken): ThemedToken => {
    const [lightColor, darkColor] = colorsOf(token);
    const style = (color: string) => ({ color, ...(token.fontStyle !== undefined ? { fontStyle: token.fontStyle } : {}) });
    return shiki().flatTokenVariants({ content: token.content, offset: token.offset, variants: { light: style(lightColor), dark: style(darkColor) } }, ['light', 'dark'], '--shiki-', false);
  };
  // A token's style depends on its colour code and font style alone: written once per pair, as shiki writes it.
  const styles = new Map<string, string>();
  const styleOf = (token: ThemedToken): string => {
    const key = `${token.color ?? ''}|${token.fontStyle ?? ''}`;
    let style = styles.get(key);
    if (style === undefined) styles.set(key, (style = shiki().stringifyTokenStyle(twoThemeToken(token).htmlStyle ?? {})));
    return style;
  };
  return {
    name,
    styleOf,
    pre: { class: themeClass, style: rootStyle },
    transformer: {
      name: 'docsite:light-dark',
      tokens: (lines) => mergeWhitespaceTokens(lines.map((line) => line.map(twoThemeToken))),
      pre(node) {
        node.properties.class = themeClass;
        node.properties.style = rootStyle;
      },
    },
  };
}

function sameRules(light: ThemeRegistrationResolved, dark: ThemeRegistrationResolved): boolean {
  // Colour replacements (shiki turns non-hex colours into them) would hide the real colours from the pairs.
  const replaces = (theme: ThemeRegistrationResolved) => Object.keys(theme.colorReplacements ?? {}).length > 0;
  if (light.settings.length !== dark.settings.length || replaces(light) || replaces(dark)) return false;
  return light.settings.every((rule, index) => {
    const other = dark.settings[index]!;
    return (
      JSON.stringify(rule.scope) === JSON.stringify(other.scope) &&
      Boolean(rule.settings.foreground) === Boolean(other.settings.foreground) &&
      (rule.settings.fontStyle ?? '') === (other.settings.fontStyle ?? '')
    );
  });
}

/**
 * Shiki's whitespace merging (a whitespace-only token joins the token after it), as it applies to
 * two-theme tokens: the synthetic theme is highlighted with `mergeWhitespaces: false` and merged
 * here, after its tokens took the two-theme form, so that the result is the same.
 */
export function mergeWhitespaceTokens(lines: readonly (readonly ThemedToken[])[]): ThemedToken[][] {
  return lines.map((line) => {
    const merged: ThemedToken[] = [];
    let carried = '';
    let firstOffset = 0;
    line.forEach((token, index) => {
      if (/^\s+$/.test(token.content) && line[index + 1]) {
        if (!carried) firstOffset = token.offset;
        carried += token.content;
      } else if (carried) {
        merged.push({ ...token, offset: firstOffset, content: carried + token.content });
        carried = '';
      } else {
        merged.push(token);
      }
    });
    return merged;
  });
}
