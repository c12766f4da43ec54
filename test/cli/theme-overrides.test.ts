import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeSite, removeSite, runCli, startDev, waitFor } from '../helpers';

// Theme component overrides (test/fixtures/theme-overrides): `src/theme/Footer/index.tsx` wraps docsite's footer
// (`@theme-original/Footer`) with a line of its own, `src/theme/NotFound.tsx` replaces the not-found page's content,
// `src/theme/Root.tsx` wraps the app and `src/theme/Admonition` wraps the component docsite provides as `@theme/Admonition`.

const sites: string[] = [];
after(() => sites.forEach(removeSite));

function site(files: Record<string, string> = {}): string {
  const dir = makeSite(files, 'theme-overrides');
  sites.push(dir);
  return dir;
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html')).map((file) => join(dir, file));
}

describe('a site with theme overrides, built', () => {
  let dir: string;
  let output: string;

  before(async () => {
    dir = site();
    const built = await runCli(['build', dir]);
    output = built.stdout + built.stderr;
    assert.equal(built.code, 0, output);
  });

  test('builds without warnings', () => {
    assert.doesNotMatch(output, /warning/i);
  });

  test('every page has the overridden footer, with the original footer inside it', () => {
    // Pages, not redirects or static content's HTML (assets/content: the body alone, fetched on navigation).
    const pages = htmlFiles(join(dir, 'build')).filter((file) => !relative(dir, file).startsWith(join('build', 'assets')) && !readFileSync(file, 'utf8').includes('http-equiv="refresh"'));
    assert.ok(pages.length >= 3, `pages: ${pages.join(', ')}`);
    for (const file of pages) {
      const html = readFileSync(file, 'utf8');
      const where = relative(dir, file);
      assert.match(html, /<p class="override-note">Overridden footer line<\/p><footer class="footer/, where);
      assert.match(html, /Original footer copyright/, where);
      // src/theme/Root.tsx wraps the whole app, below the mount point.
      assert.match(html, /<div id="__docsite"><div class="site-root-wrapper">/, where);
    }
  });

  test('a page importing @theme/Admonition gets the override, which wraps the original', () => {
    const html = readFileSync(join(dir, 'build', 'docs', 'second', 'index.html'), 'utf8');
    assert.match(html, /<div class="admonition-override"><div class="[^"]*admonition[^"]*"[^>]*>[\s\S]*An imported admonition\./);
  });

  test('the not-found page shows the override', () => {
    const html = readFileSync(join(dir, 'build', '404.html'), 'utf8');
    assert.match(html, /<h1>Nothing here \(override\)<\/h1>/);
    assert.doesNotMatch(html, /<h1>Page Not Found<\/h1>/, "the original content is replaced, not wrapped");
  });

  test('the browser bundle carries the override, so hydration renders the same tree', () => {
    const scripts = readdirSync(join(dir, 'build'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
    assert.ok(scripts.some((file) => readFileSync(join(dir, 'build', file), 'utf8').includes('Overridden footer line')));
  });
});

test('an override that fails to compile is an error at its file and line', async () => {
  const dir = site({ 'src/theme/Navbar/index.tsx': 'export default function Navbar() {\n  return (\n    <nav>broken</nv>\n  );\n}\n' });
  const built = await runCli(['build', dir]);
  const output = built.stdout + built.stderr;
  assert.equal(built.code, 1, output);
  assert.match(output, /error src\/theme\/Navbar\/index\.tsx:3:18: Unexpected closing "nv" tag/);
  assert.match(output, /> 3 \| +<nav>broken<\/nv>/);
});

test('docsite dev serves the override, and an edit to it shows up', async () => {
  const dir = site();
  const dev = await startDev(dir);
  try {
    const page = async (path: string) => (await fetch(`${dev.origin}${path}`)).text();
    assert.match(await page('/docs/intro'), /Overridden footer line/, dev.output());
    const file = join(dir, 'src', 'theme', 'Footer', 'index.tsx');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Overridden footer line', 'Edited footer line'));
    await waitFor(async () => ((await page('/docs/intro')).includes('Edited footer line') ? true : undefined), () => dev.output());
    assert.match(await page('/docs/second'), /Edited footer line/);

    // A broken override is reported at its file and line (open pages get it over the event stream; the last
    // runtime that worked keeps serving), and the next good save clears it.
    const edited = readFileSync(file, 'utf8');
    const outputFrom = dev.output().length;
    writeFileSync(file, edited.replace('<p className="override-note">', '<p className="override-note">{'));
    const where = await waitFor(() => /error (src\/theme\/Footer\/index\.tsx:\d+:\d+)/.exec(dev.output().slice(outputFrom))?.[1], () => dev.output());
    assert.equal(where, 'src/theme/Footer/index.tsx:7:44');
    writeFileSync(file, edited.replace('Edited footer line', 'Fixed footer line'));
    await waitFor(async () => ((await page('/docs/intro')).includes('Fixed footer line') ? true : undefined), () => dev.output());
  } finally {
    await dev.stop();
  }
});
