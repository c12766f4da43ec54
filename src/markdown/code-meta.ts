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
