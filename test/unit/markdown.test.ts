import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DocsiteError } from '../../src/core/errors';
import { createMarkdownCompiler, type CompileInput } from '../../src/markdown/compile';

const compiler = createMarkdownCompiler({ minHeadingLevel: 2, maxHeadingLevel: 3, resolveLink: (url) => url.replace(/\.md(#|$)/, '$1'), images: { siteDir: process.cwd(), staticDirs: ['static'], baseUrl: '/' } });
const compile = (source: string, extra: Partial<CompileInput> = {}) => compiler({ source, absolutePath: '/site/docs/page.md', file: 'docs/page.md', ...extra });

test('headings get github-slugger ids, custom ids, and unique suffixes', async () => {
  const result = await compile('# Title\n\n## Install Memora\n\n## Install Memora\n\n### Use `docker` {#docker}\n');
  assert.deepEqual(result.headingIds, ['title', 'install-memora', 'install-memora-1', 'docker']);
  assert.match(result.code, /id: "docker"/);
  assert.doesNotMatch(result.code, /\{#docker\}/);
});

test('the TOC holds levels 2 to 3 by default', async () => {
  const result = await compile('# T\n\n## A\n\n### B\n\n#### C\n\n## D\n');
  assert.deepEqual(
    result.toc.map((item) => [item.level, item.value]),
    [
      [2, 'A'],
      [3, 'B'],
      [2, 'D'],
    ],
  );
});

test('TOC levels are configurable per file', async () => {
  const result = await compile('## A\n\n### B\n\n#### C\n', { tocLevels: { min: 3, max: 4 } });
  assert.deepEqual(
    result.toc.map((item) => item.value),
    ['B', 'C'],
  );
});

test('admonitions with default, bracket and Docusaurus-style titles', async () => {
  const result = await compile(':::note\nPlain.\n:::\n\n:::warning[Careful now]\nBody.\n:::\n\n:::danger Do not\nBody.\n:::\n');
  assert.match(result.code, /admonition admonition-note/);
  assert.match(result.code, /children: "Note"/);
  assert.match(result.code, /children: "Careful now"/);
  assert.match(result.code, /admonition admonition-danger/);
  assert.match(result.code, /children: "Do not"/);
});

test('text that looks like a directive stays text', async () => {
  const result = await compile('Listen on host:port and ::leaf here.\n');
  assert.match(result.code, /:port/);
});

test('GFM tables and task lists', async () => {
  const result = await compile('| a | b |\n| - | - |\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n');
  assert.match(result.code, /_components\.table/);
  assert.match(result.code, /type: "checkbox"/);
});

test('code fences are highlighted with title, line highlights and a copy button', async () => {
  const result = await compile('```yaml title="docker-compose.yml" {2,4-5}\na: 1\nb: 2\nc: 3\nd: 4\ne: 5\n```\n');
  assert.match(result.code, /code-block-title\\">docker-compose.yml/);
  assert.match(result.code, /--shiki-light/);
  assert.match(result.code, /--shiki-dark/);
  assert.equal(result.code.match(/line highlighted/g)?.length, 3);
  assert.match(result.code, /code-copy/);
});

test('the extra languages are highlighted', async () => {
  for (const lang of ['sql', 'diff', 'bash', 'powershell', 'nginx']) {
    const result = await compile(`\`\`\`${lang}\nselect 1\n\`\`\`\n`);
    assert.match(result.code, new RegExp(`language-${lang}`), lang);
    assert.match(result.code, /--shiki-light:#/, lang);
  }
});

test('an unknown language falls back to plain text', async () => {
  const result = await compile('```klingon\nQapla\n```\n');
  assert.match(result.code, /language-text/);
});

test('links are resolved and recorded with their position', async () => {
  const result = await compile('Intro.\n\nSee [the guide](./guide.md#setup) and [site](https://example.com).\n');
  assert.deepEqual(result.links[0], { href: './guide#setup', written: './guide.md#setup', line: 3, column: 5 });
  assert.equal(result.links[1]!.written, undefined, 'only links to Markdown files depend on other routes');
  assert.match(result.code, /target: "_blank"/);
  assert.match(result.code, /rel: "noopener noreferrer"/);
});

test('plain text sections and the excerpt are collected for search and descriptions', async () => {
  const result = await compile('# T\n\nFirst paragraph.\n\n## Part\n\n:::tip\nA tip.\n:::\n\nMore text.\n');
  assert.equal(result.excerpt, 'First paragraph.');
  assert.deepEqual(result.sections.at(-1), { id: 'part', heading: 'Part', level: 2, text: 'Tip A tip. More text.' });
});

test('table text reads row by row in search sections', async () => {
  const result = await compile('## Ports\n\n| port | use |\n| --- | --- |\n| 2283 | web and API |\n| 5432 | `postgres` |\n');
  assert.equal(result.sections.at(-1)!.text, 'port, use · 2283, web and API · 5432, postgres');
});

test('HTML comments (and the truncate marker) become MDX comments outside code', async () => {
  const result = await compile('Intro.\n\n<!-- truncate -->\n\nText <!-- note --> here and `<!-- code -->`.\n\n<!--\nmulti\nline */\n-->\n\n```html\n<!-- kept -->\n```\n');
  assert.doesNotMatch(result.code, /children: "[^"]*(truncate|note|multi)/);
  assert.match(result.code, /<!-- code -->/);
  assert.match(result.code, /kept/, "comments inside fenced code stay code");
  assert.equal(result.sections[0]!.text, 'Intro. Text here and <!-- code -->.');
});

test('invalid MDX is an error with file, line and column', async () => {
  await assert.rejects(
    compile('# Title\n\nSome text\n\n<div>\n  unclosed\n'),
    (error: unknown) => error instanceof DocsiteError && error.file === 'docs/page.md' && error.line !== undefined && /invalid MDX/.test(error.message),
  );
  await assert.rejects(compile('Line one\n\nA {broken expression here\n'), (error: unknown) => error instanceof DocsiteError && error.line === 3);
});
