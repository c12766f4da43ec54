// A doc's `.md` twin, from its Markdown source: what the author wrote, without what only the site reads. Front
// matter, ES imports and exports and MDX comments are dropped; a line that is only a JSX tag is left out, but a
// tab's `label` stays as a bold line above its content; fenced code is kept exactly. Faster by far than turning
// the rendered page back into Markdown, and closer to the author's text.

export function docMarkdown(source: string, title: string, hasOwnTitle: boolean): string {
  const lines = withoutFrontMatter(source).replace(/\{\/\*[\s\S]*?\*\/\}/g, '').split('\n');
  const kept: string[] = [];
  let fence: string | undefined;
  for (const line of lines) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      kept.push(line);
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      continue;
    }
    if (marker) {
      fence = marker;
      kept.push(line);
      continue;
    }
    if (/^(import|export)\s/.test(line)) continue;
    const tag = /^\s*<\/?([A-Z][\w.]*)(\s[^>]*)?\/?>\s*$/.exec(line);
    if (tag) {
      const label = tag[1] === 'TabItem' ? /\blabel=(?:"([^"]*)"|'([^']*)'|\{["'`]([^"'`]*)["'`]\})/.exec(tag[2] ?? '') : null;
      if (label) kept.push(`**${label[1] ?? label[2] ?? label[3]}**`, '');
      continue;
    }
    kept.push(line);
  }
  const body = kept.join('\n').replace(/\n{3,}/g, '\n\n').trim();
  return `${hasOwnTitle ? '' : `# ${title}\n\n`}${body}\n`;
}

function withoutFrontMatter(source: string): string {
  const match = /^---\r?\n[\s\S]*?\r?\n---\r?\n?/.exec(source.replace(/^\uFEFF/, ''));
  return match ? source.replace(/^\uFEFF/, '').slice(match[0].length) : source;
}
