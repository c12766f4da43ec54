import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { createMarkdownCompiler, type CompileInput } from '../../src/markdown/compile';

// Static content compiled `htmlOnly` is written straight from its tree (src/markdown/react-html.ts); every other
// build path renders the MDX module with React (src/markdown/static-html.ts). A page must come out the same either
// way: each case here compiles both ways and compares the bytes.

const compiler = createMarkdownCompiler({ minHeadingLevel: 2, maxHeadingLevel: 3, resolveLink: (url) => url.replace(/\.md(#|$)/, '$1'), images: { siteDir: process.cwd(), staticDirs: ['static'], baseUrl: '/' } });

async function bothWays(source: string, path = '/site/docs/page.md') {
  const input: CompileInput = { source, absolutePath: path, file: 'docs/page.md' };
  const viaReact = await compiler(input);
  const written = await compiler({ ...input, htmlOnly: true });
  return { viaReact, written };
}

/** Compiles both ways; asserts the HTML was written straight and is React's, byte for byte. */
async function assertWrittenLikeReact(source: string): Promise<string> {
  const { viaReact, written } = await bothWays(source);
  assert.equal(written.code, undefined, 'no module for static content compiled htmlOnly');
  assert.ok(viaReact.html !== undefined, 'React renders the module alone');
  assert.equal(written.html, viaReact.html);
  assert.deepEqual({ ...written, html: undefined, code: undefined }, { ...viaReact, html: undefined, code: undefined, staticContent: true });
  return written.html!;
}

describe('static content written straight to HTML', () => {
  test('headings, lists, tables, task lists, footnotes, links, quotes and escapes, as React writes them', async () => {
    const html = await assertWrittenLikeReact(
      [
        '# Title',
        '',
        "Text with **strong**, _emphasis_, ~~struck~~, `code <b>`, \"quotes\" & 'apostrophes', a<br/>break and https://example.com/a?b=1&c=2.",
        '',
        '## A heading {#custom-id}',
        '',
        '| Left | Centre | Right | None |',
        '| :--- | :---: | ---: | --- |',
        '| a | b | c | d |',
        '',
        '3. three',
        '4. four',
        '',
        '- [x] done',
        '- [ ] to do',
        '',
        'A note[^1] and an [external link](https://example.com "Its title") and [a page](./other.md#part).',
        '',
        '> A quote',
        '> over two lines.',
        '',
        ':::tip[Careful]',
        'Inside an **admonition**.',
        ':::',
        '',
        '```js title="app.js" {2}',
        'const a = 1;',
        'const b = "<two>";',
        '```',
        '',
        '---',
        '',
        '[^1]: The footnote.',
        '',
      ].join('\n'),
    );
    // Spot checks of what React does differently from a plain HTML writer.
    assert.match(html, /<th style="text-align:center">Centre<\/th>/);
    assert.match(html, /<input type="checkbox" disabled="" checked=""\/>/, "React writes an input's checked last");
    assert.match(html, /<ol start="3">/);
    assert.match(html, /&quot;quotes&quot; &amp; &#x27;apostrophes&#x27;/);
    assert.match(html, /data-footnote-ref="true"/);
    assert.match(html, /<hr\/>/);
  });

  test('lowercase JSX with plain attributes, and comments between texts', async () => {
    const html = await assertWrittenLikeReact('<details open>\n<summary>More</summary>\n\nHidden **text**.\n\n</details>\n\nBefore {/* a comment */} after.\n\n<div className="box" data-kind="x" aria-hidden>inline</div>\n');
    assert.match(html, /<details open="">/);
    assert.match(html, /Before <!-- --> after\./, 'the texts around a comment are two texts to React');
    assert.match(html, /aria-hidden="true"/);
  });

  test('white space around the content and line breaks in tables are dropped, as MDX drops them', async () => {
    const html = await assertWrittenLikeReact('\n\n| a |\n| - |\n| b |\n\n\n');
    assert.ok(html.startsWith('<table'), html);
    assert.doesNotMatch(html, /<tr>\n/);
  });

  test('content React renders otherwise, or that is not static, keeps its module', async () => {
    const cases = [
      '<Tabs><TabItem value="a">A</TabItem></Tabs>',
      'One plus one is {1 + 1}.',
      '<img src="https://example.com/x.png" alt="eager" />',
      '![An image React preloads](https://example.com/x.png)',
      '<div style={{ color: "red" }}>red</div>',
      '<pre>kept as React writes it</pre>',
      'export const x = 1;\n\nText.',
      '<a href="javascript:alert(1)">a</a>',
      '<div onClick="x">a</div>',
    ];
    for (const source of cases) {
      const { viaReact, written } = await bothWays(source);
      assert.ok(written.code !== undefined, `a module for ${JSON.stringify(source)}`);
      assert.equal(written.html, viaReact.html, `the same HTML (if any) for ${JSON.stringify(source)}`);
    }
  });

  test('every fragment of the Markdown plugins: written straight where covered, always the same as React', async () => {
    const pluginsDir = join(process.cwd(), 'src/markdown/plugins');
    let written = 0;
    for (const plugin of readdirSync(pluginsDir)) {
      const folder = join(pluginsDir, plugin, '__fragments__');
      let names: string[];
      try {
        names = readdirSync(folder).filter((name) => name.endsWith('.md'));
      } catch {
        continue;
      }
      for (const name of names) {
        const source = readFileSync(join(folder, name), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
        let result;
        try {
          result = await bothWays(source, join(folder, name));
        } catch {
          continue; // a fragment that shows an error
        }
        if (result.written.code === undefined) {
          written++;
          assert.equal(result.written.html, result.viaReact.html, `${plugin}/${name}`);
        }
      }
    }
    assert.ok(written >= 20, `fragments written straight to HTML: ${written}`);
  });
});
