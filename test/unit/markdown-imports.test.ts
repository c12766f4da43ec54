import assert from 'node:assert/strict';
import { test } from 'node:test';
import { markdownImportsOf } from '../../src/markdown/markdown-imports';
import { createMarkdownCompiler } from '../../src/markdown/compile';

test('the Markdown files a compiled page imports, as written, each once', async () => {
  const compile = createMarkdownCompiler({ minHeadingLevel: 2, maxHeadingLevel: 3, resolveLink: (url) => url, images: { siteDir: '/site', staticDirs: [], baseUrl: '/' } });
  const source = [
    "import Setup from '/docs/partials/_setup.md';",
    'import Cleanup from "../partials/_cleanup.mdx";',
    "import Tabs from '@theme/Tabs';",
    "import Again from '/docs/partials/_setup.md';",
    '',
    '# Page',
    '',
    'Text that shows the idiom: `import X from "./y.md"`.',
    '',
    '<Setup />',
  ].join('\n');
  const result = await compile({ source, absolutePath: '/site/docs/page.mdx', file: 'docs/page.mdx' });
  assert.deepEqual(result.partials, ['/docs/partials/_setup.md', '../partials/_cleanup.mdx']);
  assert.deepEqual(markdownImportsOf('const x = 1;\n'), []);
});
