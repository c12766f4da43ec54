import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { removeSite, runCli, scratchSites } from '../helpers';
import type { BootData, ContentFile, RouteManifest } from '../../src/shared/types';

const site = scratchSites();

describe('docsite build', () => {
  let dir: string;
  let out: string;
  before(async () => {
    dir = site();
    out = join(dir, 'build');
    const result = await runCli(['build', dir]);
    assert.equal(result.code, 0, result.stderr);
  });

  test('writes one index.html per route, 404.html, hashed assets and static files', () => {
    for (const file of ['index.html', '404.html', 'docs/index.html', 'docs/intro/index.html', 'docs/guides/first/index.html', 'docs/guides/second/index.html', 'robots.txt']) {
      assert.ok(existsSync(join(out, file)), file);
    }
    const assets = readdirSync(join(out, 'assets'));
    assert.ok(assets.some((name) => /^app-[A-Z0-9]{8}\.js$/.test(name)), assets.join(', '));
    assert.ok(assets.some((name) => /^app-[A-Z0-9]{8}\.css$/.test(name)));
    assert.ok(readdirSync(join(out, 'assets', 'routes')).length >= 5);
  });

  test('pages are server-rendered with their content, heading ids, TOC and doc chrome', () => {
    const html = readFileSync(join(out, 'docs/intro/index.html'), 'utf8');
    assert.match(html, /<html lang="en" dir="ltr" data-theme="light">/);
    assert.match(html, /<title>Introduction \| Fixture<\/title>/);
    assert.match(html, /<meta name="description" content="The first page.">/);
    assert.match(html, /<link rel="canonical" href="https:\/\/fixture.example\/docs\/intro">/);
    assert.match(html, /<h2 id="getting-started"/);
    assert.match(html, /<h3 id="custom-details"/);
    assert.match(html, /<nav aria-label="Table of contents"/);
    assert.match(html, /<nav aria-label="Breadcrumbs"/);
    assert.match(html, /aria-current="page"[^>]*>Introduction|href="\/docs\/intro" aria-current="page"/);
    assert.match(html, /Version: <!-- -->Next|Version: Next/);
    assert.match(html, /href="\/docs\/guides\/first#setup"/, 'relative .md links become routes');
    const toc = html.slice(html.indexOf('aria-label="Table of contents"'));
    assert.match(toc, /href="#custom-details"/, 'h3 is in the TOC');
    assert.doesNotMatch(toc, /href="#deep-heading"/, 'h4 is not in the TOC by default');
  });

  test('the MDX page renders its expressions on the server', () => {
    assert.match(readFileSync(join(out, 'docs/guides/second/index.html'), 'utf8'), /The answer is <!-- -->42/);
  });

  test('the browser loads React from its own file, the runtime as one file, and no text of a static page as JavaScript', () => {
    const assets = readdirSync(join(out, 'assets'));
    const react = assets.find((name) => /^react-\d+\.\d+\.\d+-[A-Z0-9]{8}\.js$/.test(name));
    assert.ok(react, `React's file, named by its version: ${assets.join(', ')}`);
    const html = readFileSync(join(out, 'docs/intro/index.html'), 'utf8');
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!);
    assert.ok(preloads.includes(`/assets/${react}`), `React is preloaded: ${preloads.join(', ')}`);
    const app = /<script type="module" src="(\/assets\/app-[A-Z0-9]{8}\.js)"/.exec(html)?.[1];
    assert.ok(app, 'the runtime entry');
    const appText = readFileSync(join(out, app), 'utf8');
    assert.doesNotMatch(appText, /from"\/assets\/chunks\//, 'the runtime imports no shared chunk: it is one file');
    // Every JavaScript file of the output: React, never Preact.
    const scripts = readdirSync(join(out, 'assets'), { recursive: true }).map(String).filter((name) => name.endsWith('.js'));
    assert.deepEqual(scripts.filter((name) => readFileSync(join(out, 'assets', name), 'utf8').includes('preact')), []);
    // A page of Markdown only has no chunk: its HTML holds its data for its frame (the code the docs of a sidebar
    // share, bundled once, preloaded), and navigation fetches its content file: its data and exactly the server's HTML
    // of its content.
    assert.match(html, /<div class="markdown" data-docsite-body="">/);
    const boot = JSON.parse(/<script id="__docsite-boot" type="application\/json">(.*?)<\/script>/.exec(html)![1]!) as BootData;
    assert.match(boot.frame ?? '', /^\/assets\/routes\/frame-[\w-]+\.js$/);
    assert.ok(preloads.includes(boot.frame!), `the frame is preloaded: ${preloads.join(', ')}`);
    assert.doesNotMatch(readFileSync(join(out, boot.frame!), 'utf8'), /Welcome to the fixture/);
    assert.equal(boot.data?.title, 'Introduction');
    assert.match(boot.chunk, /^\/assets\/content\/[\w-]+\.json$/);
    assert.ok(!preloads.includes(boot.chunk), 'the content file is not loaded with its page');
    const content = JSON.parse(readFileSync(join(out, boot.chunk), 'utf8')) as ContentFile;
    assert.deepEqual(content.data, boot.data);
    assert.match(content.html, /Welcome to the fixture/);
    assert.ok(html.includes(content.html), "the file holds the page's own HTML of its content");
    const manifest = JSON.parse(readFileSync(join(out, 'route-manifest.json'), 'utf8')) as RouteManifest;
    const entry = manifest.routes['/docs/intro'] as [number, string];
    assert.deepEqual([manifest.frames?.[entry[0]], entry[1]], [boot.frame, boot.chunk], 'the manifest names its frame and content file');
    // The MDX page with expressions keeps its content in its chunk: it hydrates.
    const mdx = readFileSync(join(out, 'docs/guides/second/index.html'), 'utf8');
    const mdxBoot = JSON.parse(/<script id="__docsite-boot" type="application\/json">(.*?)<\/script>/.exec(mdx)![1]!) as BootData;
    assert.equal(mdxBoot.frame, undefined);
    assert.match(mdxBoot.chunk, /^\/assets\/routes\/.*\.js$/);
    assert.doesNotMatch(readFileSync(join(out, mdxBoot.chunk), 'utf8'), /loadContent/);
    assert.equal(typeof manifest.routes['/docs/guides/second'], 'string');
  });

  test('/docs and / lead to the first doc', () => {
    assert.match(readFileSync(join(out, 'docs/index.html'), 'utf8'), /http-equiv="refresh" content="0; url=\/docs\/intro"/);
  });

  test('a rebuild with the compile cache gives the same pages', async () => {
    const before = readFileSync(join(out, 'docs/intro/index.html'), 'utf8');
    const result = await runCli(['build', dir]);
    assert.equal(result.code, 0, result.stderr);
    // Only the search files' build timestamp may differ.
    const withoutStamp = (html: string) => html.replace(/(search-doc|lunr-index)-\d+\.json/g, '$1-T.json');
    assert.equal(withoutStamp(readFileSync(join(out, 'docs/intro/index.html'), 'utf8')), withoutStamp(before));
  });
});

test('--base-url prefixes every link and asset', async () => {
  const dir = site();
  const result = await runCli(['build', dir, '--base-url', '/sub/', '--out-dir', join(dir, 'out')]);
  assert.equal(result.code, 0, result.stderr);
  const html = readFileSync(join(dir, 'out/docs/intro/index.html'), 'utf8');
  assert.match(html, /href="\/sub\/docs\/guides\/first#setup"/);
  assert.match(html, /src="\/sub\/assets\/app-/);
  assert.doesNotMatch(html, /href="\/docs\//);
});

test('headTags land in every head, with the base URL on site-absolute hrefs and attribute values escaped', async () => {
  const dir = site();
  const config = readFileSync(join(dir, 'docsite.config.ts'), 'utf8');
  writeFileSync(join(dir, 'docsite.config.ts'), config.replace("url: 'https://fixture.example',", `url: 'https://fixture.example',
  headTags: [
    { tagName: 'link', attributes: { rel: 'apple-touch-icon', href: '/img/icon.png' } },
    { tagName: 'meta', attributes: { name: 'verification', content: 'a"b<c' } },
  ],`));
  const result = await runCli(['build', dir, '--base-url', '/sub/']);
  assert.equal(result.code, 0, result.stderr);
  const html = readFileSync(join(dir, 'build/docs/intro/index.html'), 'utf8');
  assert.match(html, /<link rel="apple-touch-icon" href="\/sub\/img\/icon\.png">/);
  assert.match(html, /<meta name="verification" content="a&quot;b&lt;c">/);
});

test("the default locale's direction and htmlLang, themeConfig.metadata, a link's aria-label and docs.include take effect", async () => {
  const dir = site({ 'docs/notes/todo.md': '# Todo\n\nNot a doc: docs.include leaves it out.\n' });
  const config = readFileSync(join(dir, 'docsite.config.ts'), 'utf8')
    .replace(
      "url: 'https://fixture.example',",
      `url: 'https://fixture.example',
  i18n: { defaultLocale: 'ar', locales: ['ar'], localeConfigs: { ar: { direction: 'rtl', htmlLang: 'ar-EG' } } },
  docs: { include: ['intro.md', 'guides/**/*.{md,mdx}'] },`,
    )
    .replace("themeConfig: {", "themeConfig: {\n    metadata: [{ name: 'keywords', content: 'a\"b<c' }, { property: 'og:see_also', content: 'https://other.example' }],")
    .replace("{ label: 'Docs', to: '/docs/intro', activeBasePath: '/docs' }", "{ label: 'Docs', to: '/docs/intro', activeBasePath: '/docs', 'aria-label': 'All the docs' }");
  writeFileSync(join(dir, 'docsite.config.ts'), config);
  const result = await runCli(['build', dir]);
  assert.equal(result.code, 0, result.stderr);
  for (const page of ['docs/intro/index.html', 'docs/guides/second/index.html', '404.html']) {
    const html = readFileSync(join(dir, 'build', page), 'utf8');
    assert.match(html, /<html lang="ar-EG" dir="rtl" /, page);
    assert.match(html, /<meta property="og:locale" content="ar_EG">/, page);
    assert.match(html, /<a class="navbar-item navbar-link[^"]*" href="\/docs\/intro" aria-label="All the docs"/, page);
    // Like headTags, metadata goes on the pages with a URL of their own, not the 404 page.
    if (page === '404.html') continue;
    assert.match(html, /<meta name="keywords" content="a&quot;b&lt;c">/, page);
    assert.match(html, /<meta property="og:see_also" content="https:\/\/other\.example">/, page);
  }
  assert.ok(existsSync(join(dir, 'build/docs/guides/second/index.html')));
  assert.equal(existsSync(join(dir, 'build/docs/notes/todo/index.html')), false, 'docs.include leaves notes/ out');
});

test('trailingSlash: false writes route.html files', async () => {
  const dir = site();
  writeFileSync(join(dir, 'docsite.config.ts'), readFileSync(join(dir, 'docsite.config.ts'), 'utf8').replace("url: 'https://fixture.example',", "url: 'https://fixture.example',\n  trailingSlash: false,"));
  const result = await runCli(['build', dir]);
  assert.equal(result.code, 0, result.stderr);
  assert.ok(existsSync(join(dir, 'build/docs/intro.html')));
});

describe('bad input: exit 1, one message naming the file, previous output untouched', () => {
  const cases: { name: string; files: Record<string, string>; remove?: string; expect: RegExp }[] = [
    { name: 'invalid MDX', files: { 'docs/intro.md': '# Intro\n\nText\n\n<div>\n\nunclosed\n' }, expect: /docs\/intro\.md:5:1: invalid MDX/ },
    { name: 'invalid YAML front matter', files: { 'docs/intro.md': '---\ntitle: [unclosed\n---\n\nText\n' }, expect: /docs\/intro\.md:\d+:\d+: invalid YAML front matter/ },
    { name: 'unknown config key', files: { 'docsite.config.ts': "export default { title: 'x', url: 'https://x.example', onBrokenLink: 'throw' };\n" }, expect: /docsite\.config\.ts:1:\d+: invalid config: unknown key "onBrokenLink"/ },
    { name: 'wrong config type', files: { 'docsite.config.ts': "export default {\n  title: 42,\n  url: 'https://x.example',\n};\n" }, expect: /docsite\.config\.ts:2:3: invalid config: "title"/ },
    { name: 'settings of a locale the site does not have', files: { 'docsite.config.ts': "export default {\n  title: 'x',\n  url: 'https://x.example',\n  i18n: { locales: ['en', 'fr'], localeConfigs: { de: { htmlLang: 'de-CH' } } },\n};\n" }, expect: /docsite\.config\.ts:4:\d+: invalid config: "i18n\.localeConfigs\.de": "de" is neither the default locale nor in i18n\.locales/ },
    { name: 'a version versions.json lists without its folder', files: { 'versions.json': '["1.0"]\n' }, expect: /versions\.json: versions\.json lists the version "1\.0", but its folder versioned_docs\/version-1\.0 does not exist/ },
    { name: 'headTags with a script', files: { 'docsite.config.ts': "export default {\n  title: 'x',\n  url: 'https://x.example',\n  headTags: [{ tagName: 'script', attributes: { src: '/x.js' } }],\n};\n" }, expect: /docsite\.config\.ts:4:\d+: invalid config: "headTags/ },
    { name: 'config syntax error', files: { 'docsite.config.ts': "export default { title: 'x',, };\n" }, expect: /docsite\.config\.ts:1:\d+:/ },
    { name: 'missing config file', files: {}, remove: 'docsite.config.ts', expect: /no config file found/ },
    { name: 'sidebar id that names no doc', files: { 'sidebars.ts': "export default { docs: ['intro', 'guides/nope'] };\n", 'docsite.config.ts': "export default { title: 'x', url: 'https://x.example', docs: { sidebarPath: 'sidebars.ts' } };\n" }, expect: /sidebars\.ts:1:\d+: sidebar "docs" names the doc id "guides\/nope"/ },
    { name: 'two docs with the same route', files: { 'docs/other.md': '---\nslug: /intro\n---\n\nClash.\n' }, expect: /two docs share the route \/docs\/intro/ },
    { name: 'broken link', files: { 'docs/guides/first.md': '# First\n\nSee [nothing](/docs/nothing-here).\n' }, expect: /docs\/guides\/first\.md:3:5  ->  \/docs\/nothing-here  \(no such page\)/ },
    { name: 'broken anchor', files: { 'docs/guides/first.md': '# First\n\nSee [intro](../intro.md#no-such-heading).\n' }, expect: /docs\/guides\/first\.md:3:5  ->  \/docs\/intro#no-such-heading/ },
    { name: 'link to a missing .md file', files: { 'docs/guides/first.md': '# First\n\nSee [gone](./gone.md).\n' }, expect: /docs\/guides\/first\.md:3:5  ->  \.\/gone\.md  \(no doc at this file path\)/ },
  ];

  for (const { name, files, remove, expect } of cases) {
    test(name, async () => {
      const dir = site();
      const good = await runCli(['build', dir]);
      assert.equal(good.code, 0, good.stderr);
      const marker = join(dir, 'build', 'marker.txt');
      writeFileSync(marker, 'previous build');
      const before = readFileSync(join(dir, 'build/docs/intro/index.html'), 'utf8');

      for (const [file, content] of Object.entries(files)) writeFileSync(join(dir, file), content);
      if (remove) removeSite(join(dir, remove));
      const result = await runCli(['build', dir]);
      assert.equal(result.code, 1, `exit code; stderr: ${result.stderr}`);
      assert.match(result.stderr, expect);
      assert.doesNotMatch(result.stderr, /^\s+at /m, 'no stack trace without --debug');
      assert.equal(readFileSync(marker, 'utf8'), 'previous build');
      assert.equal(readFileSync(join(dir, 'build/docs/intro/index.html'), 'utf8'), before);
      assert.deepEqual(readdirSync(dir).filter((entry) => entry.includes('.tmp-') || entry.includes('.old-')), [], 'no staging folders left');
    });
  }

  test('--debug adds the stack trace', async () => {
    const dir = site({ 'docs/intro.md': '---\ntitle: [unclosed\n---\n' });
    const result = await runCli(['build', dir, '--debug']);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /^\s+at /m);
  });
});

describe('usage errors exit 2', () => {
  test('a missing site folder', async () => {
    const result = await runCli(['build', '/definitely/not/here']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /site folder not found/);
    assert.match(result.stderr, /Usage: docsite/);
  });

  test('an unknown command', async () => {
    const result = await runCli(['bild']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /unknown command 'bild'/);
  });

  test('an unknown option', async () => {
    const result = await runCli(['build', '--frobnicate']);
    assert.equal(result.code, 2);
  });
});

describe('docsite check-links', () => {
  test('passes a good site and writes nothing', async () => {
    const dir = site();
    const result = await runCli(['check-links', dir]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /no broken links/);
    assert.equal(existsSync(join(dir, 'build')), false);
  });

  test('lists every broken link with its source line and exits 1', async () => {
    const dir = site({ 'docs/guides/first.md': '# First\n\n[a](/docs/a) and [b](/docs/b)\n' });
    const result = await runCli(['check-links', dir]);
    assert.equal(result.code, 1);
    // The rewritten page lost its "Setup" heading, so intro.md's #setup anchor breaks too.
    assert.match(result.stderr, /3 broken links found/);
    assert.match(result.stderr, /docs\/guides\/first\.md:3:1  ->  \/docs\/a  \(no such page\)/);
    assert.match(result.stderr, /docs\/guides\/first\.md:3:18  ->  \/docs\/b  \(no such page\)/);
    assert.match(result.stderr, /docs\/intro\.md:7:34  ->  \/docs\/guides\/first#setup  \(no heading/);
  });
});
