// Whether a compiled page's content needs React in the browser, or is HTML that React can leave as it is.
//
// Most docs pages are Markdown: headings, paragraphs, code, tables, admonitions, images. Their server-rendered
// HTML is all the browser needs, and shipping their content as JavaScript only to hydrate it again would be the
// largest part of a page's first load. Content that uses a component (one from the global MDX components, one it
// imports or defines), or that imports other Markdown, is hydrated as usual.

/** Module specifiers whose import leaves the content static: the JSX runtime and imported images. */
const STATIC_IMPORT = /^import\s[^;]*?\sfrom\s*["']([^"']+)["'];?$/gm;
const STATIC_SOURCES = /^react\/jsx-runtime$|\.(png|jpe?g|gif|webp|avif|svg|ico)$/i;

/**
 * True when the compiled MDX module renders only HTML elements (through `_components.<tag>`, which a site's own
 * MDXComponents could still replace: the caller decides whether that applies). Reads the code the MDX compiler
 * writes: its imports, the components it takes from `_components` by a capitalised name, and its exports.
 */
export function isStaticContent(code: string): boolean {
  for (const match of code.matchAll(STATIC_IMPORT)) {
    if (!STATIC_SOURCES.test(match[1]!)) return false;
  }
  // Components taken from `components` (`{Tabs, TabItem} = _components`), or missing (`_missingMdxReference`).
  if (globalComponentsOf(code).length || /_missingMdxReference\(/.test(code)) return false;
  // Anything exported beside the content (a component defined in the page, `export const x`) may be used in it.
  const exports = code.match(/^export\s.*$/gm) ?? [];
  if (exports.some((line) => !/^export default function MDXContent\b/.test(line))) return false;
  // A capitalised JSX type that is not from `_components` is a component in scope (defined or imported above).
  if (/_jsxs?\((?!_components\.|_Fragment\b|MDXLayout\b)[A-Z]/.test(code)) return false;
  return true;
}

/** The components a compiled MDX module takes from its `components` (those it uses without importing them). */
export function globalComponentsOf(code: string): string[] {
  const names = new Set<string>();
  // `const _components = {…}, {Tabs} = _components;`, or without HTML elements `const {Tabs} = props.components || ({});`.
  for (const match of code.matchAll(/\{([^{}]*)\}\s*=\s*(?:_components|props\.components\s*\|\|\s*\(\{\}\));/g)) {
    for (const part of match[1]!.split(',')) {
      const name = part.split(':')[0]!.trim();
      if (/^[A-Z][\w$]*$/.test(name)) names.add(name);
    }
  }
  return [...names];
}

/** Whether a compile's content is HTML, asked without reading it: a build may keep it in a file (emit/content-files.ts). */
export function hasHtml(compiled: { html?: string | undefined }): boolean {
  const own = Object.getOwnPropertyDescriptor(compiled, 'html');
  return own !== undefined && (own.get !== undefined || own.value !== undefined);
}
