import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { makeSite, removeSite, runCli, startDev } from '../helpers';

// A Docusaurus site's React pages (test/fixtures/docusaurus-pages: src/pages with JSX in .js, @theme/Layout,
// @docusaurus/* modules, SVGs as components, customCss, a package that is not installed) migrate and build as
// they are.

const sites: string[] = [];
after(() => sites.forEach(removeSite));

function site(files: Record<string, string> = {}, fixture: string | null = 'docusaurus-pages'): string {
  const dir = makeSite(files, fixture);
  sites.push(dir);
  return dir;
}

describe('Docusaurus pages, migrated and built', () => {
  let dir: string;
  let migrateOutput: string;
  let buildOutput: string;
  const html = (route: string) => readFileSync(join(dir, 'build', route.replace(/^\//, ''), 'index.html'), 'utf8');

  before(async () => {
    dir = site();
    const migrated = await runCli(['migrate', dir]);
    migrateOutput = migrated.stdout + migrated.stderr;
    assert.equal(migrated.code, 0, migrateOutput);
    const built = await runCli(['build', dir]);
    buildOutput = built.stdout + built.stderr;
    assert.equal(built.code, 0, buildOutput);
  });

  test('migrate carries the pages folder and customCss, and names the module docsite lacks', () => {
    const config = readFileSync(join(dir, 'docsite.config.ts'), 'utf8');
    assert.match(config, /\n {2}pages: \{ path: 'src\/pages' \},\n/);
    assert.match(config, /\n {2}customCss: \['src\/css\/custom\.css'\],\n/);
    assert.doesNotMatch(migrateOutput, /customCss is not carried over|builds React pages from/);
    assert.match(migrateOutput, /src\/pages\/status\.tsx: @theme\/UptimeChart is not carried over \(docsite does not provide this module; the page shows a placeholder box in its place\)/);
  });

  test('pages in .js (with JSX), .tsx and .md are built; helpers and tests are not', () => {
    assert.ok(existsSync(join(dir, 'build', 'index.html')));
    assert.ok(existsSync(join(dir, 'build', 'status', 'index.html')));
    assert.ok(existsSync(join(dir, 'build', 'guides', 'welcome', 'index.html')));
    assert.ok(!existsSync(join(dir, 'build', '_helper')));
    assert.ok(!existsSync(join(dir, 'build', 'index.test')));
    assert.match(buildOutput, /4 standalone pages/);
  });

  test('@theme/Layout and @docusaurus/Head set the title and description; Layout renders the main wrapper', () => {
    const home = html('/');
    assert.match(home, /<title>Welcome to Harbor Registry \| Harbor Registry<\/title>/);
    assert.match(home, /<meta name="description" content="Mirrors for every region">/);
    assert.match(home, /<div id="main-content" class="main-wrapper">/);
    assert.match(home, /<footer/);
    const status = html('/status');
    assert.match(status, /<title>Service status \| Harbor Registry<\/title>/);
    assert.match(status, /<meta name="description" content="Is the registry up\?">/);
    assert.match(status, /class="main-wrapper status-page layout-no-footer"/);
  });

  test('Link, useDocusaurusContext, useBaseUrl, Translate, translate, router, theme-common, BrowserOnly', () => {
    const home = html('/');
    assert.match(home, /<h1 class="hero__title">Harbor Registry<\/h1>/);
    assert.match(home, /<p class="hero__subtitle">Containers, mirrored close to you<\/p>/);
    assert.match(home, /<a href="\/docs\/intro" class="button button--secondary">Start in 3 steps<\/a>/);
    assert.match(home, /<p id="translated">Read the guides<\/p>/);
    assert.match(home, /<img id="base-url" src="\/img\/anchor\.svg"/);
    assert.match(home, /Helpers starting with an underscore are not pages\./);
    const status = html('/status');
    assert.match(status, /<p id="where">\/status<\/p>/);
    assert.match(status, /<span id="mode">light<\/span>/);
    assert.match(status, /<span>later<\/span>/);
  });

  test('customFields, the config and location props of a page, Link with href, a missing data file as an empty list', () => {
    const regions = html('/regions');
    assert.match(regions, /<ul id="regions"><li>eu-west<\/li><li>us-east<\/li><\/ul>/);
    assert.match(regions, /<p id="from-props">Harbor Registry<\/p>/);
    assert.match(regions, /<p id="mirror-count">0<!-- --> mirrors<\/p>/);
    assert.match(regions, /<a href="https:\/\/github\.com\/example\/harbor\/edit\/main\/mirrors\.json" target="_blank" rel="noopener noreferrer" id="edit">Add a mirror<\/a>/);
    assert.match(readFileSync(join(dir, 'docsite.config.ts'), 'utf8'), /\n {2}customFields: \{ regions: \['eu-west', 'us-east'\] \},\n/);
  });

  test('SVG imports are components with the caller props on the root; ?url is the file', () => {
    const home = html('/');
    const inline = /<svg [^>]*id="inline-icon"[^>]*>/.exec(home)?.[0] ?? '';
    assert.match(inline, /class="inline-icon"/, 'the caller className replaces the root class');
    assert.match(inline, /xmlns:xlink="http:\/\/www\.w3\.org\/1999\/xlink"/);
    assert.match(inline, /style="fill-opacity:\.8;-webkit-mask-size:cover"/);
    assert.match(inline, /stroke-width="2"/);
    assert.match(inline, /data-kind="icon"/);
    assert.match(inline, /xml:space="preserve"/);
    assert.match(home, /<svg [^>]*class="feature-svg"[^>]*width="120"[^>]*role="img"[^>]*><title>Anchor<\/title><circle cx="12" cy="5" r="3"\/>/);
    assert.match(home, /<img id="logo-url" src="\/assets\/media\/anchor-[\w-]+\.svg"/);
    assert.match(home, /class="col feature-card"/, 'clsx, docsite\'s own copy when the site has no node_modules');
  });

  test('in Markdown, an imported SVG is a component and a Markdown image stays an image; TOCInline lists the headings', () => {
    const intro = html('/docs/intro');
    assert.match(intro, /<svg [^>]*class="doc-anchor"/);
    assert.match(intro, /<img src="\/img\/anchor\.svg" alt="The anchor as an image"/);
    assert.match(intro, /<div class="toc-inline"><ul><li><a href="#install">Install<\/a><ul><li><a href="#from-a-mirror">From a mirror<\/a><\/li><\/ul><\/li><li><a href="#configure">Configure<\/a><\/li><\/ul><\/div>/);
  });

  test('a theme component docsite lacks and a package that is not installed: a visible placeholder and one warning each, at the import', () => {
    const status = html('/status');
    assert.match(status, /class="docsite-missing-module"[^>]*><span[^>]*>Not available: <code>@theme\/UptimeChart<\/code><\/span>Uptime of the last 30 days<\/span>/);
    assert.match(status, /Not available: <code>react-lite-youtube-embed<\/code>/);
    // esbuild resolves imports in parallel: the order of the warnings is not fixed.
    const warnings = buildOutput.split('\n').filter((line) => /warning/.test(line)).sort();
    assert.deepEqual(warnings, [
      'warning src/pages/regions.js:5: `@site/mirrors.json` does not exist (a file the site generates before building?); the page gets an empty list instead',
      'warning src/pages/status.tsx:4: `@theme/UptimeChart` is not provided by docsite; the page shows a placeholder box instead',
      'warning src/pages/status.tsx:7: `react-lite-youtube-embed` is not installed (no node_modules in the site folder); the page shows a placeholder box instead',
      'warning src/pages/status.tsx:8: `react-lite-youtube-embed/dist/LiteYouTubeEmbed.css` is not installed (no node_modules in the site folder); its styles are left out',
      'warning src/pages/status.tsx:9: `@theme/TOCInline` lists the headings of Markdown pages; here it renders only a `toc` list passed to it',
    ]);
  });

  test('customCss is in the stylesheet every page loads, after the theme, with Infima\'s primary colour as the accent', () => {
    const css = readdirSync(join(dir, 'build', 'assets')).filter((file) => /^app-.*\.css$/.test(file));
    assert.equal(css.length, 1);
    const text = readFileSync(join(dir, 'build', 'assets', css[0]!), 'utf8');
    const theme = text.indexOf('--primary:');
    const site = text.indexOf('.harbor-banner');
    assert.ok(theme !== -1 && site > theme, 'the site CSS comes after the theme CSS');
    assert.ok(text.indexOf('var(--ifm-color-primary)') > site, 'the accent takes --ifm-color-primary');
    assert.match(text, /\.harbor-mark\s*\{\s*background-image:\s*url\(\/img\/anchor\.svg\)/, 'a url() of a static file stays as written');
  });
});

test('docsite dev serves the same pages: Docusaurus modules shared with the runtime, named exports included', async () => {
  const dir = site();
  assert.equal((await runCli(['migrate', dir])).code, 0);
  const dev = await startDev(dir);
  try {
    const home = await (await fetch(`${dev.origin}/`)).text();
    assert.match(home, /<h1 class="hero__title">Harbor Registry<\/h1>/, dev.output());
    assert.match(home, /<p id="translated">Read the guides<\/p>/);
    const status = await (await fetch(`${dev.origin}/status`)).text();
    assert.match(status, /<p id="where">\/status<\/p>/, dev.output());
    assert.match(status, /Not available: <code>@theme\/UptimeChart<\/code>/);
    const regions = await (await fetch(`${dev.origin}/regions`)).text();
    assert.match(regions, /<li>eu-west<\/li>/, dev.output());
  } finally {
    await dev.stop();
  }
});

describe('imports that cannot be resolved', () => {
  test('a missing file an MDX page imports is reported at the import line, not in the front matter', async () => {
    const dir = site(
      {
        'docsite.config.ts': "export default { title: 'T', url: 'https://t.example' };",
        'docs/index.md': '---\ntitle: Home\ndescription: A page with a long front matter line that comes first\n---\n\nimport Missing from \'./missing-component\';\n\n<Missing />\n',
      },
      null,
    );
    const result = await runCli(['build', dir]);
    const output = result.stdout + result.stderr;
    assert.equal(result.code, 1, output);
    assert.match(output, /docs\/index\.md:6:1: Could not resolve "\.\/missing-component"/);
  });

  test('a package installed in the site folder is bundled from there', async () => {
    const dir = site(
      {
        'docsite.config.ts': "export default { title: 'T', url: 'https://t.example' };",
        'node_modules/tiny-greeting/package.json': '{ "name": "tiny-greeting", "main": "index.js" }',
        'node_modules/tiny-greeting/index.js': "module.exports = function greet() { return 'hello from the package'; };",
        'pages/index.jsx': "import greet from 'tiny-greeting';\nexport default function Home() { return <p id=\"greeting\">{greet()}</p>; }\n",
        'docs/index.md': '# Home\n',
      },
      null,
    );
    const result = await runCli(['build', dir]);
    const output = result.stdout + result.stderr;
    assert.equal(result.code, 0, output);
    assert.doesNotMatch(output, /not installed|placeholder/);
    assert.match(readFileSync(join(dir, 'build', 'index.html'), 'utf8'), /<p id="greeting">hello from the package<\/p>/);
  });

  test('a name a provided module without a default export lacks (@docusaurus/router) is a placeholder, not a failed build', async () => {
    const dir = site(
      {
        'docsite.config.ts': "export default { title: 'T', url: 'https://t.example' };",
        'pages/index.jsx': "import { useLocation, matchPath } from '@docusaurus/router';\nexport default function Home() { return <p id=\"path\">{useLocation().pathname}{typeof matchPath}</p>; }\n",
        'docs/index.md': '# Home\n',
      },
      null,
    );
    const result = await runCli(['build', dir]);
    const output = result.stdout + result.stderr;
    assert.equal(result.code, 0, output);
    assert.match(output, /pages\/index\.jsx:1.*matchPath/);
  });
});
