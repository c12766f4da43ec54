import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { TEMPLATES_DIR } from '../core/paths';

// An SVG file as the module of a React component (SVGR's semantics, which Docusaurus gives every SVG a script
// or MDX file imports): the root `<svg>`'s attributes become React props, the markup inside is passed through
// as it is (templates/mdx/svg-component.ts renders it).

/** The root element's attributes (as written) and the markup inside it. */
export interface ParsedSvg {
  attributes: Array<[name: string, value: string]>;
  inner: string;
}

export function parseSvg(text: string): ParsedSvg | undefined {
  const start = text.search(/<svg[\s>/]/i);
  if (start === -1) return undefined;
  // The start tag ends at the first `>` outside a quoted value.
  let quote: string | undefined;
  let end = start + 4;
  for (; end < text.length; end++) {
    const char = text[end]!;
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') break;
  }
  if (end >= text.length) return undefined;
  const selfClosing = text[end - 1] === '/';
  const attributeText = text.slice(start + 4, selfClosing ? end - 1 : end);
  const close = text.toLowerCase().lastIndexOf('</svg>');
  const inner = selfClosing || close < end ? '' : text.slice(end + 1, close);
  const attributes: Array<[string, string]> = [];
  for (const match of attributeText.matchAll(/([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g)) {
    attributes.push([match[1]!, decodeEntities(match[2] ?? match[3] ?? match[4] ?? '')]);
  }
  return { attributes, inner };
}

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|quot|apos|lt|gt|amp);/gi, (entity, code: string) => {
    const lower = code.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return ({ quot: '"', apos: "'", lt: '<', gt: '>', amp: '&' } as Record<string, string>)[lower] ?? entity;
  });
}

const SPECIAL_NAMES: Record<string, string> = { class: 'className', for: 'htmlFor', tabindex: 'tabIndex', 'xlink:href': 'xlinkHref', 'xml:space': 'xmlSpace', 'xml:lang': 'xmlLang', 'xmlns:xlink': 'xmlnsXlink' };

/** An SVG attribute's React prop name: `class` -> `className`, `stroke-width` -> `strokeWidth`, `xmlns:xlink` -> `xmlnsXlink`. */
export function reactPropName(name: string): string {
  const special = SPECIAL_NAMES[name.toLowerCase()];
  if (special) return special;
  // React takes data-* and aria-* as written.
  if (/^(data|aria)-/i.test(name)) return name;
  return name.replace(/[:-]([a-z])/gi, (_, letter: string) => letter.toUpperCase());
}

/** A style attribute as React's style object: `fill-opacity: .5; -webkit-mask: x` -> `{ fillOpacity: '.5', WebkitMask: 'x' }`. */
export function styleObject(style: string): Record<string, string> {
  const result: Record<string, string> = {};
  // `;` inside `url(…)` or quotes does not end a declaration.
  for (const declaration of style.split(/;(?![^(]*\))(?=(?:[^"']*["'][^"']*["'])*[^"']*$)/)) {
    const colon = declaration.indexOf(':');
    if (colon === -1) continue;
    const property = declaration.slice(0, colon).trim();
    const value = declaration.slice(colon + 1).trim();
    if (!property || !value) continue;
    // Custom properties keep their names; vendor prefixes are capitalised (`-webkit-x` -> `WebkitX`, `-ms-x` -> `msX`).
    const name = property.startsWith('--') ? property : property.replace(/^-ms-/, 'ms-').replace(/-([a-z])/gi, (_, letter: string) => letter.toUpperCase());
    result[name] = value;
  }
  return result;
}

export function svgProps(attributes: ParsedSvg['attributes']): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [name, value] of attributes) {
    const prop = reactPropName(name);
    props[prop] = prop === 'style' ? styleObject(value) : value;
  }
  return props;
}

/** The ES module of an SVG file imported as a component (default export; `ReactComponent` as create-react-app names it). */
export async function svgComponentModule(file: string): Promise<string> {
  const parsed = parseSvg(await readFile(file, 'utf8'));
  const name = basename(file).replace(/\.svg$/i, '').replace(/[^\w$]+(\w?)/g, (_, letter: string) => letter.toUpperCase()) || 'Svg';
  const props = parsed ? svgProps(parsed.attributes) : {};
  return [
    `import { svgComponent } from ${JSON.stringify(join(TEMPLATES_DIR, 'mdx', 'svg-component.ts'))};`,
    `const SvgComponent = svgComponent(${JSON.stringify(`Svg${name[0]!.toUpperCase()}${name.slice(1)}`)}, ${JSON.stringify(props)}, ${JSON.stringify(parsed?.inner ?? '')});`,
    'export default SvgComponent;',
    'export { SvgComponent as ReactComponent };',
  ].join('\n');
}
