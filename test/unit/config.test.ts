import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateConfig } from '../../src/config/load';
import { DocsiteError } from '../../src/core/errors';
import { createSiteData } from '../../src/config/site-data';
import { configForLocale, siteLocales } from '../../src/config/locales';
import { currentVersionLabel } from '../../src/config/schema';
import { loadDocs } from '../../src/content/docs';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const minimal = { title: 'Site', url: 'https://example.com' };

test('fills Docusaurus-style defaults', () => {
  const config = validateConfig(minimal, 'docsite.config.ts');
  assert.equal(config.baseUrl, '/');
  assert.equal(config.onBrokenLinks, 'throw');
  assert.equal(config.docs.routeBasePath, 'docs');
  assert.deepEqual(config.docs.versions, {});
  assert.equal(currentVersionLabel(config.docs), 'Next');
  assert.equal(config.docs.includeCurrentVersion, true);
  assert.deepEqual(config.themeConfig.tableOfContents, { minHeadingLevel: 2, maxHeadingLevel: 3 });
  assert.equal(config.themeConfig.colorMode.defaultMode, 'light');
});

test('the navbar gets the search box at its right end unless it places one itself', () => {
  const kinds = (navbar: object) => createSiteData(validateConfig({ ...minimal, themeConfig: { navbar } }, 'docsite.config.ts')).navbar.items.map((item) => `${item.kind}:${item.position}`);
  assert.deepEqual(kinds({ items: [{ label: 'Docs', to: '/docs' }] }), ['link:left', 'search:right']);
  assert.deepEqual(kinds({ items: [{ type: 'search', position: 'left' }, { label: 'Docs', to: '/docs' }] }), ['search:left', 'link:left']);
});

test('an unknown key is an error that names the key and its line', () => {
  const source = "export default {\n  title: 'Site',\n  url: 'https://example.com',\n  themeConfig: {\n    navbar: { titel: 'x' },\n  },\n};\n";
  const error = catchError(() => validateConfig({ ...minimal, themeConfig: { navbar: { titel: 'x' } } }, 'docsite.config.ts', source));
  assert.match(error.message, /unknown key "themeConfig\.navbar\.titel"/);
  assert.equal(error.file, 'docsite.config.ts');
  assert.equal(error.line, 5);
  assert.equal(error.column, 15);
});

test("an unknown nested key is located under its parents, not at a key of the same name elsewhere", () => {
  const source = "export default {\n  title: 'Site',\n  url: 'https://example.com',\n  search: { shards: 'auto' },\n  themeConfig: {\n    footer: { style: 'dark' },\n    navbar: {\n      title: 'x',\n      search: true,\n    },\n  },\n};\n";
  const error = catchError(() => validateConfig({ ...minimal, search: { shards: 'auto' }, themeConfig: { footer: { style: 'dark' }, navbar: { title: 'x', search: true } } }, 'docsite.config.ts', source));
  assert.match(error.message, /unknown key "themeConfig\.navbar\.search"/);
  assert.equal(error.line, 9);
  assert.equal(error.column, 7);
  // A wrong value too: the key of the path, after its parents.
  const wrong = catchError(() => validateConfig({ ...minimal, search: { shards: 'auto' }, themeConfig: { footer: { style: 'dark' }, navbar: { title: 5 } } }, 'docsite.config.ts', source.replace("title: 'x'", 'title: 5')));
  assert.match(wrong.message, /"themeConfig\.navbar\.title"/);
  assert.equal(wrong.line, 8);
});

test('a wrong type names the key path', () => {
  const error = catchError(() => validateConfig({ ...minimal, trailingSlash: 'yes' }, 'docsite.config.ts'));
  assert.match(error.message, /"trailingSlash": .*boolean/i);
});

test('a missing required key is reported', () => {
  const error = catchError(() => validateConfig({ url: 'https://example.com' }, 'docsite.config.ts'));
  assert.match(error.message, /"title"/);
});

test('TOC levels must be ordered', () => {
  const error = catchError(() => validateConfig({ ...minimal, themeConfig: { tableOfContents: { minHeadingLevel: 4, maxHeadingLevel: 2 } } }, 'docsite.config.ts'));
  assert.match(error.message, /minHeadingLevel must not be greater/);
});

test('the default locale\'s direction and htmlLang reach the site data; unset, neither is there', () => {
  const site = (i18n: object) => createSiteData(validateConfig({ ...minimal, i18n }, 'docsite.config.ts'));
  const rtl = site({ defaultLocale: 'ar', locales: ['ar', 'en'], localeConfigs: { ar: { direction: 'rtl', htmlLang: 'ar-EG' }, en: { label: 'English' } } });
  assert.equal(rtl.locale, 'ar');
  assert.equal(rtl.direction, 'rtl');
  assert.equal(rtl.htmlLang, 'ar-EG');
  const plain = site({ defaultLocale: 'en', locales: ['en'] });
  assert.equal('direction' in plain, false);
  assert.equal('htmlLang' in plain, false);
});

test("each locale's direction and htmlLang reach that locale's site data; a right-to-left language is rtl unless set", () => {
  const config = validateConfig({ ...minimal, i18n: { locales: ['en', 'fr', 'he'], localeConfigs: { fr: { htmlLang: 'fr-CA', path: 'francais' } } } }, 'docsite.config.ts');
  const fr = createSiteData(configForLocale(config, 'fr'));
  assert.equal(fr.locale, 'fr');
  assert.equal(fr.defaultLocale, 'en');
  assert.equal(fr.htmlLang, 'fr-CA');
  assert.equal(fr.baseUrl, '/francais/');
  assert.equal('direction' in fr, false);
  const he = createSiteData(configForLocale(config, 'he'));
  assert.equal(he.direction, 'rtl');
  assert.equal(he.baseUrl, '/he/');
  // The language menu of every locale leads to each locale's root.
  assert.deepEqual(
    siteLocales(config).map((locale) => [locale.code, locale.path, locale.direction]),
    [['en', 'en', 'ltr'], ['fr', 'francais', 'ltr'], ['he', 'he', 'rtl']],
  );
});

test('settings of a locale that is not in i18n.locales are rejected', () => {
  const error = catchError(() => validateConfig({ ...minimal, i18n: { locales: ['en'], localeConfigs: { de: { label: 'Deutsch' } } } }, 'docsite.config.ts'));
  assert.match(error.message, /"i18n\.localeConfigs\.de": "de" is neither the default locale nor in i18n\.locales/);
});

test('navbar items take only the keys their type uses; a link takes to or href', () => {
  const navbar = (items: object[]) => () => validateConfig({ ...minimal, themeConfig: { navbar: { items } } }, 'docsite.config.ts');
  assert.match(catchError(navbar([{ type: 'search', label: 'Find' }])).message, /"themeConfig\.navbar\.items\.0\.label": not supported on a search item/);
  assert.match(catchError(navbar([{ type: 'localeDropdown', href: 'https://x.example' }])).message, /"themeConfig\.navbar\.items\.0\.href": not supported on a localeDropdown item/);
  assert.match(catchError(navbar([{ label: 'Docs', to: '/docs', href: 'https://x.example' }])).message, /"to" \(an internal path\) or "href" \(a URL\), not both/);
  const footer = () => validateConfig({ ...minimal, themeConfig: { footer: { links: [{ title: 'More', items: [{ label: 'x', to: '/a', href: '/b' }] }] } } }, 'docsite.config.ts');
  assert.match(catchError(footer).message, /"themeConfig\.footer\.links\.0\.items\.0\.href": a link takes/);
});

test("a navbar link's aria-label, organizationName and projectName reach the site data", () => {
  const site = createSiteData(
    validateConfig({ ...minimal, organizationName: 'acme', projectName: 'widgets', themeConfig: { navbar: { items: [{ label: 'GitHub', href: 'https://github.com/acme/widgets', 'aria-label': 'GitHub repository' }, { label: 'Docs', to: '/docs' }] } } }, 'docsite.config.ts'),
  );
  assert.equal(site.navbar.items[0]!.ariaLabel, 'GitHub repository');
  assert.equal('ariaLabel' in site.navbar.items[1]!, false);
  assert.equal(site.organizationName, 'acme');
  assert.equal(site.projectName, 'widgets');
  const bare = createSiteData(validateConfig(minimal, 'docsite.config.ts'));
  assert.equal('organizationName' in bare || 'projectName' in bare, false);
});

test('docs.include: patterns are kept; a negated one is rejected', () => {
  assert.deepEqual(validateConfig(minimal, 'docsite.config.ts').docs.include, ['**/*.md', '**/*.mdx']);
  assert.deepEqual(validateConfig({ ...minimal, docs: { include: ['guides/**'] } }, 'docsite.config.ts').docs.include, ['guides/**']);
  const error = catchError(() => validateConfig({ ...minimal, docs: { include: ['**/*.md', '!drafts/**'] } }, 'docsite.config.ts'));
  assert.match(error.message, /"docs\.include\.1": a pattern starting with "!" is not supported/);
});

test('docs.include decides which Markdown files of the docs folder are docs', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsite-include-'));
  try {
    for (const file of ['intro.md', 'guides/first.md', 'guides/deep/second.mdx', 'notes/todo.md', 'guides/_partial.md', 'guides/data.json']) {
      mkdirSync(dirname(join(dir, 'docs', file)), { recursive: true });
      writeFileSync(join(dir, 'docs', file), `# ${file}\n`);
    }
    const docsOf = async (include?: string[]) => {
      const config = validateConfig({ ...minimal, ...(include ? { docs: { include } } : {}) }, 'docsite.config.ts');
      return (await loadDocs({ siteDir: dir, config, includeDrafts: false })).map((doc) => doc.relativePath).sort();
    };
    assert.deepEqual(await docsOf(), ['guides/deep/second.mdx', 'guides/first.md', 'intro.md', 'notes/todo.md']);
    assert.deepEqual(await docsOf(['intro.md', 'guides/**']), ['guides/deep/second.mdx', 'guides/first.md', 'intro.md']);
    assert.deepEqual(await docsOf(['**/*.mdx']), ['guides/deep/second.mdx']);
    assert.deepEqual(await docsOf(['./notes/*.{md,mdx}', '**/*.json']), ['notes/todo.md'], 'a leading ./ is allowed; only Markdown files are docs');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

function catchError(fn: () => unknown): DocsiteError {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof DocsiteError, `expected a DocsiteError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected an error');
}

test('navbar and footer targets without a leading slash are paths of the site, as Docusaurus reads them', () => {
  const site = createSiteData(
    validateConfig(
      {
        ...minimal,
        baseUrl: '/base/',
        themeConfig: { navbar: { items: [{ to: 'blog', label: 'Blog' }, { to: 'docs/', label: 'Docs' }, { href: 'https://example.org', label: 'Out' }] }, footer: { links: [{ title: 'More', items: [{ to: 'docs/intro', label: 'Intro' }] }] } },
      },
      'docsite.config.ts',
    ),
  );
  assert.deepEqual(site.navbar.items.filter((item) => item.kind === 'link').map((item) => item.href), ['/base/blog', '/base/docs/', 'https://example.org']);
  assert.equal(site.footer.columns[0]!.items[0]!.href, '/base/docs/intro');
});

test('a customCss file that does not exist is an error naming the config file, the key and its line', async () => {
  const { loadConfig } = await import('../../src/config/load');
  const dir = mkdtempSync(join(tmpdir(), 'docsite-custom-css-'));
  try {
    writeFileSync(join(dir, 'docsite.config.ts'), "export default {\n  title: 'Site',\n  url: 'https://example.com',\n  customCss: ['src/css/missing.css'],\n};\n");
    await assert.rejects(loadConfig(dir), (error: unknown) => error instanceof DocsiteError && error.file === 'docsite.config.ts' && error.line === 4 && /customCss\[0\]: no such file src\/css\/missing\.css/.test(error.message));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('plugin options are JSON data only: functions and RegExps would not reach the compile workers or the cache key', async () => {
  const { isJsonData } = await import('../../src/config/markdown-plugins');
  assert.equal(isJsonData({ level: 2, names: ['a'], nested: { on: true, none: null } }), true);
  assert.equal(isJsonData({ transform: () => 1 }), false);
  assert.equal(isJsonData({ pattern: /x/ }), false);
  assert.equal(isJsonData({ when: new Date(0) }), false);
  assert.equal(isJsonData({ ratio: Number.NaN }), false);
});
