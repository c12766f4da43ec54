import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DARK_THEME, LIGHT_THEME, ensureLanguage, getHighlighter, highlightCode } from '../../src/markdown/highlighter';

// Highlighting tokenizes once for both colour modes (light-dark-theme.ts): the HTML must be exactly
// what shiki's own two-theme highlighting makes.

const SAMPLES: Array<[string, string]> = [
  ['typescript', 'export async function load(id: string): Promise<Photo> {\n  // fetch it\n  return (await api.get(`/photos/${id}`)) as Photo;\n}'],
  ['bash', 'curl -fsSL https://example.com/install.sh | sh -s -- --yes\nexport MEMORA_PORT=2283  # the default'],
  ['diff', '- old line\n+ new line\n@@ -1,2 +1,2 @@\n  context'],
  ['yaml', 'services:\n  memora:\n    image: "memora/server:1.0"\n    ports: ["2283:2283"]'],
  ['json', '{ "a": [1, 2.5, true, null], "b": { "c": "d" } }'],
  ['markdown', '# Title\n\n*em* **strong** ~~gone~~ [link](https://x.y)\n\n> quote\r\nend'],
  ['python', 'def f(x: int) -> str:\n    """Doc."""\n    return f"{x!r}"'],
  ['sql', "SELECT id, COUNT(*) FROM photos WHERE taken_at > '2024-01-01' GROUP BY id;"],
  ['text', 'plain <text> & "quotes"'],
];

test('one tokenization gives the same HTML as highlighting with each theme', async () => {
  const highlighter = await getHighlighter();
  for (const [requested, code] of SAMPLES) {
    const lang = await ensureLanguage(highlighter, requested);
    const expected = highlighter.codeToHtml(code, { lang, themes: { light: LIGHT_THEME, dark: DARK_THEME }, defaultColor: false });
    assert.equal(highlightCode(highlighter, code, lang), expected, requested);
  }
});

test('transformers see the two-theme HTML', async () => {
  const highlighter = await getHighlighter();
  const html = highlightCode(highlighter, 'a\nb\nc', 'text', [
    {
      line(node, line) {
        if (line === 2) this.addClassToHast(node, 'highlighted');
      },
    },
  ]);
  assert.match(html, /^<pre class="shiki shiki-themes github-light github-dark" style="--shiki-light:#24292e;--shiki-dark:#e1e4e8;--shiki-light-bg:#fff;--shiki-dark-bg:#24292e"/);
  assert.match(html, /<span class="line highlighted"><span>b<\/span><\/span>/);
});
