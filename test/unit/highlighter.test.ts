import assert from 'node:assert/strict';
import { mock, test } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contrastRatio, withContrast } from '../../src/highlight/contrast';
import { CODE_BACKGROUNDS, DARK_THEME, LIGHT_THEME, accessibleTokenColor, ensureLanguage, getHighlighter, highlightCode, highlightCodeLines, joinHighlightedSections, PRELOADED } from '../../src/highlight/highlighter';
import { forgetCachedLines } from '../../src/highlight/line-cache';
import { codeSamples, type SampleRequest } from '../../src/content/openapi/code-samples';
import { ROOT } from '../helpers';

// Highlighting tokenizes once for both colour modes (light-dark-theme.ts): the HTML must be exactly
// what shiki's own two-theme highlighting makes, with token colours raised to AA contrast.

/** shiki's two-theme HTML with the same colour adjustment docsite applies. */
function adjusted(html: string): string {
  return html.replace(/--shiki-(light|dark):(#[\da-fA-F]+)/g, (_all, mode: 'light' | 'dark', color: string) => `--shiki-${mode}:${accessibleTokenColor(color, mode)}`);
}

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
    // No time limit here either (see highlightCode): the first line of each grammar compiles its regexes,
    // and on a busy machine shiki's default 500 ms would cut that line short in the reference HTML.
    const expected = adjusted(highlighter.codeToHtml(code, { lang, themes: { light: LIGHT_THEME, dark: DARK_THEME }, defaultColor: false, tokenizeTimeLimit: 0 }));
    assert.equal(highlightCode(highlighter, code, lang), expected, requested);
  }
});

test("code's HTML written from its tokens is shiki's HTML tree's, byte for byte, highlighted lines included", async () => {
  const highlighter = await getHighlighter();
  // Every character that needs escaping in text or in an attribute, controls, lone surrogates, blank lines, CRLF.
  const awkward = `${Array.from({ length: 300 }, (_, i) => String.fromCharCode(i + 1)).join('')}\u2028\ud800x\udc00\r\n\n\n<a href="x">&amp;</a>`;
  for (const requested of [...PRELOADED, 'text', 'rust']) {
    const lang = await ensureLanguage(highlighter, requested);
    const sample = SAMPLES.find(([name]) => name === requested)?.[1] ?? 'const x = "<b>" & y; // note\n\tnext(line)\n';
    for (const code of [sample, awkward, '']) {
      for (const lines of [new Set<number>(), new Set([1, 3, 99])]) {
        const tree = highlightCode(highlighter, code, lang, [{ line(hast, line) { if (lines.has(line)) this.addClassToHast(hast, 'highlighted'); } }]);
        assert.equal(highlightCodeLines(highlighter, code, lang, lines), tree, `${requested}: ${JSON.stringify(code.slice(0, 40))}`);
      }
    }
  }
});

test('the HTML does not depend on how long tokenizing takes', async () => {
  // Shiki stops tokenizing a line after 500 ms of wall-clock time by default: on a busy machine the first
  // lines of a grammar (which compile its regexes) went over it, and builds differed. A clock that jumps
  // 10 s at every reading stands for such a slow machine, deterministically.
  const highlighter = await getHighlighter();
  const code = 'npm install -g @memora/cli\nmemora login http://192.168.1.20:2480 YOUR_API_KEY\nmemora upload --recursive ~/Pictures';
  const lang = await ensureLanguage(highlighter, 'bash');
  const expected = highlightCode(highlighter, code, lang);
  assert.match(expected, /<span style="[^"]*">npm<\/span>/);
  // Tokenized again, not answered from the lines cached by the first call (line-cache.ts).
  forgetCachedLines();
  let now = Date.now();
  const clock = mock.method(Date, 'now', () => (now += 10_000));
  let slow: string;
  try {
    slow = highlightCode(highlighter, code, lang);
  } finally {
    clock.mock.restore();
  }
  assert.equal(slow, expected);
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

test('every token colour reaches 4.5:1 on the code background of its mode', async () => {
  const highlighter = await getHighlighter();
  for (const [requested, code] of SAMPLES) {
    const html = highlightCode(highlighter, code, await ensureLanguage(highlighter, requested));
    for (const [, mode, color] of html.matchAll(/<span style="[^"]*?--shiki-(light|dark):(#[\da-fA-F]+)/g)) {
      assert.ok(contrastRatio(color!, CODE_BACKGROUNDS[mode as 'light' | 'dark']) >= 4.5, `${requested}: ${mode} ${color}`);
    }
  }
});

test("the code backgrounds are the theme's --code-bg", () => {
  const tokens = readFileSync(join(ROOT, 'templates/styles/tokens.css'), 'utf8');
  assert.deepEqual([...tokens.matchAll(/--code-bg:\s*(#[\da-f]+)/gi)].map((match) => match[1]!.toLowerCase()), [CODE_BACKGROUNDS.light, CODE_BACKGROUNDS.dark]);
});

test('withContrast moves a colour only as far as the ratio needs', () => {
  assert.equal(withContrast('#000000', '#ffffff', 4.5), '#000000');
  const raised = withContrast('#22863a', '#f6f7f9', 4.5);
  assert.notEqual(raised, '#22863a');
  assert.ok(contrastRatio(raised, '#f6f7f9') >= 4.5 && contrastRatio(raised, '#f6f7f9') < 4.8);
  assert.ok(contrastRatio(withContrast('#6a737d', '#1f2028', 4.5), '#1f2028') >= 4.5);
});

test('a request sample highlighted section by section is the sample highlighted at once', async () => {
  const highlighter = await getHighlighter();
  const json = { metadata: { name: 'web', labels: { app: "it's" } }, replicas: 2, paused: false, selector: null, ports: [80, 443] };
  const requests: SampleRequest[] = [
    { method: 'post', url: 'https://k.example/apis/apps/v1/deployments', headers: [['Authorization', 'Bearer <token>']], body: { mediaType: 'application/json', json } },
    { method: 'put', url: 'https://k.example/x', headers: [], body: { mediaType: 'application/json', json: [json, 'two\nlines'] } },
    { method: 'get', url: 'https://k.example/x?a=1', headers: [['x-api-key', 'KEY']] },
    { method: 'post', url: 'https://k.example/upload', headers: [], body: { mediaType: 'multipart/form-data', form: [['file', './a.jpg', true]] } },
  ];
  let split = 0;
  for (const request of requests) {
    for (const sample of codeSamples(request)) {
      assert.equal(sample.sections.join('\n'), sample.code, `${sample.language}: the sections make the code`);
      if (sample.sections.length > 1) split++;
      const whole = highlightCode(highlighter, sample.code, sample.highlight);
      const joined = joinHighlightedSections(sample.sections.map((section) => highlightCode(highlighter, section, sample.highlight)));
      assert.equal(joined, whole, `${sample.language} sample of ${request.method} ${request.url}`);
    }
  }
  assert.equal(split, 4, 'JSON payloads are sections of their own in JavaScript and Python');
});
