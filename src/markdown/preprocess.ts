// Source-level rewrites applied before MDX parses a file. Each keeps the line count, so every
// position the parser reports still points at the author's file.
//
// - `## Title {#custom-id}`: MDX would read `{#custom-id}` as a JS expression; escape the braces.
// - `:::note Custom title`: the Docusaurus admonition title form; remark-directive wants `:::note[Custom title]`.

const FENCE = /^\s*(`{3,}|~{3,})/;

export function preprocessMarkdown(source: string): string {
  const lines = source.split('\n');
  let fence: string | undefined;
  let frontMatter = lines[0]?.trimEnd() === '---';
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
    if (/^\s{0,3}#{1,6}\s/.test(line)) {
      lines[i] = line.replace(/\s\{#([^}\s]+)\}\s*$/, ' \\{#$1\\}');
      continue;
    }
    const admonition = /^(\s*:{3,})([a-z]+)\s+([^[{\s].*?)\s*$/i.exec(line);
    if (admonition) lines[i] = `${admonition[1]}${admonition[2]}[${admonition[3]}]`;
  }
  return lines.join('\n');
}
