import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { createProcessor } from '@mdx-js/mdx';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import { parsePlainMarkdown } from '../../src/markdown/fast-parse';
import { remarkGfm } from '../../src/markdown/plugins/gfm';
import { preprocessMarkdown } from '../../src/markdown/preprocess';
import { ROOT } from '../helpers';

// The fast path's promise (src/markdown/fast-parse/README.md): for a file it parses, the tree micromark gives, positions
// included; every other file is left to micromark. Checked on the cases beside it, on every plugin's fragments, on
// inputs it must leave alone, and on seeded random documents built from the constructs it parses and their neighbours.

/** micromark, as the compile's processor parses (compile.ts): MDX, front matter, GFM, directives. */
const micromark = createProcessor({ format: 'mdx', remarkPlugins: [remarkFrontmatter, [remarkGfm, { withUrlLiterals: true }], remarkDirective] });

/** Plain data: what the compile's plugins see (no prototypes, no undefined keys). */
const plain = (tree: unknown) => JSON.parse(JSON.stringify(tree)) as unknown;

function assertSameTree(source: string, where: string): boolean {
  const fast = parsePlainMarkdown(source);
  if (!fast) return false;
  assert.deepEqual(plain(fast), plain(micromark.parse(source)), where);
  return true;
}

const CASES = join(ROOT, 'src/markdown/fast-parse/__cases__');

describe('fast parse: its cases give micromark tree', () => {
  for (const name of readdirSync(CASES).filter((file) => file.endsWith('.md'))) {
    test(name, () => {
      const source = preprocessMarkdown(readFileSync(join(CASES, name), 'utf8'));
      assert.ok(assertSameTree(source, name), `${name} should be parsed on the fast path`);
    });
  }
});

test('fast parse: every plugin fragment it parses gives micromark tree', () => {
  const plugins = join(ROOT, 'src/markdown/plugins');
  const fragments = readdirSync(plugins, { recursive: true, encoding: 'utf8' }).filter((path) => /__fragments__[\\/][^\\/]+\.md$/.test(path));
  assert.ok(fragments.length > 20);
  for (const path of fragments) assertSameTree(preprocessMarkdown(readFileSync(join(plugins, path), 'utf8')), path);
});

describe('fast parse: leaves to micromark', () => {
  const cases: Record<string, string> = {
    'JSX': 'Text\n\n<Tabs>\n\n</Tabs>\n',
    'an expression': 'Total: {1 + 1}\n',
    'an import': "import Tabs from '@theme/Tabs';\n\nText\n",
    'an entity': 'Fish &amp; chips\n',
    'a reference link': 'See [the guide][guide].\n\n[guide]: ./guide.md\n',
    'an image': '![A photo](./photo.png)\n',
    'a URL literal': 'Open https://memora.example now\n',
    'an e-mail address': 'Write to help@memora.example\n',
    'strikethrough': 'Old ~~text~~ here\n',
    'a setext heading': 'Title\n=====\n',
    'a thematic break': 'One\n\n***\n\nTwo\n',
    'a lazy line in a quote': '> quoted\nlazy\n',
    'a lazy line in a list': '- one\nlazy\n',
    'an item line indented deeper than its text': '- one\n\n    more\n',
    'a backslash before a letter': 'C:\\Users\n',
    'a backslash at the end of a line': 'one\\\ntwo\n',
    'an escaped at sign': 'name\\@example.com\n',
    'a hard break': 'line  \nnext\n',
    'a tab': 'a\tb\n',
    'an ambiguous delimiter': 'a*b*c\n',
    'a text directive': 'Press :kbd[Ctrl]\n',
    'a digit directive': 'app.js:225\n',
    'a directive with attributes': ':::note{.wide}\n\nText\n\n:::\n',
    'brackets in a directive label': ':::note[See [this]]\n\nText\n\n:::\n',
    'a table without outer pipes': 'a | b\n--- | ---\n1 | 2\n',
    'a table row with more cells': '| a | b |\n| - | - |\n| 1 | 2 | 3 |\n',
    'colons in code inside a directive': ':::info\n\n```\n:::\n```\n\n:::\n',
    'an unclosed fence': '```js\nconst a = 1;\n',
    'an indented closing fence': '```\ncode\n    ```\n',
    'a closing heading sequence': '## Title ##\n',
    'a task list': '- [ ] todo\n',
    'CRLF line endings': 'one\r\ntwo\r\n',
    'front matter with spaces after its fence': '---\na: 1\n---   \n\nText\n',
  };
  for (const [name, source] of Object.entries(cases)) {
    test(name, () => assert.equal(parsePlainMarkdown(source), undefined));
  }
});

test('fast parse: seeded random documents give micromark tree wherever it parses them', () => {
  let seed = 20261128;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const words = ['\\*', '\\{#x\\}', 'a\\_b', '\\[', 'a', 'photo', 'é', '2', '.', ',', '(', ')', '"', '?', '*', '**', '_', '`', '*b*', '**c**', '_d_', '`e`', '`` f` ``', '[g](./h.md)', '[**i**](j#k)', '[`l`](m)', 'n_o', 'p*q', '*r*s', 't**u**', '—', '%', '+', '=', '#', '|', '>', '-', ':', ';', '/', '*(v)*', '_(w)_', '**"x"**', '"*y*"'];
  const inline = () => Array.from({ length: 1 + Math.floor(random() * 8) }, () => pick(words) + (random() < 0.5 ? ' ' : '')).join('');
  const blocks = [
    () => `${'#'.repeat(1 + Math.floor(random() * 7))} ${inline()}`,
    () => inline(),
    () => `${inline()}\n${inline()}`,
    () => `- ${inline()}\n- ${inline()}`,
    () => `1. ${inline()}\n2. ${inline()}`,
    () => `> ${inline()}\n> ${inline()}`,
    () => `> ${inline()}\n>\n> - ${inline()}`,
    () => `| ${inline()} | b |\n| --- | :-: |\n| ${inline()} | ${inline()} |`,
    () => '```' + pick(['', 'js', 'js title="x"', ' js ', 'js  meta']) + `\n${inline()}\n` + pick(['```', '````', ' ```', '```  ']),
    () => `:::${pick(['info', 'note', 'tip x', 'a-b', 'note[Title]', 'tip[**a** b]', 'warning[]'])}\n\n${inline()}\n\n:::`,
    () => `:::note[${inline()}]\n${inline()}\n:::`,
    () => `${inline()}\n- ${inline()}`,
    () => `${inline()}\n\`\`\`\ncode\n\`\`\``,
    () => `${inline()}\n# ${inline()}`,
    () => `- ${inline()}\n  ${inline()}`,
    () => `- ${inline()}\n\n  ${inline()}\n- ${inline()}`,
    () => `- ${inline()}\n  - ${inline()}\n  - ${inline()}\n- ${inline()}`,
    () => `- ${inline()}\n\n  - ${inline()}\n\n- ${inline()}`,
    () => `1. ${inline()}\n\n   \`\`\`js\n   code\n\n   more\n   \`\`\`\n2. ${inline()}`,
    () => `- ${inline()}\n\n  > ${inline()}\n\n- ${inline()}\n   ${inline()}`,
  ];
  let parsed = 0;
  for (let index = 0; index < 12000; index++) {
    const parts = random() < 0.2 ? ['---\ntitle: t\n---'] : [];
    for (let count = 1 + Math.floor(random() * 4); count > 0; count--) parts.push(pick(blocks)());
    const source = parts.join(pick(['\n\n', '\n', '\n\n\n'])) + pick(['', '\n']);
    if (assertSameTree(source, JSON.stringify(source))) parsed++;
  }
  // Enough of them take the fast path for the comparison to mean something.
  assert.ok(parsed > 100, `only ${parsed} documents parsed on the fast path`);
});
