import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { CompileCache } from '../../src/markdown/compile-cache';
import { compileMarkdown, type MarkdownFile } from '../../src/markdown/compile-files';
import type { CompileSetup } from '../../src/markdown/compile-setup';

// A build's compile on two cores is split: the Markdown in the build's thread, the code blocks in a worker
// (code-block-pool.ts). Whichever way the files are compiled (split, in compile workers, or one at a time in this
// thread), each must come out the same, code blocks included: languages resolved or unknown, titles, highlighted
// lines and line numbers, a block shown twice in one file, a file without blocks, static HTML and modules.

const siteDir = mkdtempSync(join(tmpdir(), 'docsite-split-'));
after(() => rmSync(siteDir, { recursive: true, force: true }));
const docs = join(siteDir, 'docs');

const setup: CompileSetup = { minHeadingLevel: 2, maxHeadingLevel: 3, siteDir, contentDirs: [docs], baseUrl: '/', trailingSlash: undefined, staticDirs: [], routeOfFile: [] };

const FENCES = [
  '```bash\nnpm install --save memora-client # the client\n```',
  '```ts title="src/upload.ts" {2}\nexport async function upload(path: string): Promise<number> {\n  const size = await stat(path);\n  return size;\n}\n```',
  '```python showLineNumbers\nimport json\n\n\ndef count(path):\n    return len(json.load(open(path)))\n```',
  '```yaml\nstorage:\n  # highlight-next-line\n  path: /srv/photos\n  keep: 30d\n```',
  '```made-up-language\nnot highlighted, <escaped> & kept\n```',
  '```\nno language at all\n```',
  '```json\n{ "albums": [1, 2, 3], "shared": true }\n```',
];

function page(index: number): string {
  const fences = index % 7 === 3 ? [] : [FENCES[index % FENCES.length]!, FENCES[(index * 3 + 1) % FENCES.length]!];
  // Every fifth page shows its first block twice.
  if (index % 5 === 0 && fences[0]) fences.push(fences[0]);
  const jsx = index % 11 === 4 ? '\n<details>\n<summary>More</summary>\n\nHidden text.\n\n</details>\n' : '';
  // HTML whose React rendering react-html.ts does not write (a style attribute): its file compiles to a module after all.
  const styled = index % 13 === 6 ? '\n<span style="color: red">Red</span> text.\n' : '';
  return `# Page ${index}\n\nSome *text* with a [link](./page-${(index + 1) % 60}.md) and \`code\`.\n\n## Section ${index}\n\n${fences.join('\n\nBetween the blocks.\n\n')}\n${jsx}${styled}`;
}

const files: MarkdownFile[] = Array.from({ length: 60 }, (_, index) => {
  const absolutePath = join(docs, `page-${index}.md`);
  return { key: absolutePath, absolutePath, source: `docs/page-${index}.md`, content: page(index), frontMatter: {} };
});
// Half the pages as a build compiles docs whose HTML it uses, the other half to modules.
const htmlOnly = new Set(files.filter((_, index) => index % 2 === 0).map((file) => file.key));

async function compiledWith(spread: 'split' | 'workers' | 'alone') {
  const cache = new CompileCache(siteDir, false);
  if (spread === 'alone') {
    const results = new Map();
    for (const file of files) results.set(file.key, (await compileMarkdown([file], setup, cache, { htmlOnly })).compiled.get(file.key));
    return results;
  }
  return (await compileMarkdown(files, setup, cache, { htmlOnly, spread })).compiled;
}

test('a split compile, compile workers and compiles one at a time give the same files', { timeout: 240_000 }, async () => {
  // Split first: a thread remembers the blocks it highlighted (block-memo.ts), and this one's must not be known yet.
  const split = await compiledWith('split');
  const workers = await compiledWith('workers');
  const alone = await compiledWith('alone');
  assert.equal(split.size, files.length);
  for (const file of files) {
    assert.deepEqual(split.get(file.key), alone.get(file.key), `${file.source}: split`);
    assert.deepEqual(workers.get(file.key), alone.get(file.key), `${file.source}: workers`);
  }
  // The blocks were highlighted (not left as text) and kept their meta.
  const first = JSON.stringify(split.get(files[1]!.key));
  assert.match(first, /code-block-title/);
  assert.match(first, /--shiki-light/);
  assert.match(JSON.stringify(split.get(files[2]!.key)), /line-numbers shiki/);
  // Plain Markdown compiled to HTML goes on while its blocks are highlighted (code-blocks/index.ts fillCodeBlocks):
  // no placeholder is left, and the styled page, compiled again as a module, has its blocks too.
  for (const file of files) assert.doesNotMatch(JSON.stringify(split.get(file.key)), /docsite-code-[0-9a-f]{16}/, file.source);
  const styled = split.get(files[6]!.key)!;
  assert.equal(styled.html, undefined, 'the styled page is a module');
  assert.match(styled.code ?? '', /--shiki-light/);
});
