import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { migrateConfig, type Migration } from '../../src/migrate/map-config';
import { outputFiles } from '../../src/migrate/write-config';
import { makeSite, removeSite } from '../helpers';

// A Docusaurus site with a second docs plugin instance: migrate carries it into docsInstances with the
// options the main docs get, its sidebars file, and navbar items that name it by docsPluginId.

const sites: string[] = [];
after(() => sites.forEach(removeSite));

const FILES: Record<string, string> = {
  'docs/intro.md': '# Intro\n\nText.\n',
  'docs/guide.md': '# Guide\n\nText.\n',
  'community/welcome.md': '# Welcome\n\nText.\n',
  'community/team/members.md': '# Members\n\nText.\n',
  'sidebars.js': "module.exports = { tutorial: ['intro', 'guide'] };\n",
  'sidebarsCommunity.js': "module.exports = { communitySidebar: [{ type: 'category', label: 'Team', items: ['team/members'] }, 'welcome'] };\n",
};

async function migrate(config: Record<string, unknown>, files: Record<string, string> = FILES): Promise<Migration> {
  const dir = makeSite(files, null);
  sites.push(dir);
  return migrateConfig({ title: 'Site', url: 'https://example.com', ...config }, { siteDir: dir, configName: 'docusaurus.config.js' });
}

const COMMUNITY = ['@docusaurus/plugin-content-docs', { id: 'community', path: 'community', routeBasePath: 'community', sidebarPath: './sidebarsCommunity.js', editUrl: 'https://edit.example/', sidebarCollapsible: false }];

function messages(migration: Migration): string[] {
  return migration.warnings.map((warning) => warning.message);
}

describe('migrating a second docs plugin instance', () => {
  test('its options are mapped as the main docs are, into docsInstances', async () => {
    const migration = await migrate({ presets: [['classic', { docs: { sidebarPath: './sidebars.js' } }]], plugins: [COMMUNITY] });
    assert.deepEqual(migration.config.docsInstances, [
      { id: 'community', path: 'community', routeBasePath: 'community', sidebarPath: 'sidebarsCommunity.js', editUrl: 'https://edit.example/', showLastUpdateTime: false, showLastUpdateAuthor: false },
    ]);
    assert.equal((migration.config.docs as Record<string, unknown>).sidebarPath, 'sidebars.js');
    // An option docsite has no key for is a note naming the instance's plugin, as it is for the main docs.
    assert.ok(messages(migration).some((message) => /plugins\['@docusaurus\/plugin-content-docs'\]\.sidebarCollapsible is not carried over/.test(message)), messages(migration).join('\n'));
    assert.ok(!messages(migration).some((message) => /docs folder per site/.test(message)));
  });

  test('navbar items with docsPluginId resolve against their instance; the main docs may have an id of their own', async () => {
    const migration = await migrate({
      presets: [['classic', { docs: { id: 'product', sidebarPath: './sidebars.js' } }]],
      plugins: [COMMUNITY],
      themeConfig: {
        navbar: {
          items: [
            { type: 'doc', docId: 'intro', docsPluginId: 'product', label: 'Tutorial' },
            { type: 'docSidebar', sidebarId: 'communitySidebar', docsPluginId: 'community', label: 'Community' },
            { type: 'doc', docId: 'welcome', docsPluginId: 'community' },
            { type: 'doc', docId: 'welcome', docsPluginId: 'nowhere' },
            { type: 'docsVersion', docsPluginId: 'community' },
          ],
        },
      },
    });
    const items = migration.config.themeConfig?.navbar?.items ?? [];
    assert.deepEqual(items[0], { label: 'Tutorial', to: '/docs/intro', activeBasePath: '/docs' });
    assert.deepEqual(items[1], { label: 'Community', to: '/community/team/members', activeBasePath: '/community' });
    assert.equal(items[2]?.to, '/community/welcome');
    assert.equal(items[3]?.to, '/docs');
    assert.equal(items[4]?.to, '/community');
    assert.ok(messages(migration).some((message) => /names the docs plugin 'nowhere', which the config does not have/.test(message)), messages(migration).join('\n'));
  });

  test("an instance's sidebars file that needs converting gets a converted copy of its own", async () => {
    const files = { ...FILES, 'sidebarsCommunity.js': "module.exports = { communitySidebar: [{ Team: ['team/members'] }, 'welcome'] };\n" };
    const migration = await migrate({ presets: [['classic', { docs: {} }]], plugins: [COMMUNITY] }, files);
    const instance = (migration.config.docsInstances ?? [])[0] as Record<string, unknown>;
    assert.equal(instance.sidebarPath, 'sidebars.community.docsite.ts');
    const names = outputFiles(migration, { sourceName: 'docusaurus.config.js', sourceText: '', date: '2026-01-01' }).map((file) => file.name);
    assert.deepEqual(names, ['docsite.config.ts', 'sidebars.community.docsite.ts']);
  });

  test("with the classic preset's docs off, the first docs plugin is the main docs; a plugin without path reads docs/ as Docusaurus does", async () => {
    const migration = await migrate({
      presets: [['classic', { docs: false }]],
      plugins: [COMMUNITY, ['@docusaurus/plugin-content-docs', { id: 'product', sidebarPath: './sidebars.js' }]],
      themeConfig: { navbar: { items: [{ type: 'docSidebar', sidebarId: 'communitySidebar', docsPluginId: 'community' }, { type: 'doc', docId: 'guide', docsPluginId: 'product' }] } },
    });
    const docs = migration.config.docs as Record<string, unknown>;
    assert.equal(docs.path, 'community');
    assert.equal(docs.routeBasePath, 'community');
    const [product] = (migration.config.docsInstances ?? []) as Record<string, unknown>[];
    assert.deepEqual([product?.id, product?.path, product?.routeBasePath, product?.sidebarPath], ['product', 'docs', 'docs', 'sidebars.js']);
    const items = migration.config.themeConfig?.navbar?.items ?? [];
    assert.equal(items[0]?.to, '/community/team/members');
    assert.equal(items[1]?.to, '/docs/guide');
  });

  test('a docs plugin on the routes of the main docs is a note, not an instance', async () => {
    const migration = await migrate({ presets: [['classic', { docs: {} }]], plugins: [['@docusaurus/plugin-content-docs', { id: 'again', path: 'community' }]] });
    assert.equal(migration.config.docsInstances, undefined);
    assert.ok(messages(migration).some((message) => /\(id 'again'\) is not carried over \(its routes \(\/docs\) are those of the main docs/.test(message)), messages(migration).join('\n'));
  });

  test('two docs plugins with one id: the second is a note, not an instance', async () => {
    const migration = await migrate({ presets: [['classic', { docs: {} }]], plugins: [COMMUNITY, ['@docusaurus/plugin-content-docs', { id: 'community', path: 'docs' }]] });
    assert.equal(migration.config.docsInstances?.length, 1);
    assert.ok(messages(migration).some((message) => /\(id 'community'\) is not carried over \(another docs plugin has this id/.test(message)), messages(migration).join('\n'));
  });
});
