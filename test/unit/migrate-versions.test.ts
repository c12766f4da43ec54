import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { validateConfig } from '../../src/config/load';
import { findDocusaurusConfig, loadDocusaurusConfig } from '../../src/migrate/load-docusaurus-config';
import { migrateConfig, type Migration } from '../../src/migrate/map-config';
import { outputFiles } from '../../src/migrate/write-config';
import { makeSite, removeSite } from '../helpers';

// A versioned, translated Docusaurus site: docsite builds versions and locales from the files Docusaurus
// keeps them in, so migrate carries the options that choose and label them, and notes what it cannot.

const sites: string[] = [];
after(() => sites.forEach(removeSite));

const FILES: Record<string, string> = {
  'sidebars.js': "module.exports = { tutorial: ['intro', 'guide', 'new'] };\n",
  'docs/intro.md': '# Intro\n\nNext.\n',
  'docs/guide.md': '# Guide\n\nNext.\n',
  'docs/new.md': '# New\n\nOnly in the docs folder.\n',
  'versions.json': JSON.stringify(['2.0', '1.0']),
  'versioned_docs/version-2.0/intro.md': '# Intro\n\n2.0.\n',
  'versioned_docs/version-2.0/guide.md': '# Guide\n\n2.0.\n',
  'versioned_docs/version-2.0/legacy.md': '# Legacy\n\nOnly in 2.0.\n',
  'versioned_docs/version-1.0/intro.md': '# Intro\n\n1.0.\n',
  'versioned_docs/version-1.0/old.md': '# Old\n\nOnly in 1.0.\n',
  'versioned_sidebars/version-2.0-sidebars.json': JSON.stringify({ tutorial: ['intro', 'guide', 'legacy'] }),
  'versioned_sidebars/version-1.0-sidebars.json': JSON.stringify({ tutorial: ['intro', 'old'] }),
  'community/welcome.md': '# Welcome\n\nNext.\n',
  'sidebarsCommunity.js': "module.exports = { community: ['welcome'] };\n",
  'community_versions.json': JSON.stringify(['1.x']),
  'community_versioned_docs/version-1.x/welcome.md': '# Welcome\n\n1.x.\n',
  'community_versioned_sidebars/version-1.x-sidebars.json': JSON.stringify({ community: ['welcome'] }),
};

function site(files: Record<string, string> = FILES): string {
  const dir = makeSite(files, null);
  sites.push(dir);
  return dir;
}

async function migrate(config: Record<string, unknown>, files: Record<string, string> = FILES): Promise<Migration> {
  return migrateConfig({ title: 'Site', url: 'https://example.com', ...config }, { siteDir: site(files), configName: 'docusaurus.config.js' });
}

function messages(migration: Migration): string[] {
  return migration.warnings.map((warning) => warning.message);
}

function hasNote(migration: Migration, pattern: RegExp): void {
  assert.ok(messages(migration).some((message) => pattern.test(message)), `no note matches ${pattern}:\n${messages(migration).join('\n')}`);
}

function noNote(migration: Migration, pattern: RegExp): void {
  const found = messages(migration).filter((message) => pattern.test(message));
  assert.deepEqual(found, [], `unexpected notes matching ${pattern}`);
}

const COMMUNITY = ['@docusaurus/plugin-content-docs', { id: 'community', path: 'community', routeBasePath: 'community', sidebarPath: './sidebarsCommunity.js' }] as const;

describe('docs versions', () => {
  test('every version option is carried, and the written config validates', async () => {
    const migration = await migrate({
      presets: [
        [
          'classic',
          {
            docs: {
              sidebarPath: './sidebars.js',
              lastVersion: '2.0',
              includeCurrentVersion: true,
              disableVersioning: false,
              onlyIncludeVersions: ['current', '2.0', '1.0'],
              versions: {
                current: { label: 'Next 🚧', path: 'next', banner: 'unreleased', badge: false, noIndex: true },
                '2.0': { label: '2.0 (stable)' },
                '1.0': { banner: 'unmaintained', className: 'old-version' },
              },
            },
          },
        ],
      ],
    });
    const docs = validateConfig(migration.config, 'docsite.config.ts').docs;
    assert.equal(docs.lastVersion, '2.0');
    assert.equal(docs.includeCurrentVersion, true);
    assert.equal(docs.disableVersioning, false);
    assert.deepEqual(docs.onlyIncludeVersions, ['current', '2.0', '1.0']);
    assert.deepEqual(migration.config.docs?.versions, {
      current: { label: 'Next 🚧', path: 'next', banner: 'unreleased', badge: false, noIndex: true },
      '2.0': { label: '2.0 (stable)' },
      '1.0': { banner: 'unmaintained' },
    });
    hasNote(migration, /presets\.classic\.docs\.versions\.1\.0\.className is not carried over \(docsite styles a version's pages itself\)/);
    // Nothing else about versions: the old "docsite builds the current docs folder only" notes are gone.
    noNote(migration, /current docs folder only|versioned docs|lastVersion|onlyIncludeVersions|includeCurrentVersion/);
  });

  test('a config that computes its versions from versions.json is evaluated: the values arrive computed', async () => {
    const dir = site({
      ...FILES,
      'docusaurus.config.js': [
        "const versions = require('./versions.json');",
        'module.exports = {',
        "  title: 'Computed', url: 'https://example.com',",
        '  presets: [[\'classic\', { docs: {',
        '    lastVersion: versions[0],',
        "    onlyIncludeVersions: process.env.DOCSITE_MIGRATE_TEST_PREVIEW ? ['current'] : undefined,",
        "    versions: { [versions[1]]: { label: 'Legacy ' + versions[1] } },",
        '  } }]],',
        '};',
      ].join('\n'),
    });
    const file = findDocusaurusConfig(dir)!;
    const { config } = await loadDocusaurusConfig(file, dir);
    const migration = await migrateConfig(config, { siteDir: dir, configName: file.name });
    assert.equal(migration.config.docs?.lastVersion, '2.0');
    assert.equal('onlyIncludeVersions' in (migration.config.docs ?? {}), false, 'undefined leaves the key out');
    assert.deepEqual(migration.config.docs?.versions, { '1.0': { label: 'Legacy 1.0' } });
    const [written] = outputFiles(migration, { sourceName: file.name, sourceText: '', date: '2026-01-01' });
    assert.match(written!.text, /lastVersion: '2\.0'/);
  });

  test('options naming versions the docs do not have are left out with a note, since the build would stop on them', async () => {
    const migration = await migrate({
      presets: [['classic', { docs: { lastVersion: '9.9', onlyIncludeVersions: ['current', 'nope'], versions: { '3.0': { label: 'Three' }, current: { label: 'Dev' } } } }]],
    });
    validateConfig(migration.config, 'docsite.config.ts');
    const docs = migration.config.docs as Record<string, unknown>;
    assert.deepEqual([docs.lastVersion, docs.onlyIncludeVersions, docs.versions], [undefined, undefined, { current: { label: 'Dev' } }]);
    hasNote(migration, /presets\.classic\.docs\.lastVersion '9\.9' is not carried over \(versions\.json has no version '9\.9'\)/);
    hasNote(migration, /presets\.classic\.docs\.onlyIncludeVersions is not carried over \(versions\.json has no version 'nope'\)/);
    hasNote(migration, /presets\.classic\.docs\.versions\.3\.0 is not carried over \(versions\.json has no version '3\.0'\)/);

    const noCurrent = await migrate({ presets: [['classic', { docs: { includeCurrentVersion: false, lastVersion: 'current' } }]] });
    assert.equal((noCurrent.config.docs as Record<string, unknown>).includeCurrentVersion, false);
    hasNote(noCurrent, /lastVersion 'current' is not carried over \(includeCurrentVersion is false, so the docs folder is not built\)/);

    const unversioned = await migrate({ presets: [['classic', { docs: { includeCurrentVersion: false, versions: { '1.0': {} } } }]] }, { 'docs/intro.md': '# Intro\n' });
    validateConfig(unversioned.config, 'docsite.config.ts');
    hasNote(unversioned, /includeCurrentVersion false is not carried over \(without versions in versions\.json, the docs folder is all there is to build\)/);
    hasNote(unversioned, /versions\.1\.0 is not carried over \(the docs have no versions \(versions\.json\)\)/);
  });

  test("a version without its folder, and versioned sidebars docsite cannot read, are named: the site's files are not migrate's to change", async () => {
    const migration = await migrate(
      { presets: [['classic', { docs: {} }]] },
      {
        ...FILES,
        'versions.json': JSON.stringify(['3.0', '2.0', '1.0']),
        'versioned_sidebars/version-1.0-sidebars.json': JSON.stringify({ tutorial: ['intro', { type: 'html', value: '<hr>' }, 'old'] }),
      },
    );
    hasNote(migration, /versions\.json lists version '3\.0', whose docs folder versioned_docs\/version-3\.0\/ does not exist: docsite build stops on it, as Docusaurus does/);
    hasNote(migration, /versioned_sidebars\/version-1\.0-sidebars\.json holds sidebar items docsite cannot read as they are.*'html' item/);
  });

  test("a second docs plugin's versions are carried into its docsInstances entry, checked against its own versions file", async () => {
    const [id, options] = COMMUNITY;
    const migration = await migrate({
      presets: [['classic', { docs: { sidebarPath: './sidebars.js' } }]],
      plugins: [[id, { ...options, lastVersion: 'current', versions: { current: { label: 'Dev' }, '1.x': { label: '1.x LTS', banner: 'none' }, '2.0': {} } }]],
    });
    const [community] = validateConfig(migration.config, 'docsite.config.ts').docsInstances;
    assert.equal(community?.lastVersion, 'current');
    assert.deepEqual(migration.config.docsInstances?.[0]?.versions, { current: { label: 'Dev' }, '1.x': { label: '1.x LTS', banner: 'none' } });
    hasNote(migration, /plugins\['@docusaurus\/plugin-content-docs'\]\.versions\.2\.0 is not carried over \(community_versions\.json has no version '2\.0'\)/);
  });

  test('main docs with a plugin id of their own: their <id>_ version files are named, since docsite reads versions.json', async () => {
    const migration = await migrate({ presets: [['classic', { docs: { id: 'product' } }]] }, { 'docs/intro.md': '# Intro\n', 'product_versions.json': '["1.0"]', 'product_versioned_docs/version-1.0/intro.md': '# Intro\n' });
    hasNote(migration, /the main docs \(plugin id 'product'\) keep their versions in product_versions\.json.*docsite reads the main docs' versions from versions\.json/);
  });
});

describe('the navbar of versioned docs', () => {
  async function navbar(items: unknown[], docs: Record<string, unknown> = { sidebarPath: './sidebars.js' }) {
    const migration = await migrate({ presets: [['classic', { docs }]], plugins: [COMMUNITY], themeConfig: { navbar: { items }, footer: { links: [{ title: 'Docs', items: [{ label: 'Old', to: '/docs/1.0/old' }] }] } } });
    validateConfig(migration.config, 'docsite.config.ts');
    return { migration, items: migration.config.themeConfig?.navbar?.items ?? [] };
  }

  test('docsVersionDropdown is carried, docsPluginId as docsite names the docs; its extra links and options are noted', async () => {
    const { items, migration } = await navbar(
      [
        { type: 'docsVersionDropdown', position: 'right', dropdownItemsAfter: [{ to: '/versions', label: 'All versions' }], dropdownActiveClassDisabled: true, versions: ['2.0'] },
        { type: 'docsVersionDropdown', docsPluginId: 'community', dropdownItemsBefore: [] },
        { type: 'docsVersionDropdown', docsPluginId: 'product', label: 'Versions' },
        { type: 'docsVersionDropdown', docsPluginId: 'nowhere' },
      ],
      { id: 'product', sidebarPath: './sidebars.js' },
    );
    assert.deepEqual(items, [
      { type: 'docsVersionDropdown', position: 'right' },
      { type: 'docsVersionDropdown', docsPluginId: 'community' },
      { type: 'docsVersionDropdown' },
      { type: 'docsVersionDropdown' },
    ]);
    hasNote(migration, /themeConfig\.navbar\.items\[0\]\.dropdownItemsAfter is not carried over \(docsite's versions menu lists the docs' versions only: 1 link left out\)/);
    hasNote(migration, /themeConfig\.navbar\.items\[0\]\.dropdownActiveClassDisabled is not carried over/);
    hasNote(migration, /themeConfig\.navbar\.items\[0\]\.versions is not carried over/);
    hasNote(migration, /themeConfig\.navbar\.items\[2\]\.label is not carried over \(the menu shows the label of the version being read/);
    hasNote(migration, /themeConfig\.navbar\.items\[3\] names the docs plugin 'nowhere', which the config does not have: it shows the main docs' versions/);
    noNote(migration, /items\[1\]|docsVersionDropdown\) is not carried over/);
  });

  test("doc and sidebar items become docsite's own, which follow the version read; they resolve in the last version", async () => {
    const { items, migration } = await navbar([
      { type: 'doc', docId: 'legacy', label: 'Legacy', position: 'left' },
      { type: 'docSidebar', sidebarId: 'tutorial', label: 'Tutorial' },
      { type: 'doc', docId: 'welcome', docsPluginId: 'community' },
      { type: 'doc', docId: 'new', label: 'New' },
    ]);
    assert.deepEqual(items, [
      { type: 'doc', docId: 'legacy', label: 'Legacy', position: 'left' },
      { type: 'docSidebar', sidebarId: 'tutorial', label: 'Tutorial' },
      // Docusaurus labels a doc item without a label with the doc's id; so does docsite.
      { type: 'doc', docId: 'welcome', label: 'welcome', docsPluginId: 'community' },
      // Only the docs folder has it: docsite's doc item would find no doc in the last version and stop the build.
      { label: 'New', to: '/docs' },
    ]);
    hasNote(migration, /themeConfig\.navbar\.items\[3\] \(doc 'new'\) links to \/docs: docsite finds no doc with this id of the last version, '2\.0'/);
  });

  test("docsVersion links to the last version's first sidebar, labelled with its label, and says the label no longer follows the version read", async () => {
    const { items, migration } = await navbar([{ type: 'docsVersion', position: 'left' }, { type: 'docsVersion', docsPluginId: 'community', label: 'Community docs' }, { type: 'docsVersion', to: '/docs/1.0/intro' }]);
    assert.deepEqual(items, [
      { type: 'docSidebar', sidebarId: 'tutorial', label: '2.0', position: 'left' },
      { type: 'docSidebar', sidebarId: 'community', label: 'Community docs', docsPluginId: 'community' },
      { label: '2.0', to: '/docs/1.0/intro' },
    ]);
    hasNote(migration, /themeConfig\.navbar\.items\[0\] \(docsVersion\) shows the label of the last version, '2\.0', on every page: Docusaurus showed the label of the version being read/);
    assert.equal(messages(migration).filter((message) => message.includes('(docsVersion)')).length, 1, 'items with a label of their own need no note');
  });

  test('links to docs of a released version are kept: docsite builds it', async () => {
    const { items, migration } = await navbar([{ to: '/docs/1.0/old', label: 'Old' }]);
    assert.deepEqual(items, [{ label: 'Old', to: '/docs/1.0/old' }]);
    assert.deepEqual(migration.config.themeConfig?.footer?.links?.[0]?.items, [{ label: 'Old', to: '/docs/1.0/old' }]);
    noNote(migration, /version 1\.0 only|Old/);
  });
});

describe('locales', () => {
  const I18N_FILES = { 'docs/intro.md': '# Intro\n', 'i18n/fr/code.json': '{}\n', 'i18n/fr/docusaurus-plugin-content-docs/current/intro.md': '# Introduction\n', 'i18n/portugues/code.json': '{}\n' };

  test('every locale and its settings are carried; calendar and the other Docusaurus-only settings are noted', async () => {
    const migration = await migrate(
      {
        baseUrl: '/site/',
        i18n: {
          defaultLocale: 'en',
          locales: ['en', 'fr', 'ar', 'pt-BR', 'ro'],
          path: 'i18n',
          localeConfigs: {
            en: { label: 'English', htmlLang: 'en-US', direction: 'ltr', calendar: 'gregory', baseUrl: '/site/' },
            fr: { label: 'Français', htmlLang: 'fr-FR', baseUrl: '/site/fr/', translate: true },
            ar: { direction: 'rtl', calendar: 'islamic', url: 'https://ar.example.com', translate: false },
            'pt-BR': { path: 'portugues' },
            de: { label: 'Deutsch' },
          },
        },
      },
      I18N_FILES,
    );
    const i18n = validateConfig(migration.config, 'docsite.config.ts').i18n;
    assert.deepEqual(i18n.locales, ['en', 'fr', 'ar', 'pt-BR', 'ro']);
    assert.deepEqual(migration.config.i18n?.localeConfigs, {
      en: { label: 'English', direction: 'ltr', htmlLang: 'en-US' },
      fr: { label: 'Français', htmlLang: 'fr-FR' },
      ar: { direction: 'rtl' },
      'pt-BR': { path: 'portugues' },
      // Docusaurus names a locale without a label in its own language; docsite knows no name for ro, so the menu keeps Docusaurus's.
      ro: { label: 'Română' },
    });
    hasNote(migration, /i18n\.localeConfigs\.en\.calendar is not carried over \(docsite writes dates in the locale's own calendar\)/);
    hasNote(migration, /i18n\.localeConfigs\.ar\.url is not carried over/);
    hasNote(migration, /i18n\.localeConfigs\.ar\.translate false is not carried over/);
    hasNote(migration, /i18n\.localeConfigs\.pt-BR\.path 'portugues' names the folder of the translations, as in Docusaurus, and in docsite also the URL segment: the pages of 'pt-BR' move from \/pt-BR\/ to \/portugues\//);
    hasNote(migration, /i18n\.locales 'ar', 'ro': no translations in i18n\/ for these locales, so docsite builds their pages from the default locale's files, as Docusaurus does/);
    // The locales are built now: nothing says otherwise, and settings docsite shares are not noted.
    noNote(migration, /not built|default locale 'en' only|i18n\.path|\.baseUrl|fr\.translate|localeConfigs\.de/);
  });

  test("a base URL docsite would not give the locale, another translations folder and the docs' edit links are noted", async () => {
    const migration = await migrate(
      {
        i18n: { defaultLocale: 'en', locales: ['en', 'fr'], path: 'translations', localeConfigs: { fr: { baseUrl: '/french/' } } },
        presets: [['classic', { docs: { editUrl: 'https://github.com/o/r/edit/main/' } }]],
      },
      I18N_FILES,
    );
    hasNote(migration, /i18n\.path \('translations'\) is not carried over \(docsite reads translations from i18n\/: move them there\)/);
    hasNote(migration, /i18n\.localeConfigs\.fr\.baseUrl is not carried over \(docsite serves this locale at \/fr\/\)/);
    hasNote(migration, /presets\.classic\.docs\.editUrl: on translated pages, docsite's edit links lead to the translation's file, as Docusaurus's do with editLocalizedFiles: true/);

    const localized = await migrate({ i18n: { defaultLocale: 'en', locales: ['en', 'fr'] }, presets: [['classic', { docs: { editUrl: 'https://e.example/', editLocalizedFiles: true } }]] }, I18N_FILES);
    noNote(localized, /editUrl|editLocalizedFiles/);
  });
});
