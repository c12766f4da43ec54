import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { validateConfig } from '../../src/config/load';
import { DocsiteError } from '../../src/core/errors';
import { findDocusaurusConfig, loadDocusaurusConfig } from '../../src/migrate/load-docusaurus-config';
import { migrateConfig, type Migration } from '../../src/migrate/map-config';
import { Code, toSource } from '../../src/migrate/serialize';
import { outputFiles } from '../../src/migrate/write-config';
import { makeSite, removeSite } from '../helpers';

const sites: string[] = [];
after(() => sites.forEach(removeSite));

function site(files: Record<string, string>): string {
  const dir = makeSite(files, null);
  sites.push(dir);
  return dir;
}

/** Loads the site's Docusaurus config as `docsite migrate` does. */
async function load(dir: string) {
  const file = findDocusaurusConfig(dir);
  assert.ok(file, 'a Docusaurus config is found');
  return loadDocusaurusConfig(file, dir);
}

const DOCS = {
  'docs/intro.md': '---\nsidebar_position: 1\n---\n\n# Introduction\n\nHello.\n',
  'docs/guides/first.md': '# First guide\n\nText.\n',
  'docs/guides/second.md': '# Second guide\n\nText.\n',
  'docs/reference/api.md': '# API\n\nText.\n',
};

/** Migrates a config object on a site holding `files` (docs by default). */
async function migrate(config: Record<string, unknown>, files: Record<string, string> = DOCS): Promise<Migration> {
  return migrateConfig({ title: 'Site', url: 'https://example.com', ...config }, { siteDir: site(files), configName: 'docusaurus.config.js' });
}

function messages(migration: Migration): string[] {
  return migration.warnings.map((warning) => `${warning.file}: ${warning.message}`);
}

function hasWarning(migration: Migration, pattern: RegExp): void {
  assert.ok(messages(migration).some((message) => pattern.test(message)), `no warning matches ${pattern}:\n${messages(migration).join('\n')}`);
}

describe('loading a Docusaurus config', () => {
  test('CommonJS: module.exports, require of a package that is not installed, __dirname, require.resolve', async () => {
    const dir = site({
      'docusaurus.config.js': [
        "const path = require('path');",
        "const { themes } = require('prism-react-renderer');",
        'module.exports = {',
        "  title: 'CJS', url: 'https://example.com',",
        '  folder: path.basename(__dirname),',
        "  sidebars: require.resolve('./sidebars.js'),",
        "  css: require.resolve('./src/css/missing.css'),",
        '  themeConfig: { prism: { theme: themes.github, darkTheme: themes.dracula } },',
        '};',
      ].join('\n'),
      'sidebars.js': 'module.exports = {};\n',
    });
    const { config, stubbed } = await load(dir);
    assert.equal(config.title, 'CJS');
    assert.equal(config.folder, dir.split('/').pop());
    assert.equal(config.sidebars, join(dir, 'sidebars.js'));
    assert.equal(config.css, join(dir, 'src/css/missing.css'), 'a missing file resolves leniently');
    assert.deepEqual(stubbed, ['prism-react-renderer']);
  });

  test('ESM .mjs: export default, named imports from a stubbed package, import.meta.url', async () => {
    const dir = site({
      'docusaurus.config.mjs': [
        "import { themes as prismThemes } from 'prism-react-renderer';",
        "import remarkMath from 'remark-math';",
        "import { fileURLToPath } from 'node:url';",
        'const here = fileURLToPath(import.meta.url);',
        "export default { title: 'ESM', url: 'https://example.com', here, plugins: [remarkMath], themeConfig: { prism: { theme: prismThemes.github } } };",
      ].join('\n'),
    });
    const { config, stubbed } = await load(dir);
    assert.equal(config.title, 'ESM');
    assert.ok(String(config.here).startsWith(dir), 'import.meta.url is beside the config');
    assert.deepEqual(stubbed.sort(), ['prism-react-renderer', 'remark-math']);
  });

  test("a require made with createRequire is lenient too: packages that are not installed resolve to their name and load as stubs", async () => {
    const dir = site({
      'docusaurus.config.mjs': [
        "import { createRequire } from 'node:module';",
        'const require = createRequire(import.meta.url);',
        "const plugin = require('@acme/docusaurus-plugin');",
        'export default async function createConfig() {',
        '  return {',
        "    title: 'Own require', url: 'https://example.com',",
        "    css: [require.resolve('./src/css/custom.css'), require.resolve('tweet-widget/theme.css')],",
        "    sidebars: require.resolve('./sidebars.js'),",
        '    plugins: [plugin.withOptions({ a: 1 })],',
        '  };',
        '}',
      ].join('\n'),
      'sidebars.js': 'module.exports = {};\n',
    });
    const { config, stubbed } = await load(dir);
    assert.equal(config.title, 'Own require');
    assert.deepEqual(config.css, [join(dir, 'src/css/custom.css'), 'tweet-widget/theme.css']);
    assert.equal(config.sidebars, join(dir, 'sidebars.js'));
    assert.deepEqual(stubbed.sort(), ['@acme/docusaurus-plugin', 'tweet-widget'], 'named once each, including those the config function asked for');
  });

  test('TypeScript: type imports, satisfies, an async default export', async () => {
    const dir = site({
      'docusaurus.config.ts': [
        "import type { Config } from '@docusaurus/types';",
        "import type * as Preset from '@docusaurus/preset-classic';",
        'export default async function createConfig(): Promise<Config> {',
        "  const tagline: string = await Promise.resolve('Typed');",
        "  return { title: 'TS', url: 'https://example.com', tagline, presets: [['classic', { docs: { routeBasePath: 'guide' } } satisfies Preset.Options]] };",
        '}',
      ].join('\n'),
    });
    const { config } = await load(dir);
    assert.equal(config.title, 'TS');
    assert.equal(config.tagline, 'Typed');
  });

  test('CommonJS .cjs exporting an async function', async () => {
    const dir = site({ 'docusaurus.config.cjs': "module.exports = async () => ({ title: 'Async', url: 'https://example.com' });\n" });
    assert.equal((await load(dir)).config.title, 'Async');
  });

  test('an installed package is used for real; one that fails to load is stubbed on a second try', async () => {
    const dir = site({
      'node_modules/site-helper/package.json': '{ "name": "site-helper", "main": "index.js" }',
      'node_modules/site-helper/index.js': "module.exports = { tagline: 'From the package' };\n",
      'node_modules/broken-plugin/package.json': '{ "name": "broken-plugin", "main": "index.js" }',
      'node_modules/broken-plugin/index.js': "throw new Error('needs a newer Node');\n",
      'docusaurus.config.js': "const helper = require('site-helper');\nmodule.exports = { title: 'Pkg', url: 'https://example.com', tagline: helper.tagline };\n",
    });
    const loaded = await load(dir);
    assert.equal(loaded.config.tagline, 'From the package');
    assert.deepEqual(loaded.stubbed, []);

    const broken = site({
      'node_modules/broken-plugin/package.json': '{ "name": "broken-plugin", "main": "index.js" }',
      'node_modules/broken-plugin/index.js': "throw new Error('needs a newer Node');\n",
      'docusaurus.config.js': "module.exports = { title: 'Broken', url: 'https://example.com', plugins: [require('broken-plugin')] };\n",
    });
    const fallback = await load(broken);
    assert.equal(fallback.config.title, 'Broken');
    assert.deepEqual(fallback.stubbed, ['broken-plugin']);
  });

  test('module.exports in a "type": "module" package is still CommonJS, as Docusaurus reads it', async () => {
    const dir = site({ 'package.json': '{ "type": "module" }', 'docusaurus.config.js': "module.exports = { title: 'Typed module', url: 'https://example.com' };\n" });
    assert.equal((await load(dir)).config.title, 'Typed module');
  });

  test('a syntax error names the file, line and column', async () => {
    const dir = site({ 'docusaurus.config.js': "module.exports = {\n  title: 'x',,\n};\n" });
    await assert.rejects(load(dir), (error: unknown) => error instanceof DocsiteError && error.where === 'docusaurus.config.js:2:14');
  });

  test('a config that is not an object is an error naming the file', async () => {
    const dir = site({ 'docusaurus.config.js': 'module.exports = 42;\n' });
    await assert.rejects(load(dir), (error: unknown) => error instanceof DocsiteError && /docusaurus\.config\.js must export a config object/.test(error.message));
  });

  test('findDocusaurusConfig looks for every extension', () => {
    for (const name of ['docusaurus.config.ts', 'docusaurus.config.mjs', 'docusaurus.config.cjs']) {
      assert.equal(findDocusaurusConfig(site({ [name]: 'export default {};\n' }))?.name, name);
    }
    assert.equal(findDocusaurusConfig(site({ 'README.md': '# x\n' })), undefined);
  });
});

describe('mapping the classic preset', () => {
  test('docs, blog, pages and sitemap options; Docusaurus defaults that differ from docsite are written out', async () => {
    const migration = await migrate(
      {
        presets: [
          [
            'classic',
            {
              docs: { path: './docs', routeBasePath: '/guide', editUrl: 'https://github.com/o/r/edit/main/', versions: { current: { label: 'Upcoming' } } },
              blog: {
                path: 'news',
                routeBasePath: 'news',
                blogTitle: 'News',
                blogDescription: 'What is new',
                postsPerPage: 5,
                blogSidebarCount: 0,
                blogSidebarTitle: 'Recent',
                showReadingTime: false,
                editUrl: 'https://github.com/o/r/edit/main/',
                authorsMapPath: 'people.yml',
                onUntruncatedBlogPosts: 'ignore',
                feedOptions: { type: 'all', title: 'Feed', description: 'All news', copyright: 'CC BY', limit: 10 },
              },
              pages: { path: 'src/pages' },
              sitemap: { changefreq: 'weekly', priority: 0.5, ignorePatterns: ['/tags/**'], filename: 'sitemap.xml' },
            },
          ],
        ],
      },
      { ...DOCS, 'src/pages/about.md': '# About\n' },
    );
    const config = validateConfig(migration.config, 'docsite.config.ts');
    assert.equal(config.docs.path, 'docs');
    assert.equal(config.docs.routeBasePath, '/guide');
    assert.equal(config.docs.editUrl, 'https://github.com/o/r/edit/main/');
    assert.equal(config.docs.showLastUpdateTime, false, 'off in Docusaurus unless asked');
    assert.equal(config.docs.showLastUpdateAuthor, false);
    assert.equal(config.docs.versions.current.label, 'Upcoming');
    assert.deepEqual(migration.config.blog, {
      path: 'news',
      routeBasePath: 'news',
      blogTitle: 'News',
      blogDescription: 'What is new',
      postsPerPage: 5,
      blogSidebarCount: 0,
      blogSidebarTitle: 'Recent',
      showReadingTime: false,
      // Docusaurus appends blog/<post>; docsite appends the post's path inside the blog folder.
      editUrl: 'https://github.com/o/r/edit/main/news',
      authorsMapPath: 'people.yml',
      onUntruncatedBlogPosts: 'ignore',
      feedOptions: { type: 'all', title: 'Feed', description: 'All news', copyright: 'CC BY', limit: 10 },
    });
    assert.deepEqual(migration.config.pages, { path: 'src/pages' });
    assert.deepEqual(migration.config.sitemap, { changefreq: 'weekly', priority: 0.5, ignorePatterns: ['/tags/**'] });
    hasWarning(migration, /presets\.classic\.sitemap\.filename is not carried over/);
  });

  test('a function editUrl cannot be carried over: a warning says so', async () => {
    const migration = await migrate({ presets: [['classic', { docs: { editUrl: ({ docPath }: { docPath: string }) => `https://x.example/${docPath}` } }]] });
    assert.equal((migration.config.docs as Record<string, unknown>).editUrl, undefined);
    hasWarning(migration, /^docusaurus\.config\.js: presets\.classic\.docs\.editUrl is not carried over \(it is a function; docsite takes a string\)$/);
  });

  test('Docusaurus option names given as a resolved path (require.resolve) are recognised', async () => {
    const migration = await migrate({ presets: [['/site/node_modules/@docusaurus/preset-classic/lib/index.js', { blog: { blogTitle: 'Resolved' } }]] });
    assert.equal(migration.config.blog?.blogTitle, 'Resolved');
  });

  test('other preset options, plugins and themes are warnings naming the key', async () => {
    const migration = await migrate({
      presets: [['classic', { theme: { customCss: './src/css/custom.css' }, gtag: { trackingID: 'G-1' }, googleTagManager: { containerId: 'GTM-1' } }], ['@acme/docusaurus-preset-extras', {}]],
      plugins: ['@docusaurus/plugin-google-analytics', ['@docusaurus/plugin-pwa', { offlineModeActivationStrategies: [] }], () => ({ name: 'inline' }), false],
      themes: ['@docusaurus/theme-live-codeblock', '@easyops-cn/docusaurus-search-local'],
    });
    hasWarning(migration, /presets\.classic\.theme\.customCss \('src\/css\/custom\.css'\) is not carried over \(no such file\)/);
    hasWarning(migration, /presets\.classic\.gtag is not carried over \(docsite adds no analytics scripts\)/);
    hasWarning(migration, /presets\.classic\.googleTagManager is not carried over/);
    hasWarning(migration, /presets\['@acme\/docusaurus-preset-extras'\] is not carried over/);
    hasWarning(migration, /plugins\['@docusaurus\/plugin-google-analytics'\] is not carried over \(docsite adds no analytics scripts\)/);
    hasWarning(migration, /plugins\['@docusaurus\/plugin-pwa'\] is not carried over \(docsite runs no Docusaurus plugins\)/);
    hasWarning(migration, /plugins\[2\] is not carried over \(an inline plugin/);
    hasWarning(migration, /themes\['@docusaurus\/theme-live-codeblock'\] is not carried over/);
    hasWarning(migration, /themes\['@easyops-cn\/docusaurus-search-local'\] is not carried over \(docsite has built-in local search\)/);
    assert.equal(migration.warnings.length, 9, messages(migration).join('\n'));
  });
});

describe('mapping standalone content plugins', () => {
  test('docs and blog plugins given one by one; a second docs instance is carried to docsInstances', async () => {
    const migration = await migrate(
      {
        plugins: [
          ['@docusaurus/plugin-content-docs', { id: 'community', path: 'community', routeBasePath: 'community' }],
          ['@docusaurus/plugin-content-docs', { routeBasePath: '/', showLastUpdateAuthor: true }],
          ['content-blog', { blogTitle: 'Plugin blog' }],
          ['@docusaurus/plugin-content-pages', {}],
        ],
      },
      { ...DOCS, 'src/pages/index.tsx': "import Layout from '@theme/Layout';\nexport default function Home() { return <Layout>Home</Layout>; }\n" },
    );
    const docs = migration.config.docs as Record<string, unknown>;
    assert.equal(docs.routeBasePath, '/');
    assert.equal(docs.showLastUpdateAuthor, true);
    assert.equal(migration.config.blog?.blogTitle, 'Plugin blog');
    assert.deepEqual(migration.config.pages, { path: 'src/pages' }, 'pages built on Docusaurus modules are carried over: docsite provides the modules');
    assert.deepEqual(migration.config.docsInstances, [{ id: 'community', path: 'community', routeBasePath: 'community', showLastUpdateTime: false, showLastUpdateAuthor: false }]);
    assert.ok(!messages(migration).some((message) => message.includes('src/pages')), messages(migration).join('\n'));
  });

  test('docs: false with a docs folder, a missing sidebars file and a version without its folder are warnings', async () => {
    const off = await migrate({ presets: [['classic', { docs: false, blog: false }]] });
    assert.equal(off.config.docs, undefined);
    hasWarning(off, /presets\.classic\.docs false is not carried over \(docsite builds docs\/ whenever the folder exists\)/);
    assert.ok(!messages(off).some((message) => message.includes('blog false')), 'no blog folder, nothing to say');

    const versioned = await migrate({ presets: [['classic', { docs: { sidebarPath: './sidebars.js', lastVersion: '1.0' } }]] }, { ...DOCS, 'versions.json': '["1.0"]' });
    hasWarning(versioned, /sidebarPath \('\.\/sidebars\.js'\) is not carried over \(no such file/);
    // Versions are built now: lastVersion is carried, and a version versions.json lists without its folder is named.
    assert.equal((versioned.config.docs as Record<string, unknown>).lastVersion, '1.0');
    hasWarning(versioned, /versions\.json lists version '1\.0', whose docs folder versioned_docs\/version-1\.0\/ does not exist: docsite build stops on it/);
    assert.ok(!messages(versioned).some((message) => /lastVersion is not carried over|versioned docs/.test(message)), messages(versioned).join('\n'));
  });
});

describe('docs include patterns', () => {
  test('carry over, since docsite reads docs.include; negated ones are a note', async () => {
    const migration = await migrate({ presets: [['classic', { docs: { include: ['**/*.md', 'guides/**/*.mdx'] } }]] });
    assert.deepEqual(migration.config.docs?.include, ['**/*.md', 'guides/**/*.mdx']);
    assert.ok(!messages(migration).some((message) => message.includes('include')), messages(migration).join('\n'));
    assert.deepEqual(validateConfig(migration.config, 'docsite.config.ts').docs.include, ['**/*.md', 'guides/**/*.mdx']);

    const negated = await migrate({ presets: [['classic', { docs: { include: ['**/*.md', '!drafts/**'] } }]] });
    assert.equal(negated.config.docs?.include, undefined);
    hasWarning(negated, /presets\.classic\.docs\.include is not carried over/);
    validateConfig(negated.config, 'docsite.config.ts');
  });
});

describe('mapping the navbar', () => {
  const sidebars = [
    'module.exports = {',
    "  guideSidebar: ['intro', { type: 'category', label: 'Guides', items: [{ type: 'autogenerated', dirName: 'guides' }] }],",
    "  apiSidebar: [{ type: 'doc', id: 'reference/api', label: 'The API' }],",
    '};',
  ].join('\n');

  async function navbarItems(items: unknown[], extra: Record<string, unknown> = {}) {
    const migration = await migrate(
      { presets: [['classic', { docs: { sidebarPath: './sidebars.js' } }]], themeConfig: { navbar: { title: 'Nav', items, ...extra } } },
      { ...DOCS, 'sidebars.js': sidebars },
    );
    return { migration, items: (migration.config.themeConfig?.navbar?.items ?? []) as Record<string, unknown>[] };
  }

  test('docSidebar and doc items link to the pages docsite builds, active across their sidebar', async () => {
    const { items, migration } = await navbarItems([
      { type: 'docSidebar', sidebarId: 'guideSidebar', label: 'Guides', position: 'left' },
      { type: 'docSidebar', sidebarId: 'apiSidebar' },
      { type: 'doc', docId: 'guides/second', position: 'left' },
      { type: 'doc', docId: 'reference/api', label: 'API' },
    ]);
    assert.deepEqual(items, [
      { label: 'Guides', to: '/docs/intro', activeBasePath: '/docs', position: 'left' },
      { label: 'The API', to: '/docs/reference/api' },
      { label: 'guides/second', to: '/docs/guides/second', activeBasePath: '/docs', position: 'left' },
      { label: 'API', to: '/docs/reference/api' },
    ]);
    assert.equal(migration.config.docs?.sidebarPath, 'sidebars.js', 'a sidebars file docsite reads as it is is used directly');
    assert.equal(migration.sidebars?.converted, undefined);
  });

  test('an unknown doc or sidebar links to the docs root, with a warning', async () => {
    const { items, migration } = await navbarItems([{ type: 'doc', docId: 'nope', label: 'Nope' }, { type: 'docSidebar', sidebarId: 'missing' }]);
    assert.deepEqual(items, [
      { label: 'Nope', to: '/docs' },
      { label: 'missing', to: '/docs' },
    ]);
    hasWarning(migration, /themeConfig\.navbar\.items\[0\] \(doc 'nope'\) links to \/docs: docsite finds no doc with this id/);
  });

  test('dropdowns are flattened, locale, version and search items kept, HTML left out', async () => {
    const { items, migration } = await navbarItems([
      { label: 'Blog', to: '/blog', position: 'left', className: 'blog-link', target: '_self' },
      { type: 'dropdown', label: 'More', position: 'right', items: [{ label: 'Forum', href: 'https://forum.example.com' }, { type: 'doc', docId: 'intro', label: 'Start' }, { type: 'html', value: '<hr>' }] },
      { type: 'localeDropdown', position: 'right', dropdownItemsAfter: [] },
      { type: 'search', position: 'right' },
      { type: 'docsVersionDropdown' },
      { type: 'html', value: '<b>Hi</b>' },
      { href: 'https://github.com/o/r', position: 'right', className: 'header-github-link', 'aria-label': 'GitHub repository' },
      { type: 'custom-thing' },
    ]);
    assert.deepEqual(items, [
      { label: 'Blog', to: '/blog', position: 'left' },
      { label: 'Forum', href: 'https://forum.example.com', position: 'right' },
      { label: 'Start', to: '/docs/intro', activeBasePath: '/docs', position: 'right' },
      { type: 'localeDropdown', position: 'right' },
      { type: 'search', position: 'right' },
      { type: 'docsVersionDropdown' },
      { label: 'GitHub repository', href: 'https://github.com/o/r', 'aria-label': 'GitHub repository', position: 'right' },
    ]);
    hasWarning(migration, /themeConfig\.navbar\.items\[0\]\.className is not carried over/);
    hasWarning(migration, /themeConfig\.navbar\.items\[0\]\.target is not carried over/);
    hasWarning(migration, /themeConfig\.navbar\.items\[1\] \(dropdown 'More'\) is flattened: docsite's navbar has no dropdowns, so its 2 links are now top-level items/);
    hasWarning(migration, /themeConfig\.navbar\.items\[1\]\.items\[2\] \(html\) is not carried over/);
    hasWarning(migration, /themeConfig\.navbar\.items\[2\]\.dropdownItemsAfter is not carried over/);
    hasWarning(migration, /themeConfig\.navbar\.items\[7\] \(type 'custom-thing'\) is not carried over/);
    // The docs of this site have no versions: the menu is kept for when they do, and the difference is said.
    hasWarning(migration, /themeConfig\.navbar\.items\[4\] \(docsVersionDropdown\): the docs have no versions \(versions\.json\), and docsite shows no versions menu for them/);
  });

  test("a search item's label is a note: docsite's search box shows none; the written navbar validates", async () => {
    const { items, migration } = await navbarItems([{ type: 'search', label: 'Find', position: 'right' }, { type: 'localeDropdown', label: 'Language' }]);
    assert.deepEqual(items, [{ type: 'search', position: 'right' }, { type: 'localeDropdown', label: 'Language' }]);
    hasWarning(migration, /themeConfig\.navbar\.items\[0\]\.label is not carried over \(docsite's search box shows no label\)/);
    validateConfig(migration.config, 'docsite.config.ts');
  });

  test('title, logo and hideOnScroll carry over; the rest of the logo is noted', async () => {
    const { migration } = await navbarItems([], { logo: { src: 'img/logo.svg', srcDark: 'img/logo-dark.svg', alt: 'Logo', href: '/', width: 32 }, hideOnScroll: true, style: 'dark' });
    assert.deepEqual(migration.config.themeConfig?.navbar, { title: 'Nav', logo: { src: 'img/logo.svg', srcDark: 'img/logo-dark.svg', alt: 'Logo' }, hideOnScroll: true, items: [] });
    hasWarning(migration, /themeConfig\.navbar\.logo\.width is not carried over/);
    hasWarning(migration, /themeConfig\.navbar\.style is not carried over/);
    assert.ok(!messages(migration).some((message) => message.includes('logo.href')), "href '/' is what docsite does anyway");
  });
});

describe('mapping the footer and the rest of themeConfig', () => {
  test('columns, a light default style, HTML items and copyright', async () => {
    const migration = await migrate({
      themeConfig: {
        footer: {
          logo: { src: 'img/footer.svg' },
          links: [
            { title: 'Docs', items: [{ label: 'Intro', to: '/docs/intro' }, { html: '<a href="https://x.example">X</a>' }] },
            { title: 'Elsewhere', items: [{ label: 'GitHub', href: 'https://github.com/o/r', prependBaseUrlToHref: true }] },
          ],
          copyright: 'Copyright © 2024 <a href="https://o.example">O</a>, Inc.',
        },
      },
    });
    assert.deepEqual(migration.config.themeConfig?.footer, {
      style: 'light',
      links: [
        { title: 'Docs', items: [{ label: 'Intro', to: '/docs/intro' }] },
        { title: 'Elsewhere', items: [{ label: 'GitHub', href: 'https://github.com/o/r' }] },
      ],
      copyright: 'Copyright © 2024 O, Inc.',
    });
    hasWarning(migration, /themeConfig\.footer\.links\[0\]\.items\[1\] is not carried over \(an HTML item/);
    hasWarning(migration, /themeConfig\.footer\.copyright holds HTML: docsite shows it as plain text/);
    hasWarning(migration, /themeConfig\.footer\.logo is not carried over/);
  });

  test('a simple footer (one row of links) becomes one column', async () => {
    const migration = await migrate({ themeConfig: { footer: { style: 'dark', links: [{ label: 'Docs', to: '/docs/intro' }, { label: 'GitHub', href: 'https://github.com/o/r' }] } } });
    assert.deepEqual(migration.config.themeConfig?.footer, {
      style: 'dark',
      links: [{ title: 'Links', items: [{ label: 'Docs', to: '/docs/intro' }, { label: 'GitHub', href: 'https://github.com/o/r' }] }],
    });
  });

  test('colorMode, announcementBar, tableOfContents, image and metadata carry over; Algolia, prism and the rest are warnings', async () => {
    const migration = await migrate({
      themeConfig: {
        colorMode: { defaultMode: 'dark', disableSwitch: true, respectPrefersColorScheme: false },
        announcementBar: { id: 'v2', content: 'Version 2 is <b>out</b>', backgroundColor: '#000', textColor: '#fff', isCloseable: false },
        tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 4 },
        image: 'img/card.png',
        metadata: [{ name: 'keywords', content: 'docs' }, { name: 'bad', content: 3 }],
        docs: { sidebar: { hideable: true, autoCollapseCategories: true } },
        algolia: { appId: 'A', apiKey: 'K', indexName: 'I' },
        prism: { additionalLanguages: ['rust'] },
        mermaid: { theme: { light: 'neutral' } },
      },
    });
    assert.deepEqual(migration.config.themeConfig, {
      colorMode: { defaultMode: 'dark', disableSwitch: true, respectPrefersColorScheme: false },
      announcementBar: { id: 'v2', content: 'Version 2 is <b>out</b>', backgroundColor: '#000', textColor: '#fff', isCloseable: false },
      tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 4 },
      image: 'img/card.png',
      metadata: [{ name: 'keywords', content: 'docs' }],
    });
    for (const pattern of [
      /^docusaurus\.config\.js: themeConfig\.algolia is not carried over \(docsite has built-in local search\)$/,
      /themeConfig\.prism is not carried over \(docsite highlights code with shiki/,
      /themeConfig\.mermaid is not carried over/,
      /themeConfig\.docs\.sidebar\.hideable is not carried over/,
      /themeConfig\.docs\.sidebar\.autoCollapseCategories is not carried over/,
      /themeConfig\.metadata\[1\] is not carried over/,
    ]) {
      hasWarning(migration, pattern);
    }
  });
});

describe('mapping site keys', () => {
  test('title, url, links policy, i18n, static folders, head tags and stylesheets', async () => {
    const migration = await migrate({
      tagline: 'Docs',
      baseUrl: '/site/',
      favicon: 'img/favicon.ico',
      trailingSlash: false,
      onBrokenLinks: 'warn',
      onBrokenAnchors: 'log',
      onBrokenMarkdownLinks: 'throw',
      organizationName: 'o',
      projectName: 'r',
      deploymentBranch: 'gh-pages',
      staticDirectories: ['./static', 'public/'],
      i18n: { defaultLocale: 'en', locales: ['en', 'fr', 'de'], path: 'i18n', localeConfigs: { en: { label: 'English', htmlLang: 'en-GB', calendar: 'gregory' }, fr: { label: 'Français' } } },
      headTags: [
        { tagName: 'link', attributes: { rel: 'icon', sizes: 32, href: '/img/icon.png', crossorigin: true } },
        { tagName: 'meta', attributes: { name: 'robots', content: 'noai' } },
        { tagName: 'script', attributes: { src: '/x.js' } },
      ],
      stylesheets: ['https://cdn.example.com/katex.css', { href: '/css/extra.css', type: 'text/css' }],
      scripts: ['https://plausible.io/js/script.js'],
      clientModules: ['./src/client.js'],
      webpack: { jsLoader: 'babel' },
      customFields: { a: 1 },
      future: { experimental_storage: { type: 'sessionStorage', namespace: true }, v4: true },
      markdown: { mermaid: true, format: 'detect', hooks: { onBrokenMarkdownLinks: 'warn' } },
    });
    const config = migration.config;
    assert.equal(config.tagline, 'Docs');
    assert.equal(config.baseUrl, '/site/');
    assert.equal(config.favicon, 'img/favicon.ico');
    assert.equal(config.trailingSlash, false);
    assert.equal(config.onBrokenLinks, 'warn');
    assert.equal(config.onBrokenAnchors, 'warn');
    assert.equal(config.organizationName, 'o');
    assert.deepEqual(config.customFields, { a: 1 });
    assert.deepEqual(config.staticDirectories, ['static', 'public']);
    assert.deepEqual(config.siteStorage, { type: 'sessionStorage' });
    // Every locale is built now; the settings of each are carried.
    assert.deepEqual(config.i18n, { defaultLocale: 'en', locales: ['en', 'fr', 'de'], localeConfigs: { en: { label: 'English', htmlLang: 'en-GB' }, fr: { label: 'Français' } } });
    assert.ok(!messages(migration).some((message) => /not built|default locale 'en' only|i18n\.path/.test(message)), messages(migration).join('\n'));
    assert.deepEqual(config.headTags, [
      { tagName: 'link', attributes: { rel: 'icon', sizes: '32', href: '/img/icon.png', crossorigin: '' } },
      { tagName: 'meta', attributes: { name: 'robots', content: 'noai' } },
      { tagName: 'link', attributes: { rel: 'stylesheet', href: 'https://cdn.example.com/katex.css' } },
      { tagName: 'link', attributes: { rel: 'stylesheet', href: '/css/extra.css', type: 'text/css' } },
    ]);
    for (const pattern of [
      /onBrokenAnchors 'log' is written as 'warn'/,
      /onBrokenMarkdownLinks is not carried over/,
      /markdown\.hooks\.onBrokenMarkdownLinks is not carried over/,
      /markdown\.mermaid is not carried over/,
      /markdown\.format is not carried over/,
      /i18n\.locales 'fr', 'de': no translations in i18n\/ for these locales, so docsite builds their pages from the default locale's files/,
      /i18n\.localeConfigs\.en\.calendar is not carried over \(docsite writes dates in the locale's own calendar\)/,
      /headTags\[2\] \(<script>\) is not carried over/,
      /scripts is not carried over \(docsite adds no script tags\)/,
      /clientModules is not carried over/,
      /webpack is not carried over \(docsite bundles with esbuild\)/,
      /deploymentBranch is not carried over/,
      /future\.v4 is not carried over/,
      /future\.experimental_storage\.namespace is not carried over/,
    ]) {
      hasWarning(migration, pattern);
    }
  });

  test('a missing or malformed url is a clear error, not a bug report', async () => {
    await assert.rejects(
      migrateConfig({ title: 'x', url: 'example.com' }, { siteDir: site({}), configName: 'docusaurus.config.js' }),
      (error: unknown) => error instanceof DocsiteError && /url \("example\.com"\) is not a URL: docsite needs the site's production URL/.test(error.message),
    );
  });

  test('wrongly typed values are left out with a note, so the written config always validates', async () => {
    const migration = await migrate({ tagline: 42, trailingSlash: 'yes', presets: [['classic', { blog: { postsPerPage: 0, feedOptions: { type: 'xml', limit: false } } }]], themeConfig: { tableOfContents: { minHeadingLevel: 5, maxHeadingLevel: 3 } } });
    validateConfig(migration.config, 'docsite.config.ts');
    hasWarning(migration, /tagline is not carried over \(docsite takes a string\)/);
    hasWarning(migration, /presets\.classic\.blog\.postsPerPage is not carried over \(docsite takes a whole number from 1 or "ALL"\)/);
    hasWarning(migration, /presets\.classic\.blog\.feedOptions\.type is not carried over/);
    hasWarning(migration, /presets\.classic\.blog\.feedOptions\.limit false is not carried over/);
    hasWarning(migration, /themeConfig\.tableOfContents is not carried over \(minHeadingLevel 5 is above maxHeadingLevel 3\)/);
  });
});

describe('sidebars', () => {
  test('items docsite does not read as Docusaurus does are converted, one warning per kind; ref and generated-index are kept', async () => {
    const migration = await migrate(
      { presets: [['classic', { docs: { sidebarPath: 'sidebars.js' } }]] },
      {
        ...DOCS,
        'sidebars.js': [
          'module.exports = {',
          '  main: [',
          "    'intro',",
          "    { type: 'ref', id: 'reference/api' },",
          "    { type: 'html', value: '<hr/>', defaultStyle: true },",
          "    { 'Guides': ['guides/first', 'guides/second'] },",
          "    { type: 'category', label: 'More', link: { type: 'generated-index' }, items: [{ type: 'link', label: 'Site', href: 'https://x.example', customProps: { a: 1 } }] },",
          '  ],',
          '};',
        ].join('\n'),
      },
    );
    assert.equal(migration.config.docs?.sidebarPath, 'sidebars.docsite.ts');
    assert.deepEqual(migration.sidebars?.converted, {
      main: [
        'intro',
        { type: 'ref', id: 'reference/api' },
        { type: 'category', label: 'Guides', items: ['guides/first', 'guides/second'] },
        { type: 'category', label: 'More', items: [{ type: 'link', href: 'https://x.example', label: 'Site' }], link: { type: 'generated-index' } },
      ],
    });
    const sidebarNotes = migration.warnings.filter((warning) => warning.file === 'sidebars.js').map((warning) => warning.message);
    assert.equal(sidebarNotes.length, 2, sidebarNotes.join('\n'));
    hasWarning(migration, /sidebars\.js: 1 'html' item is left out/);
    hasWarning(migration, /sidebars\.js: 1 category shorthand/);
  });

  test('a sidebars file importing a package that is not installed is converted', async () => {
    const migration = await migrate(
      { presets: [['classic', { docs: { sidebarPath: 'sidebars.js' } }]] },
      { ...DOCS, 'sidebars.js': "const extra = require('sidebar-helper');\nmodule.exports = { main: ['intro'] };\n" },
    );
    assert.equal(migration.config.docs?.sidebarPath, 'sidebars.docsite.ts');
    hasWarning(migration, /sidebars\.js: docsite cannot read sidebars\.js as it is/);
  });

  test('generated-index links in _category_ files need no note: docsite builds those pages', async () => {
    const migration = await migrate({}, { ...DOCS, 'docs/guides/_category_.json': '{ "label": "Guides", "link": { "type": "generated-index" } }' });
    assert.ok(!migration.warnings.some((warning) => warning.file.endsWith('_category_.json')));
  });
});

describe('writing docsite.config.ts', () => {
  test('toSource writes data a TypeScript reader evaluates back to the same value', async () => {
    const value = { title: "It's \\ fine\n", 'aria-label': 'x', list: [1, true, null, { a: 'b' }], nested: { deep: { deeper: ['a'.repeat(70), 'b'.repeat(70)] } }, empty: {}, none: [] };
    const source = toSource(value);
    assert.match(source, /'aria-label': 'x'/);
    assert.match(source, /title: 'It\\'s \\\\ fine\\n'/);
    assert.match(source, /\n {6}deeper: \[\n {8}'a{70}',\n/, 'long lists break onto lines, indented by 2');
    const module = (await import(`data:text/javascript,${encodeURIComponent(`export default ${source};`)}`)) as { default: unknown };
    assert.deepEqual(module.default, value);
    assert.equal(toSource(new Code('`x`')), '`x`');
  });

  test('the file: header with the source, date and notes, defineConfig import, live copyright year', async () => {
    const year = new Date().getFullYear();
    const migration = await migrate({ themeConfig: { footer: { copyright: `© ${year} Me`, links: [] }, algolia: {} } });
    const [config] = outputFiles(migration, { sourceName: 'docusaurus.config.js', sourceText: 'copyright: `© ${new Date().getFullYear()} Me`', date: '2024-05-01' });
    assert.equal(config!.name, 'docsite.config.ts');
    const lines = config!.text.split('\n');
    assert.equal(lines[0], '// Generated by `docsite migrate` from docusaurus.config.js on 2024-05-01.');
    assert.equal(lines[1], '// Not carried over, or changed on the way:');
    assert.equal(lines[2], '//   - themeConfig.algolia is not carried over (docsite has built-in local search)');
    assert.equal(lines[3], "import { defineConfig } from 'docsite';");
    assert.match(config!.text, /export default defineConfig\(\{\n {2}title: 'Site',\n {2}url: 'https:\/\/example\.com',\n/);
    assert.match(config!.text, /copyright: `© \$\{new Date\(\)\.getFullYear\(\)\} Me`/);
  });
});
