import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DocsiteError } from '../../src/core/errors';
import { createMarkdownCompiler, type CompileInput } from '../../src/markdown/compile';

// What the compiler does around its plugins: the source rewrites before MDX parses a file, and its errors.
// The plugins themselves are tested by fragments, Markdown in and HTML out, beside each plugin
// (src/markdown/plugins/<plugin>/__fragments__, run by markdown-fragments.test.ts).

const compiler = createMarkdownCompiler({ minHeadingLevel: 2, maxHeadingLevel: 3, resolveLink: (url) => url.replace(/\.md(#|$)/, '$1'), images: { siteDir: process.cwd(), staticDirs: ['static'], baseUrl: '/' } });
/** A compile to a module (these tests read its code). */
const compile = async (source: string, extra: Partial<CompileInput> = {}) => {
  const result = await compiler({ source, absolutePath: '/site/docs/page.md', file: 'docs/page.md', ...extra });
  assert.ok(result.code !== undefined, 'compiled to a module');
  return result as typeof result & { code: string };
};

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

test('a page that names `toc` gets the Docusaurus toc export: every heading below the title', async () => {
  const result = await compile("import TOCInline from '@theme/TOCInline';\n\n# Title\n\n<TOCInline toc={toc} />\n\n## Install {#setup}\n\n### Docker\n\n#### Ports\n");
  const exported = /export const toc = (\[.*\]);/.exec(result.code);
  assert.ok(exported, result.code);
  assert.deepEqual(JSON.parse(exported[1]!), [
    { id: 'setup', value: 'Install', level: 2 },
    { id: 'docker', value: 'Docker', level: 3 },
    { id: 'ports', value: 'Ports', level: 4 },
  ]);
  // Pages that do not use it, or declare their own, are left as they are.
  assert.doesNotMatch((await compile('## A\n\nText.\n')).code, /export const toc/);
  // The word in prose or in code is not the identifier: the page keeps no export and stays static content.
  const prose = await compile('## A\n\nSee the toc below.\n\n```js\nconst toc = 1;\n```\n');
  assert.doesNotMatch(prose.code, /export const toc/);
  assert.equal(prose.staticContent, true);
  assert.equal((await compile('export const toc = [];\n\n## A\n\n{toc.length}\n')).code.match(/const toc/g)?.length, 1);
});

test('URL literals: a page the first guess parses without them is parsed again with them, and gets its links', async () => {
  // The `](` before the URL makes it look like a link target, so the first parse leaves URL literals out; its
  // text has one (the bracket is escaped: no link), so the page is parsed again, as remark-gfm would.
  const result = await compile('See \\](https://example.com/a) and www.example.org here.\n\n```\nhttps://in.code/only\n```\n');
  assert.match(result.code, /href: "https:\/\/example\.com\/a\)?"/);
  assert.match(result.code, /href: "http:\/\/www\.example\.org"/);
  assert.doesNotMatch(result.code, /href: "https:\/\/in\.code/);
  const plain = await compile('A page with [a link](https://example.com) only, and no literal.\n');
  assert.deepEqual(plain.links.map((link) => link.href), ['https://example.com']);
});
