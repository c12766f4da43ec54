import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ensureLanguage, getHighlighter, highlightCode, PRELOADED } from '../../src/highlight/highlighter';

// Languages load when a block asks for them (highlighter.ts). A file of its own: its process has highlighted nothing
// before, as a compile worker's has not.

test('a language whose code holds other languages (Markdown fences) finds the common ones loaded before its first block', async () => {
  const highlighter = await getHighlighter();
  assert.ok(!highlighter.getLoadedLanguages().includes('typescript'), 'a fresh highlighter has not loaded TypeScript');
  assert.equal(await ensureLanguage(highlighter, 'md'), 'markdown');
  for (const lang of PRELOADED) assert.ok(highlighter.getLoadedLanguages().includes(lang), lang);
  const html = highlightCode(highlighter, '# Title\n\n```ts\nconst key = 1;\n```\n', 'markdown');
  const typescript = highlightCode(highlighter, 'const key = 1;', 'typescript');
  const line = (code: string) => /<span class="line"><span style="[^"]+">const<\/span>.*?<\/span><\/span>/.exec(code)?.[0];
  assert.ok(line(typescript) && line(html) === line(typescript), `the fenced TypeScript is coloured as TypeScript: ${html}`);
});
