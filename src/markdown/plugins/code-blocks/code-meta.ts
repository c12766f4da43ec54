// Parses a code fence's meta string: ```ts title="a.ts" {1,3-5} showLineNumbers

export interface CodeMeta {
  title?: string;
  highlightLines: Set<number>;
  showLineNumbers: boolean;
}

export function parseCodeMeta(meta: string | null | undefined): CodeMeta {
  const result: CodeMeta = { highlightLines: new Set(), showLineNumbers: false };
  if (!meta) return result;
  const title = /\btitle=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  if (title) result.title = title[1] ?? title[2] ?? title[3];
  const rest = title ? meta.replace(title[0], '') : meta;
  for (const group of rest.matchAll(/\{([\d,\s-]+)\}/g)) {
    for (const part of group[1]!.split(',')) {
      const [from, to] = part.trim().split('-').map((n) => Number(n.trim()));
      if (!from || Number.isNaN(from)) continue;
      const end = to && !Number.isNaN(to) ? to : from;
      for (let line = from; line <= end; line++) result.highlightLines.add(line);
    }
  }
  result.showLineNumbers = /\bshowLineNumbers\b/.test(rest);
  return result;
}

// A magic comment alone on its line, in the comment syntaxes code blocks use: `// highlight-next-line`,
// `# highlight-start`, `<!-- highlight-end -->`, `/* highlight-next-line */`, `-- highlight-start`.
const MAGIC_COMMENT = /^\s*(?:\/\/|#|--|;|%|<!--|\/\*|\{\/\*)\s*highlight-(next-line|start|end)\s*(?:-->|\*\/\}?|\*\/)?\s*$/;

/**
 * Docusaurus' highlight comments: removed from the code, and the lines they mark returned (1-based,
 * in the code without them). An unclosed `highlight-start` runs to the end.
 */
export function extractHighlightComments(code: string): { code: string; lines: Set<number> } {
  const kept: string[] = [];
  const lines = new Set<number>();
  let nextLine = false;
  let inRange = false;
  for (const line of code.split('\n')) {
    const magic = MAGIC_COMMENT.exec(line)?.[1];
    if (magic === 'next-line') nextLine = true;
    else if (magic === 'start') inRange = true;
    else if (magic === 'end') inRange = false;
    else {
      kept.push(line);
      if (nextLine || inRange) lines.add(kept.length);
      nextLine = false;
    }
  }
  return { code: kept.join('\n'), lines };
}
