// The Markdown files a compiled page imports (partials: `import Setup from './_setup.mdx'`), as written. The
// link check reads them to report a broken link of a partial at the partial's own line, not at the page that
// shows it. The MDX compiler writes each import of the file's ESM on a line of its own, at the top of the module.

const IMPORT_OF_MARKDOWN = /^import\s[^;]*?\sfrom\s*(["'])([^"'\n]+?\.mdx?)\1;?$/gm;

/** Specifiers of the Markdown files a compiled MDX module imports, each once, in order. */
export function markdownImportsOf(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(IMPORT_OF_MARKDOWN)) found.add(match[2]!);
  return [...found];
}
