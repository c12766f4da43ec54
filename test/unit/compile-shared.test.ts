import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { CompileCache } from '../../src/markdown/compile-cache';
import { compileMarkdown, createPartialCompiler, SharedCompiles, type MarkdownFile } from '../../src/markdown/compile-files';
import type { CompiledMarkdown } from '../../src/markdown/compile';
import { compileSetupOf, type CompileSetup } from '../../src/markdown/compile-setup';
import { configForLocale } from '../../src/config/locales';
import { validateConfig } from '../../src/config/load';
import { attachPluginScopes } from '../../src/config/markdown-plugins';
import type { SiteContent } from '../../src/content';
import type { DocsInstance } from '../../src/content/docs-instances';

// A text shared by versions and locales compiles once per build: the other files of the same text get that
// compile with their own links' hrefs, which must be what compiling them would have given.

const siteDir = mkdtempSync(join(tmpdir(), 'docsite-shared-'));
after(() => rmSync(siteDir, { recursive: true, force: true }));

const current = join(siteDir, 'docs');
const older = join(siteDir, 'versioned_docs', 'version-1.0');
const translated = join(siteDir, 'i18n', 'fr', 'docusaurus-plugin-content-docs', 'current');

/** The same docs in the current version (`/docs/`) and in 1.0 (`/docs/1.0/`). */
const routes = (folder: string, prefix: string): Array<[string, string]> => ['a.md', 'b.md', 'guides/c.md'].map((name) => [join(folder, name), `${prefix}/${name.replace(/\.md$/, '')}`]);
const routeOfFile = [...routes(current, '/docs'), ...routes(older, '/docs/1.0'), [join(translated, 'a.md'), '/docs/a'] as [string, string]];

function setup(baseUrl = '/', more: Partial<CompileSetup> = {}): CompileSetup {
  return {
    minHeadingLevel: 2,
    maxHeadingLevel: 3,
    siteDir,
    contentDirs: [current, older, translated],
    baseUrl,
    trailingSlash: undefined,
    staticDirs: ['static'],
    routeOfFile,
    ...(baseUrl === '/' ? {} : { staticBaseUrl: '/' }),
    ...more,
  };
}

const english = setup();
const french = setup('/fr/');

function file(folder: string, name: string, content: string): MarkdownFile {
  const absolutePath = join(folder, name);
  return { key: absolutePath, absolutePath, source: absolutePath.slice(siteDir.length + 1), content, frontMatter: {} };
}

const noCache = new CompileCache(siteDir, false);

/** A compile of its own, nothing shared. */
async function fresh(markdown: MarkdownFile, on: CompileSetup): Promise<CompiledMarkdown> {
  return (await compileMarkdown([markdown], on, noCache)).compiled.get(markdown.key)!;
}

function assertSameAsFresh(actual: CompiledMarkdown, expected: CompiledMarkdown, label: string): void {
  assert.equal(actual.code, expected.code, `${label}: code`);
  assert.deepEqual(actual.links, expected.links, `${label}: links`);
  assert.deepEqual({ ...actual, code: '', links: [] }, { ...expected, code: '', links: [] }, `${label}: the rest`);
}

const hrefsOf = (compiled: CompiledMarkdown) => compiled.links.map((link) => link.href);

describe('one compile for the same text in several folders', () => {
  test('HTML-only compiles move too: the hrefs of the HTML change, as a compile of each file writes them', async () => {
    const text = '# A\n\nRead [B](./b.md) first, then [C](./guides/c.md#x-y) and [B again](./b.md "B & co").\n';
    const files = [file(current, 'a.md', text), file(older, 'a.md', text)];
    const htmlOnly = new Set(files.map((each) => each.key));
    const result = await compileMarkdown(files, english, noCache, { htmlOnly });
    assert.equal(result.relocated, 1);
    const moved = result.compiled.get(join(older, 'a.md'))!;
    assert.equal(moved.code, undefined);
    assert.match(moved.html!, /href="\/docs\/1\.0\/b"/);
    const own = (await compileMarkdown([file(older, 'a.md', text)], english, noCache, { htmlOnly })).compiled.get(join(older, 'a.md'))!;
    assert.deepEqual(moved, own);
  });

  test('a relative .md link: compiled once, each file with its own href', async () => {
    const text = '# A\n\nRead [B](./b.md) first.\n';
    const result = await compileMarkdown([file(current, 'a.md', text), file(older, 'a.md', text)], english, noCache);
    assert.equal(result.relocated, 1);
    assert.deepEqual(hrefsOf(result.compiled.get(join(current, 'a.md'))!), ['/docs/b']);
    assert.deepEqual(hrefsOf(result.compiled.get(join(older, 'a.md'))!), ['/docs/1.0/b']);
    assert.match(result.compiled.get(join(older, 'a.md'))!.code!, /href: "\/docs\/1\.0\/b"/);
    assert.doesNotMatch(result.compiled.get(join(older, 'a.md'))!.code!, /href: "\/docs\/b"/);
  });

  test("a locale's base URL, across calls that share the build's store", async () => {
    const shared = new SharedCompiles();
    const text = '# A\n\nSee [B](./b.md#setup), [C](/docs/guides/c) and ![the logo](/img/logo.png).\n';
    const en = await compileMarkdown([file(current, 'a.md', text)], english, noCache, { shared });
    const fr = await compileMarkdown([file(current, 'a.md', text)], french, noCache, { shared });
    assert.equal(en.relocated, 0);
    assert.equal(fr.relocated, 1);
    const page = fr.compiled.get(join(current, 'a.md'))!;
    assert.deepEqual(hrefsOf(page), ['/fr/docs/b#setup', '/fr/docs/guides/c']);
    assert.match(page.code!, /src: "\/img\/logo\.png"/, "static images keep the site's own base URL");
    assertSameAsFresh(page, await fresh(file(current, 'a.md', text), french), 'fr');
  });

  test('a relocated compile is written to the disk cache under its own key', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docsite-shared-cache-'));
    try {
      const cache = new CompileCache(dir);
      const text = '# A\n\n[B](./b.md)\n';
      const first = await compileMarkdown([file(current, 'a.md', text), file(older, 'a.md', text)], english, cache);
      assert.equal(first.relocated, 1);
      const warm = await compileMarkdown([file(older, 'a.md', text)], english, cache);
      assert.equal(warm.fromCache, 1);
      assert.deepEqual(hrefsOf(warm.compiled.get(join(older, 'a.md'))!), ['/docs/1.0/b']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('different texts, TOC levels or setups do not share', async () => {
    const shared = new SharedCompiles();
    const text = '# A\n\n## Two\n\n### Three\n';
    await compileMarkdown([file(current, 'a.md', text)], english, noCache, { shared });
    const other = await compileMarkdown([file(older, 'a.md', `${text}\nMore.\n`)], english, noCache, { shared });
    const levels = await compileMarkdown([{ ...file(older, 'a.md', text), frontMatter: { toc_max_heading_level: 2 } }], english, noCache, { shared });
    const slash = await compileMarkdown([file(older, 'a.md', text)], setup('/', { trailingSlash: true }), noCache, { shared });
    assert.deepEqual([other.relocated, levels.relocated, slash.relocated], [0, 0, 0]);
    assert.equal(levels.compiled.get(join(older, 'a.md'))!.toc.length, 1);
  });
});

describe('a compile that cannot move is compiled again', () => {
  /** Compiles `text` in `from` then in `to`, sharing; returns how many moved and checks the second is right. */
  async function moveAndCheck(text: string, from: [string, CompileSetup], to: [string, CompileSetup]): Promise<number> {
    const shared = new SharedCompiles();
    await compileMarkdown([file(from[0], 'a.md', text)], from[1], noCache, { shared });
    const moved = await compileMarkdown([file(to[0], 'a.md', text)], to[1], noCache, { shared });
    assertSameAsFresh(moved.compiled.get(join(to[0], 'a.md'))!, await fresh(file(to[0], 'a.md', text), to[1]), 'second');
    return moved.relocated;
  }

  test('two links with one href that now need two: one changes, the other does not', async () => {
    assert.equal(await moveAndCheck('[B](./b.md) and [B again](/docs/b)\n', [current, english], [older, english]), 0);
  });

  test('two links with one href that now need two different ones', async () => {
    assert.equal(await moveAndCheck('[B](./b.md) and [B again](/docs/b)\n', [current, english], [older, french]), 0);
  });

  test('a JSX link with the href a Markdown link had', async () => {
    assert.equal(await moveAndCheck('[B](/docs/b) and <a href="/docs/b">B in JSX</a>\n', [current, english], [current, french]), 0);
  });

  test('a resolved href the code also has outside an href (an image reference)', async () => {
    assert.equal(await moveAndCheck('![logo][logo]\n\n[logo]: /img/logo.png\n', [current, english], [current, french]), 0);
  });

  test('an href the MDX compiler percent-encodes', async () => {
    assert.equal(await moveAndCheck('[Über](/docs/über)\n', [current, english], [current, french]), 0);
  });

  test('a page with an image next to it compiles in each folder', async () => {
    // A 1×1 PNG in each version's folder: each compile imports its own file and reads its size.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    for (const folder of [current, older]) {
      mkdirSync(join(folder, 'img'), { recursive: true });
      writeFileSync(join(folder, 'img', 'dot.png'), png);
    }
    const text = '# A\n\n![A dot](./img/dot.png) next to [B](./b.md).\n';
    const result = await compileMarkdown([file(current, 'a.md', text), file(older, 'a.md', text)], english, noCache);
    assert.equal(result.relocated, 0);
    assert.ok(result.compiled.get(join(older, 'a.md'))!.code!.includes(JSON.stringify(join(older, 'img', 'dot.png'))));
    assert.ok(result.compiled.get(join(current, 'a.md'))!.code!.includes(JSON.stringify(join(current, 'img', 'dot.png'))));
  });
});

describe('a compile that writes its location into the code', () => {
  test("a site plugin's output with the file's path: each file compiles", async () => {
    const plugin = join(siteDir, 'remark-path.mjs');
    writeFileSync(plugin, "export default function remarkPath() {\n  return (tree, file) => {\n    tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: `from ${file.path}` }] });\n  };\n}\n");
    const ref = { key: 'docs.remarkPlugins[0]', module: plugin, exportName: 'default', name: 'remark-path.mjs', version: '1' };
    const scope = (dir: string) => ({ key: 'docs', dir, beforeRemark: [], remark: [ref], beforeRehype: [], rehype: [] });
    const text = '# A\n\n[B](./b.md)\n';
    const result = await compileMarkdown([file(current, 'a.md', text), file(older, 'a.md', text)], setup('/', { plugins: [scope(current), scope(older)] }), noCache);
    assert.equal(result.relocated, 0);
    assert.ok(result.compiled.get(join(older, 'a.md'))!.code!.includes(join(older, 'a.md')));
  });
});

describe('a moved compile is what compiling the file gives', () => {
  const documents: Record<string, string> = {
    lists: '# Lists\n\n- [B](./b.md)\n- [C](./guides/c.md#part)\n  1. [nested B](b.md)\n  2. [external](https://example.com/x.md)\n- [anchor](#lists)\n',
    references: '# References\n\nSee [the B page][b], [C][c] and [B][b] again, [unused][nope].\n\n[b]: ./b.md\n[c]: ./guides/c.md#part "C, a part"\n[unused]: ./missing.md\n',
    anchors: '# Anchors\n\n[B, setup](./b.md#setup), [C with a query](./guides/c.md?tab=2#top), [here](#anchors), [up](../x/)\n',
    admonitions: '# Admonitions\n\n:::tip[Read this]\n\nA [link in a tip](./b.md) and [an absolute one](/docs/a).\n\n:::\n\n:::note\n\n- [listed](./guides/c.md)\n\n:::\n',
    tables: '# Tables\n\n| Page | Where |\n| --- | --- |\n| [B](./b.md) | [abs](/docs/b#x) |\n| [C](guides/c.md) | [root](/) |\n',
    absolute: '# Absolute\n\n[C](/docs/guides/c), [C again](/docs/guides/c) and [home](/), `[not a link](./b.md)`.\n\n```md\n[in code](./b.md)\n```\n',
    mixed: '# Mixed\n\n## Part {#part}\n\nA [B](./b.md) link, an [external](https://example.com) one and a [mail](mailto:a@b.c).\n\n<details>\n<summary>More</summary>\n\n[inside JSX](./guides/c.md)\n\n</details>\n',
  };
  const variants: Array<[string, [string, CompileSetup], [string, CompileSetup]]> = [
    ['current -> 1.0', [current, english], [older, english]],
    ['1.0 -> current', [older, english], [current, english]],
    ['en -> fr', [current, english], [current, french]],
    ['fr -> en', [current, french], [current, english]],
    ['en current -> fr 1.0', [current, english], [older, french]],
    ['1.0 -> base URL, trailing slash', [older, setup('/', { trailingSlash: true })], [current, setup('/base/', { trailingSlash: true, staticBaseUrl: '/' })]],
  ];
  for (const [name, text] of Object.entries(documents)) {
    test(name, async () => {
      for (const [label, from, to] of variants) {
        const shared = new SharedCompiles();
        await compileMarkdown([file(from[0], 'a.md', text)], from[1], noCache, { shared });
        const moved = await compileMarkdown([file(to[0], 'a.md', text)], to[1], noCache, { shared });
        assert.equal(moved.relocated, 1, `${label}: moved`);
        assertSameAsFresh(moved.compiled.get(join(to[0], 'a.md'))!, await fresh(file(to[0], 'a.md', text), to[1]), label);
      }
    });
  }

  test('a translated file links to the translated page or the original', async () => {
    const text = '# A\n\n[B](./b.md) and [A](./a.md)\n';
    const shared = new SharedCompiles();
    await compileMarkdown([file(current, 'x.md', text)], english, noCache, { shared });
    const moved = await compileMarkdown([file(translated, 'x.md', text)], french, noCache, { shared });
    assertSameAsFresh(moved.compiled.get(join(translated, 'x.md'))!, await fresh(file(translated, 'x.md', text), french), 'translated');
  });
});

describe('the store', () => {
  test("a build's partials share it too, compiled at the same time", async () => {
    const shared = new SharedCompiles();
    for (const folder of [current, older]) {
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, '_part.md'), 'A part that links to [B](./b.md).\n');
    }
    const partials = createPartialCompiler(english, noCache, undefined, { shared });
    // At the same time, as the bundler asks for the partials each version's page imports.
    const [inCurrent, inOlder] = await Promise.all([partials(join(current, '_part.md')), partials(join(older, '_part.md'))]);
    assert.equal(shared.relocated, 1);
    assert.deepEqual([hrefsOf(inCurrent), hrefsOf(inOlder)], [['/docs/b'], ['/docs/1.0/b']]);
  });

  test('keeps no more than it may hold: past that, texts compile again', async () => {
    const shared = new SharedCompiles({ maxChars: 10 });
    const text = '# A\n\n[B](./b.md)\n';
    const result = await compileMarkdown([file(current, 'a.md', text), file(older, 'a.md', text)], english, noCache, { shared });
    assert.equal(result.relocated, 0);
    assert.deepEqual(hrefsOf(result.compiled.get(join(older, 'a.md'))!), ['/docs/1.0/b']);
  });

  test('many files of one text: each compiled at most once, whatever order they finish in', async () => {
    const text = '# A\n\n[B](./b.md) and [C](./guides/c.md)\n';
    const folders = Array.from({ length: 30 }, (_, index) => join(siteDir, `copy-${index}`));
    const files = folders.map((folder) => file(folder, 'a.md', text));
    const on = setup('/', { contentDirs: folders, routeOfFile: folders.flatMap((folder, index) => [[join(folder, 'b.md'), `/v${index}/b`] as [string, string]]) });
    const result = await compileMarkdown(files, on, noCache);
    assert.equal(result.relocated, 29);
    folders.forEach((folder, index) => assert.deepEqual(hrefsOf(result.compiled.get(join(folder, 'a.md'))!), [`/v${index}/b`, './guides/c.md']));
  });
});

describe("the config's plugins in version and translation folders", () => {
  test('a version folder and a translations folder get the scope of their plugin, and share its compiles', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docsite-shared-scopes-'));
    try {
      mkdirSync(join(dir, 'plugins'));
      writeFileSync(join(dir, 'plugins', 'remark-stamp.mjs'), "export default function remarkStamp(options = {}) {\n  return (tree) => {\n    tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: `stamped ${options.label}` }] });\n  };\n}\n");
      const stamp = (label: string) => [['./plugins/remark-stamp.mjs', { label }]];
      const config = configForLocale(validateConfig({ title: 'Site', url: 'https://site.example', docs: { remarkPlugins: stamp('DOCS') }, blog: { remarkPlugins: stamp('BLOG') }, i18n: { defaultLocale: 'en', locales: ['en', 'fr'] } }, 'docsite.config.ts'), 'fr');
      await attachPluginScopes(config, { siteDir: dir, configFile: join(dir, 'docsite.config.ts'), packageFiles: new Map() });
      const instance = (id: string, path: string, version: string): DocsInstance => ({ id, pluginId: 'default', options: { ...config.docs, path }, translationsPath: `i18n/fr/docusaurus-plugin-content-docs/${version}` });
      const content = { docs: [], posts: [], pages: [], docsInstances: [instance('default', 'docs', 'current'), instance('default@1.0', 'versioned_docs/version-1.0', 'version-1.0')] } as unknown as SiteContent;
      const on = compileSetupOf(dir, config, content);
      const scopes = (on.plugins ?? []).map((scope) => [scope.key, scope.dir.slice(dir.length + 1)]);
      assert.deepEqual(scopes.sort(), [
        ['blog', 'blog'],
        ['blog', 'i18n/fr/docusaurus-plugin-content-blog'],
        ['docs', 'docs'],
        ['docs', 'i18n/fr/docusaurus-plugin-content-docs/current'],
        ['docs', 'i18n/fr/docusaurus-plugin-content-docs/version-1.0'],
        ['docs', 'versioned_docs/version-1.0'],
      ]);
      const text = '# A\n\nSome text.\n';
      const files = ['docs', 'versioned_docs/version-1.0', 'i18n/fr/docusaurus-plugin-content-docs/current'].map((folder) => file(join(dir, folder), 'a.md', text));
      const result = await compileMarkdown(files, on, noCache);
      assert.equal(result.relocated, 2);
      for (const each of files) assert.match(result.compiled.get(each.key)!.code!, /stamped DOCS/);
      const post = file(join(dir, 'i18n/fr/docusaurus-plugin-content-blog'), 'post.md', text);
      assert.match((await compileMarkdown([post], on, noCache)).compiled.get(post.key)!.code!, /stamped BLOG/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
