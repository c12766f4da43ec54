// Reading a source file's own import statements, without parsing it: which names it takes from a module, and the
// line it imports it on (a page's Markdown, not the compiled module, so messages point at what the author wrote).

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function importPattern(specifier: string): RegExp {
  const quoted = `['"]${escapeRegExp(specifier)}['"]`;
  return new RegExp(`(?:\\bimport\\s+([^'";]*?)\\s*from\\s*${quoted}|\\bimport\\s*${quoted}|\\b(?:require|import)\\s*\\(\\s*${quoted}\\s*\\))`, 'g');
}

/** 1-based line and column of the first import (or require) of `specifier` in `source`, when it is there. */
export function importLocation(source: string, specifier: string): { line: number; column: number; lineText: string } | undefined {
  const match = importPattern(specifier).exec(source);
  if (!match) return undefined;
  const before = source.slice(0, match.index);
  const line = before.split('\n').length;
  const lineStart = before.lastIndexOf('\n') + 1;
  const lineEnd = source.indexOf('\n', match.index);
  return { line, column: match.index - lineStart + 1, lineText: source.slice(lineStart, lineEnd === -1 ? undefined : lineEnd) };
}

/** Whether `source` imports or requires `specifier` itself (as opposed to code a compiler added). */
export function importsSpecifier(source: string, specifier: string): boolean {
  return importPattern(specifier).test(source);
}

/** The named imports of `specifier` in `source` (`import A, { b, c as d } from 'x'` -> ['b', 'c']). */
export function importedNames(source: string, specifier: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(importPattern(specifier))) {
    const clause = match[1];
    const braces = clause ? /\{([^}]*)\}/.exec(clause) : null;
    if (!braces) continue;
    for (const part of braces[1]!.split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!.trim();
      if (/^[A-Za-z_$][\w$]*$/.test(name) && !part.trim().startsWith('type ')) names.add(name);
    }
  }
  return [...names];
}
