import assert from 'node:assert/strict';
import { test } from 'node:test';
import { codeBlockWarmup, fencedBlocks } from '../../src/markdown/code-block-warmup';
import type { CodeBlockSource } from '../../src/markdown/plugins/code-blocks/highlight-block';

// A build gives its code-block worker each language's first block while the docs are read, so that the compile finds
// the grammars warm (code-block-warmup.ts). What is sent is a sample: the compile asks for every block again.

test('fenced blocks: backticks and tildes, longer fences holding shorter ones, blocks without a language left out', () => {
  const markdown = [
    '# Title',
    '```bash title="install.sh"',
    'npm install memora',
    '```',
    '',
    '~~~yaml',
    'storage: /srv',
    '~~~',
    '````md',
    '```js',
    'inner();',
    '```',
    '````',
    '```',
    'plain text',
    '```',
    '   ```python',
    'print(1)',
    '```',
  ].join('\n');
  assert.deepEqual(
    fencedBlocks(markdown).map(({ lang, value }) => [lang, value]),
    [
      ['bash', 'npm install memora'],
      ['yaml', 'storage: /srv'],
      ['md', '```js\ninner();\n```'],
      ['python', 'print(1)'],
    ],
  );
});

test('each language is sent once, from the first file that has it; files with none new send nothing', () => {
  const sent: CodeBlockSource[][] = [];
  const warm = codeBlockWarmup(async (blocks) => {
    sent.push(blocks);
    return blocks.map(() => ({ lang: 'text', html: '' }));
  });
  warm('```bash\nls\n```\n\n```json\n{}\n```\n');
  warm('```BASH\nrm -rf build\n```\n');
  warm('No code at all.');
  warm('```ts\nconst a = 1;\n```\n```bash\npwd\n```\n');
  assert.deepEqual(sent.map((blocks) => blocks.map(({ lang, value }) => `${lang}: ${value}`)), [['bash: ls'], ['json: {}'], ['ts: const a = 1;']]);
});

test("a failed warm-up is nobody's error", async () => {
  const warm = codeBlockWarmup(() => Promise.reject(new Error('the worker was closed')));
  warm('```bash\nls\n```\n');
  await new Promise((resolve) => setImmediate(resolve));
});
