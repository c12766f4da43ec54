import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { linkSitePackages, makeSite, MATH_PACKAGES, removeSite, runCli } from '../helpers';

// Markdown plugins from the config (test/fixtures/extensions-math): remark-math and rehype-katex imported
// from the site's own node_modules, a local plugin file with options, and `markdown.math: true`.

const linkMathPackages = (dir: string) => linkSitePackages(dir, MATH_PACKAGES);

const html = (dir: string, route: string) => readFileSync(join(dir, 'build', route, 'index.html'), 'utf8');

/** The stylesheets a page links, by their text. */
function stylesheetsOf(dir: string, page: string): string[] {
  return [...page.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => readFileSync(join(dir, 'build', match[1]!.replace(/^\//, '')), 'utf8'));
}

const isKatexCss = (css: string) => css.includes('.katex');

describe('Markdown plugins from the config', () => {
  let dir: string;
  let output: string;

  before(async () => {
    dir = makeSite({}, 'extensions-math');
    linkMathPackages(dir);
    const result = await runCli(['build', dir]);
    output = result.stdout + result.stderr;
    assert.equal(result.code, 0, output);
  });
  after(() => removeSite(dir));

  test('imported remark-math and rehype-katex render KaTeX markup at build time', () => {
    const page = html(dir, 'docs/formulas');
    assert.match(page, /class="katex"/);
    assert.match(page, /class="katex-display"/);
    assert.match(page, /<math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML"/);
    assert.match(page, /<annotation encoding="application\/x-tex">e\^\{i\\pi\} \+ 1 = 0<\/annotation>/);
  });

  test("KaTeX's stylesheet loads on the page with maths only, its fonts as hashed assets", () => {
    assert.ok(stylesheetsOf(dir, html(dir, 'docs/formulas')).some(isKatexCss));
    assert.ok(!stylesheetsOf(dir, html(dir, 'docs/intro')).some(isKatexCss));
    assert.ok(readdirSync(join(dir, 'build', 'assets', 'media')).some((file) => /^KaTeX_Main-Regular-[A-Za-z0-9]+\.woff2$/.test(file)));
  });

  test("a local plugin file receives its options; changing them recompiles the pages", async () => {
    assert.match(html(dir, 'docs/intro'), /stamped STAMP-ONE/);
    const config = join(dir, 'docsite.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace('STAMP-ONE', 'STAMP-TWO'));
    const result = await runCli(['build', dir]);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(html(dir, 'docs/intro'), /stamped STAMP-TWO/);
    assert.doesNotMatch(html(dir, 'docs/intro'), /STAMP-ONE/);
  });
});

describe('Markdown plugins in the compile worker threads', () => {
  test('imported functions and local files load in the workers, which a site of many pages compiles on', async () => {
    const pages = Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`docs/page-${index}.md`, `# Page ${index}\n\nInline $x_${index}^2$.\n`]));
    const dir = makeSite(pages, 'extensions-math');
    try {
      linkMathPackages(dir);
      const result = await runCli(['build', dir]);
      assert.equal(result.code, 0, result.stdout + result.stderr);
      const page = html(dir, 'docs/page-7');
      assert.match(page, /class="katex"/);
      assert.match(page, /stamped STAMP-ONE/);
    } finally {
      removeSite(dir);
    }
  });
});

describe('markdown.math', () => {
  let dir: string;

  before(async () => {
    dir = makeSite({ 'docsite.config.ts': "export default { title: 'Maths', url: 'https://maths.example', markdown: { math: true } };\n" }, 'extensions-math');
    const result = await runCli(['build', dir]);
    assert.equal(result.code, 0, result.stdout + result.stderr);
  });
  after(() => removeSite(dir));

  test("renders maths with docsite's own plugins, with nothing installed in the site", () => {
    const page = html(dir, 'docs/formulas');
    assert.match(page, /class="katex"/);
    assert.match(page, /<math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML"/);
    assert.ok(stylesheetsOf(dir, page).some(isKatexCss));
    assert.ok(!stylesheetsOf(dir, html(dir, 'docs/intro')).some(isKatexCss));
  });
});

describe('a Markdown plugin that cannot load', () => {
  test('exits 1 naming the config key and the module', async () => {
    const dir = makeSite({ 'docsite.config.ts': "export default { title: 'Maths', url: 'https://maths.example', blog: { rehypePlugins: [['rehype-nowhere', { a: 1 }]] } };\n" }, 'extensions-math');
    try {
      const result = await runCli(['build', dir]);
      assert.equal(result.code, 1);
      assert.match(result.stderr, /docsite\.config\.ts/);
      assert.match(result.stderr, /blog\.rehypePlugins\[0\]/);
      assert.match(result.stderr, /rehype-nowhere/);
    } finally {
      removeSite(dir);
    }
  });

  test('a function defined in the config itself is an error naming the key: workers load plugins by module', async () => {
    const dir = makeSite({ 'docsite.config.ts': "export default { title: 'Maths', url: 'https://maths.example', pages: { remarkPlugins: [function remarkInline() { return () => {}; }] } };\n" }, 'extensions-math');
    try {
      const result = await runCli(['build', dir]);
      assert.equal(result.code, 1);
      assert.match(result.stderr, /pages\.remarkPlugins\[0\]: the plugin function "remarkInline" is not exported by a package/);
    } finally {
      removeSite(dir);
    }
  });

  test('a plugin that throws on a page names the page file', async () => {
    const dir = makeSite(
      {
        'docsite.config.ts': "export default { title: 'Maths', url: 'https://maths.example', markdown: { math: true }, docs: { remarkPlugins: ['./plugins/remark-throws.mjs'] } };\n",
        'plugins/remark-throws.mjs': "export default function remarkThrows() { return (_tree, file) => { if (file.path.endsWith('formulas.md')) throw new Error('no formulas here'); }; }\n",
      },
      'extensions-math',
    );
    try {
      const result = await runCli(['build', dir]);
      assert.equal(result.code, 1);
      assert.match(result.stderr, /docs\/formulas\.md/);
      assert.match(result.stderr, /no formulas here/);
      assert.match(result.stderr, /docs\.remarkPlugins\[0\]/);
    } finally {
      removeSite(dir);
    }
  });
});
