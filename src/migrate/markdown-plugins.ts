import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { toPosix } from '../core/fs-utils';
import { isJsonData } from '../config/markdown-plugins';
import { locateKey } from './key-location';
import type { WarningList } from './warnings';

// A Docusaurus content plugin's remark/rehype plugins -> docsite's plugin keys. The config was evaluated
// (its plugins are functions, or stubs when the packages are not installed), so which package a plugin
// came from is read from the config's text: the key's array, and the imports and requires that bind its names.
// remark-math and rehype-katex become `markdown.math: true`; other installed packages are carried as
// module specifiers; a plugin written inside the config is not carried.

export const PLUGIN_KEYS = ['remarkPlugins', 'rehypePlugins', 'beforeDefaultRemarkPlugins', 'beforeDefaultRehypePlugins'] as const;

const MATH_PACKAGES = new Set(['remark-math', 'rehype-katex']);

/** The warning lists of migrations that met remark-math or rehype-katex. */
const wantsMath = new WeakSet<WarningList>();

export function mathWanted(warnings: WarningList): boolean {
  return wantsMath.has(warnings);
}

/** Writes the plugin keys of `options` it can carry into `target`, with a note for each entry it cannot. */
export function carryMarkdownPlugins(options: Record<string, unknown>, target: Record<string, unknown>, where: string, siteDir: string, warnings: WarningList): void {
  const source = warnings.source ?? '';
  const bindings = bindingsOf(source);
  for (const key of PLUGIN_KEYS) {
    const list = options[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      warnings.notCarried(`${where}${key}`, 'docsite takes a list of plugins');
      continue;
    }
    const written = arrayElementsAt(source, `${where}${key}`);
    // A list built by code (a spread, a filter) does not line up with its text: its functions are not traced.
    const texts = written?.length === list.length ? written : undefined;
    const carried: unknown[] = [];
    list.forEach((entry: unknown, index) => {
      const entryKey = `${where}${key}[${index}]`;
      const [plugin, pluginOptions] = Array.isArray(entry) ? [entry[0], entry[1]] : [entry, undefined];
      const text = texts?.[index];
      const pluginText = Array.isArray(entry) && text?.startsWith('[') ? splitTopLevel(text.slice(1, -1))[0] : text;
      const specifier = typeof plugin === 'string' ? plugin : pluginText ? specifierOf(pluginText, bindings) : undefined;
      if (specifier && MATH_PACKAGES.has(specifier)) {
        wantsMath.add(warnings);
        if (pluginOptions !== undefined) warnings.notCarried(`${entryKey} options`, `docsite renders maths with markdown.math: true and KaTeX's defaults`);
        return;
      }
      if (!specifier) {
        warnings.notCarried(
          entryKey,
          pluginText
            ? 'a plugin defined in the config itself: docsite loads plugins by module (a package, or a file path string)'
            : 'migrate cannot tell from the config which module it comes from: list it in docsite.config.ts by module name',
        );
        return;
      }
      const module = resolvedFrom(specifier, siteDir);
      if (!module) {
        warnings.notCarried(`${entryKey} ('${specifier}')`, `the module is not installed in the site folder: install it (or add the file), then list '${specifier}' in ${key} of docsite.config.ts`);
        return;
      }
      if (pluginOptions !== undefined && !isJsonData(pluginOptions)) {
        warnings.notCarried(`${entryKey} ('${specifier}')`, "its options are not JSON data, which docsite's compile workers need");
        return;
      }
      // A local file is named with its extension, as docsite's config reads it relative to the site folder.
      const carriedSpecifier = specifier.startsWith('.') ? `./${toPosix(relative(siteDir, module))}` : specifier;
      carried.push(pluginOptions === undefined ? carriedSpecifier : [carriedSpecifier, pluginOptions]);
    });
    if (carried.length) target[key] = carried;
  }
}

function resolvedFrom(specifier: string, siteDir: string): string | undefined {
  try {
    return createRequire(join(siteDir, 'package.json')).resolve(specifier);
  } catch {
    return undefined;
  }
}

/** `require('x')`, `require('x').default`, `(await import('x')).default` or a name bound by an import or require. */
function specifierOf(text: string, bindings: Map<string, string>): string | undefined {
  const direct = /^\(?\s*(?:await\s+)?(?:require|import)\(\s*(['"])([^'"]+)\1\s*\)\)?(?:\.default)?$/.exec(text.trim());
  if (direct) return direct[2];
  const name = /^[A-Za-z_$][\w$]*$/.exec(text.trim())?.[0];
  return name ? bindings.get(name) : undefined;
}

/** Names the config binds to modules: `import x from 'm'`, `import { x } from 'm'`, `const x = require('m')`. */
function bindingsOf(source: string): Map<string, string> {
  const bindings = new Map<string, string>();
  for (const match of source.matchAll(/import\s+([\w$]+)?\s*,?\s*(?:\{([^}]*)\})?\s*from\s*(['"])([^'"]+)\3/g)) {
    if (match[1]) bindings.set(match[1], match[4]!);
    for (const part of (match[2] ?? '').split(',')) {
      const local = part.trim().split(/\s+as\s+/).at(-1);
      if (local) bindings.set(local, match[4]!);
    }
  }
  for (const match of source.matchAll(/(?:const|let|var)\s+([\w$]+)\s*=\s*require\(\s*(['"])([^'"]+)\2\s*\)/g)) bindings.set(match[1]!, match[3]!);
  return bindings;
}

/** The texts of the elements of the array written at `key` in the source, or undefined when it cannot be read. */
function arrayElementsAt(source: string, key: string): string[] | undefined {
  // Exact: with two plugin entries of one kind, the text of the other's list would be read for this one.
  const offset = locateKey(source, key, { exact: true })?.offset;
  if (offset === undefined) return undefined;
  const open = source.indexOf('[', offset);
  if (open === -1 || !/^[\w$'"]+\s*:\s*$/.test(source.slice(offset, open))) return undefined;
  const close = matchingBracket(source, open);
  return close === undefined ? undefined : splitTopLevel(source.slice(open + 1, close));
}

function matchingBracket(text: string, open: number): number | undefined {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    const char = text[index]!;
    if (char === '"' || char === "'" || char === '`') index = endOfString(text, index);
    else if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char) && --depth === 0) return index;
  }
  return undefined;
}

function endOfString(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index++) {
    if (text[index] === '\\') index++;
    else if (text[index] === text[start]) return index;
  }
  return text.length;
}

/** Comma-separated parts at the top level of a list's text, trimmed, empty ones (a trailing comma) dropped. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '"' || char === "'" || char === '`') index = endOfString(text, index);
    else if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char)) depth--;
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, index).trim());
      start = index + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts.filter((part) => part !== '');
}

/** With `markdown.math`, a page with maths loads KaTeX's stylesheet itself: a site-wide link to it is left over. */
export function noteKatexStylesheets(stylesheets: unknown, warnings: WarningList): void {
  if (!Array.isArray(stylesheets)) return;
  stylesheets.forEach((sheet: unknown, index) => {
    const href = typeof sheet === 'string' ? sheet : sheet && typeof sheet === 'object' ? (sheet as { href?: unknown }).href : undefined;
    if (typeof href === 'string' && /katex/i.test(href)) {
      warnings.add(`stylesheets[${index}] (KaTeX's stylesheet) is carried over but unnecessary: with markdown.math, pages with maths load KaTeX's stylesheet themselves; remove it from headTags to spare the other pages`, `stylesheets[${index}]`);
    }
  });
}
