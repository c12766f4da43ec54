import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createMarkdownCompiler } from '../../src/markdown/compile';

// Which compiled pages the browser can keep as server HTML (no JavaScript for their text), and which global MDX
// components a page's chunk must bring.

const compile = createMarkdownCompiler({ minHeadingLevel: 2, maxHeadingLevel: 3, resolveLink: (url) => url, images: { siteDir: '/site', staticDirs: [], baseUrl: '/' } });
const compiled = (source: string) => compile({ source, absolutePath: '/site/docs/page.mdx', file: 'docs/page.mdx' });

test('Markdown of HTML elements only is static: headings, lists, tables, code, admonitions, expressions', async () => {
  const page = await compiled(['# Title', '', 'Some *text* with `code` and a [link](/x).', '', '| a | b |', '| - | - |', '| 1 | 2 |', '', '```js', 'const x = 1;', '```', '', ':::note', 'Careful.', ':::', '', 'Sum: {1 + 2}', '', '<div className="box">raw JSX element</div>'].join('\n'));
  assert.equal(page.staticContent, true);
  assert.equal(page.globalComponents, undefined);
});

test('content that uses a component, imports or exports something, or imports Markdown hydrates', async () => {
  const cases = [
    '<Tabs>\n  <TabItem value="a">A</TabItem>\n</Tabs>\n',
    "import Highlight from '@site/src/components/Highlight';\n\n<Highlight color=\"red\">x</Highlight>\n",
    'export const Local = () => <b>local</b>;\n\n<Local />\n',
    "import Setup from './_setup.md';\n\n<Setup />\n",
    '<Undefined />\n',
  ];
  for (const source of cases) assert.equal((await compiled(source)).staticContent, undefined, source);
});

test('global components used without an import are listed for the page chunk', async () => {
  const page = await compiled('<Tabs>\n  <TabItem value="a">A</TabItem>\n</Tabs>\n\n<Other />\n');
  assert.deepEqual([...(page.globalComponents ?? [])].sort(), ['Other', 'TabItem', 'Tabs']);
  const imported = await compiled("import Tabs from '@theme/Tabs';\n\n<Tabs />\n");
  assert.equal(imported.globalComponents, undefined);
});
