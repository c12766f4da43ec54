import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { makeSite, removeSite, runCli, startDev } from '../helpers';

// The versions-locales fixture (three docs versions; English, and Arabic under /ar/) built by the CLI: what lands
// where, what the summary says, and what --locale and onlyIncludeVersions leave out.

const sites: string[] = [];
after(() => sites.forEach(removeSite));

function site(files: Record<string, string> = {}): string {
  const dir = makeSite(files, 'versions-locales');
  sites.push(dir);
  return dir;
}

const read = (dir: string, path: string) => readFileSync(join(dir, 'build', path), 'utf8');

test('every locale and version is built; the summary names each file not translated yet once', async () => {
  const dir = site();
  const result = await runCli(['build', dir, '--quiet']);
  assert.equal(result.code, 0, result.stderr);
  for (const path of ['docs/intro', 'docs/next/streaming', 'docs/1.0/legacy', 'ar/docs/intro', 'ar/docs/next/streaming', 'ar/docs/1.0/legacy']) {
    assert.ok(existsSync(join(dir, 'build', path, 'index.html')), path);
  }
  // The translation stands in for the doc; the doc not translated keeps its text.
  assert.match(read(dir, 'ar/docs/next/intro/index.html'), /بمحرك زفير/);
  assert.match(read(dir, 'ar/docs/next/streaming/index.html'), /Streaming arrived in the canary/);
  assert.match(read(dir, 'ar/docs/next/streaming/index.html'), /<html lang="ar" dir="rtl"/);
  // Each translated Markdown link leads within its own locale and version.
  assert.match(read(dir, 'ar/docs/next/intro/index.html'), /href="\/ar\/docs\/next\/guide\/install"/);
  const summary = result.stdout;
  assert.match(summary, /locales: en 20, ar 20/);
  const line = summary.split('\n').find((text) => text.includes('ar:') && text.includes('not translated yet'))!;
  assert.ok(line, summary);
  assert.match(line, /9 files are not translated yet/);
  assert.equal(line.split('docs/streaming.md').length, 2, 'a file is named once');
  // One _headers and one robots.txt, at the root, for every locale's pages.
  assert.ok(existsSync(join(dir, 'build', '_headers')));
  assert.ok(!existsSync(join(dir, 'build', 'ar', '_headers')));
  assert.ok(!existsSync(join(dir, 'build', 'ar', 'robots.txt')));
  assert.ok(existsSync(join(dir, 'build', 'ar', 'sitemap.xml')));
  // One React file for both locales: a reader switching language has it cached.
  const react = /href="(\/assets\/react-[^"]+\.js)"/.exec(read(dir, 'ar/docs/intro/index.html'))?.[1];
  assert.ok(react && existsSync(join(dir, 'build', react)), 'the Arabic pages load the default locale\'s React file');
  assert.ok(!readdirSync(join(dir, 'build', 'ar', 'assets')).some((name) => name.startsWith('react-')));
});

test('--locale builds one locale into its folder and leaves the rest of the output as it was', async () => {
  const dir = site();
  assert.equal((await runCli(['build', dir, '--quiet'])).code, 0);
  writeFileSync(join(dir, 'build', 'marker.txt'), 'kept');
  const result = await runCli(['build', dir, '--quiet', '--locale', 'ar']);
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /Built 20 pages/);
  assert.ok(existsSync(join(dir, 'build', 'marker.txt')), 'the default locale is untouched');
  assert.ok(existsSync(join(dir, 'build', 'ar', 'docs', 'intro', 'index.html')));
  const unknown = await runCli(['build', dir, '--quiet', '--locale', 'fr']);
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /--locale fr: the site has no such locale \(i18n\.locales: en, ar\)/);
});

test('onlyIncludeVersions builds one version, at the docs prefix when it is the only one', async () => {
  const dir = site({
    'docsite.config.ts': readFileSync(join(import.meta.dirname, '..', 'fixtures', 'versions-locales', 'docsite.config.ts'), 'utf8').replace("versions: { current: { label: 'Canary' } },", "versions: { current: { label: 'Canary' } },\n    onlyIncludeVersions: ['current'],").replace("locales: ['en', 'ar']", "locales: ['en']"),
  });
  const result = await runCli(['build', dir, '--quiet']);
  assert.equal(result.code, 0, result.stderr);
  assert.match(read(dir, 'docs/intro/index.html'), /zephyr engine/);
  assert.ok(!existsSync(join(dir, 'build', 'docs', '1.0')));
  assert.ok(!existsSync(join(dir, 'build', 'docs', 'next')));
});

test('a bad versions.json fails naming it', async () => {
  const dir = site({ 'versions.json': '["2.0", "2.0"]\n' });
  const result = await runCli(['build', dir, '--quiet']);
  assert.equal(result.code, 1);
  assert.match(result.stderr, /versions\.json: versions\.json lists "2\.0" twice/);
  const lastVersion = site({ 'docsite.config.ts': "export default { title: 'x', url: 'https://x.example', docs: { lastVersion: '3.0' } };\n" });
  const wrong = await runCli(['build', lastVersion, '--quiet']);
  assert.equal(wrong.code, 1);
  assert.match(wrong.stderr, /docs\.lastVersion is "3\.0", which is neither "current" nor in versions\.json \(current, 2\.0, 1\.0\)/);
});

test("the docs' remark plugins run on every version and every locale's translations", async () => {
  const config = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'versions-locales', 'docsite.config.ts'), 'utf8');
  const dir = site({
    'plugins/remark-stamp.mjs': "export default function remarkStamp() {\n  return (tree) => {\n    tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: 'Stamped by the site plugin.' }] });\n  };\n}\n",
    'docsite.config.ts': config.replace("sidebarPath: 'sidebars.json',", "sidebarPath: 'sidebars.json',\n    remarkPlugins: ['./plugins/remark-stamp.mjs'],"),
  });
  const result = await runCli(['build', dir, '--quiet']);
  assert.equal(result.code, 0, result.stderr);
  for (const path of ['docs/intro', 'docs/1.0/legacy', 'docs/next/streaming', 'ar/docs/intro', 'ar/docs/next/intro', 'ar/docs/1.0/legacy']) {
    assert.match(read(dir, `${path}/index.html`), /Stamped by the site plugin\./, path);
  }
});

test('docsite dev --locale serves that locale under its prefix, with its versions', async () => {
  const dir = site();
  const dev = await startDev(dir, ['--port', '0', '--locale', 'ar']);
  try {
    const page = await fetch(`${dev.origin}/ar/docs/next/intro`);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /<html lang="ar" dir="rtl"/);
    assert.match(html, /بمحرك زفير/);
    assert.equal((await fetch(`${dev.origin}/ar/docs/1.0/legacy`)).status, 200);
  } finally {
    await dev.stop();
  }
});

test('a broken anchor in a file every locale builds is reported once; a locale with no translation yet is said in one line', async () => {
  const config = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'versions-locales', 'docsite.config.ts'), 'utf8');
  const dir = site({
    'docs/streaming.md': '# Streaming\n\nSee [the engine](./intro.md#no-such-heading).\n',
    'docsite.config.ts': config.replace("locales: ['en', 'ar']", "locales: ['en', 'ar', 'fr']"),
  });
  const result = await runCli(['build', dir]);
  assert.equal(result.code, 0, result.stderr);
  const output = result.stdout + result.stderr;
  const warnings = output.split('\n').filter((line) => line.includes('no-such-heading'));
  assert.equal(warnings.length, 1, warnings.join('\n'));
  assert.match(warnings[0]!, /docs\/streaming\.md:3:5 {2}-> {2}\/docs\/next\/intro#no-such-heading .*; in 3 locales\)$/);
  assert.match(output, /fr: no translation yet: all 11 docs and posts are built from the default locale's text/);
  assert.match(output, /ar: 9 files are not translated yet/);
});
