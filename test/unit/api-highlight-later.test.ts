import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createApiHighlighter } from '../../src/content/openapi/highlight-later';
import { HighlightCache } from '../../src/highlight/highlight-cache';
import { codeBlockBody, getHighlighter, highlightCode, joinHighlightedSections } from '../../src/highlight/highlighter';

// The API reference highlights its samples in worker threads when it has many: pages are made with placeholders
// that `settle` replaces with exactly what the main thread would have made.

const SNIPPETS: Array<[string | string[], string]> = [
  ['curl -X GET \'https://api.example/v1/pets\' \\\n  -H \'Accept: application/json\'', 'bash'],
  [['const payload = {\n  "name": "Rex"\n};', '\nconst response = await fetch("https://api.example/v1/pets", { method: "POST", body: JSON.stringify(payload) });'], 'javascript'],
  [['import requests', '\npayload = {\n    "name": "Rex",\n}', '\nresponse = requests.post("https://api.example/v1/pets", json=payload)'], 'python'],
  ['{\n  "id": 1,\n  "tags": [null, true]\n}', 'json'],
];

const expected = async (code: string | string[], lang: string) => {
  const highlighter = await getHighlighter();
  return codeBlockBody(joinHighlightedSections((typeof code === 'string' ? [code] : code).map((part) => highlightCode(highlighter, part, lang))));
};

test('with many snippets, workers highlight them and settle puts each block in its place', async () => {
  const highlighter = await getHighlighter();
  const cache = await HighlightCache.open(tmpdir(), false);
  const api = createApiHighlighter(highlighter, cache, 5000);
  try {
    const pages = [0, 1].map(() => ({ samples: SNIPPETS.map(([code, lang]) => ({ html: api.highlight(code, lang) })), examples: [{ html: api.highlight('{ "same": 1 }', 'json') }], schema: { description: '\u0000highlight:0\u0000' } }));
    assert.match(pages[0]!.samples[0]!.html, /^\u0000highlight:\d+\u0000$/, 'a placeholder until settled');
    await api.settle(pages);
    for (const page of pages) {
      for (const [index, [code, lang]] of SNIPPETS.entries()) assert.equal(page.samples[index]!.html, await expected(code, lang), `${lang} sample`);
      assert.equal(page.examples[0]!.html, await expected('{ "same": 1 }', 'json'));
      assert.equal(page.schema.description, '\u0000highlight:0\u0000', 'schema trees are not walked');
    }
  } finally {
    await api.close();
  }
});

test('with few snippets, or code an earlier build highlighted, the HTML comes at once', async () => {
  const siteDir = mkdtempSync(join(tmpdir(), 'docsite-highlight-'));
  try {
    const highlighter = await getHighlighter();
    const first = await HighlightCache.open(siteDir);
    const few = createApiHighlighter(highlighter, first, 3);
    const [code, lang] = SNIPPETS[1]!;
    assert.equal(few.highlight(code, lang), await expected(code, lang));
    await few.close();
    await first.save();
    const again = createApiHighlighter(highlighter, await HighlightCache.open(siteDir), 5000);
    assert.equal(again.highlight(code, lang), await expected(code, lang), 'cached sections need no worker');
    await again.close();
  } finally {
    rmSync(siteDir, { recursive: true, force: true });
  }
});
