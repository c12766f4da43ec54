// Source-level rewrites applied before MDX parses a file. Each keeps the line count, so every
// position the parser reports still points at the author's file.
//
// - `## Title {#custom-id}`: MDX would read `{#custom-id}` as a JS expression; escape the braces.
// - `:::note Custom title`: the Docusaurus admonition title form; remark-directive wants `:::note[Custom title]`.
// - `<!-- comment -->`: MDX has no HTML comments; Markdown files (and `<!-- truncate -->`) use them
//   everywhere, so outside code they become MDX comments `{/* comment */}`.

const FENCE = /^\s*(`{3,}|~{3,})/;

export function preprocessMarkdown(source: string): string {
  const lines = source.split('\n');
  let fence: string | undefined;
  let frontMatter = lines[0]?.trimEnd() === '---';
  let inComment = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (frontMatter) {
      if (i > 0 && line.trimEnd() === '---') frontMatter = false;
      continue;
    }
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch) {
      const marker = fenceMatch[1]!;
      if (!fence) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      continue;
    }
    if (fence) continue;
    if (inComment || line.includes('<!--')) {
      const converted = convertComments(line, inComment);
      lines[i] = converted.line;
      inComment = converted.open;
      if (inComment || converted.line !== line) continue;
    }
    if (/^\s{0,3}#{1,6}\s/.test(line)) {
      lines[i] = line.replace(/\s\{#([^}\s]+)\}\s*$/, ' \\{#$1\\}');
      continue;
    }
    const admonition = /^(\s*:{3,})([a-z]+)\s+([^[{\s].*?)\s*$/i.exec(line);
    if (admonition) lines[i] = `${admonition[1]}${admonition[2]}[${admonition[3]}]`;
  }
  return lines.join('\n');
}

/** HTML comment delimiters outside inline code -> MDX comment delimiters; `open` says a comment continues on the next line. */
function convertComments(line: string, open: boolean): { line: string; open: boolean } {
  let result = '';
  // Split off inline code spans (`…`), which keep their text.
  for (const part of line.split(/(`+[^`]*`+)/)) {
    if (part.startsWith('`')) {
      result += open ? part.replace(/\*\//g, '* /') : part;
      continue;
    }
    let rest = part;
    while (rest) {
      if (open) {
        const end = rest.indexOf('-->');
        const body = (end < 0 ? rest : rest.slice(0, end)).replace(/\*\//g, '* /');
        result += body;
        if (end < 0) break;
        result += '*/}';
        rest = rest.slice(end + 3);
        open = false;
      } else {
        const start = rest.indexOf('<!--');
        if (start < 0) {
          result += rest;
          break;
        }
        result += `${rest.slice(0, start)}{/*`;
        rest = rest.slice(start + 4);
        open = true;
      }
    }
  }
  return { line: result, open };
}
