import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { migrateConfig } from '../../src/migrate/map-config';
import { makeSite, removeSite } from '../helpers';

// A versioned Docusaurus site serves its last released version at /docs; docsite builds the current folder.
// A navbar or footer link to a doc only a released version has would fail the build as a broken link.

const dirs: string[] = [];
after(() => dirs.forEach(removeSite));

const FILES = {
  'docs/intro.md': '# Intro\n\nCurrent.\n',
  'versions.json': JSON.stringify(['2.0', '1.0']),
  'versioned_docs/version-2.0/intro.md': '# Intro\n\nReleased.\n',
  'versioned_docs/version-2.0/legacy.md': '# Legacy\n\nOnly in 2.0.\n',
  'versioned_docs/version-1.0/old.md': '# Old\n\nOnly in 1.0.\n',
};

test('navbar and footer links to docs of a released version only are left out, naming the version', async () => {
  const siteDir = makeSite(FILES, null);
  dirs.push(siteDir);
  const migration = await migrateConfig(
    {
      title: 'Site',
      url: 'https://example.com',
      themeConfig: {
        navbar: { items: [{ to: '/docs/intro', label: 'Intro' }, { to: 'docs/legacy/', label: 'Legacy' }] },
        footer: { links: [{ title: 'Docs', items: [{ label: 'Intro', to: 'docs/intro' }, { label: 'Old', to: '/docs/1.0/old' }, { label: 'Elsewhere', to: '/blog' }] }] },
      },
    },
    { siteDir, configName: 'docusaurus.config.js' },
  );
  const theme = migration.config.themeConfig as { navbar: { items: { label: string }[] }; footer: { links: { items: { label: string }[] }[] } };
  assert.deepEqual(theme.navbar.items.map((item) => item.label), ['Intro']);
  assert.deepEqual(theme.footer.links[0]!.items.map((item) => item.label), ['Intro', 'Elsewhere']);
  const notes = migration.warnings.map((warning) => warning.message);
  assert.ok(notes.includes('themeConfig.navbar.items[1] is not carried over (it links to docs/legacy/, a doc of version 2.0 only: docsite builds the current docs folder, which has no such doc)'), notes.join('\n'));
  assert.ok(notes.some((note) => /footer\.links\[0\]\.items\[1\] is not carried over \(it links to \/docs\/1\.0\/old, a doc of version 1\.0 only/.test(note)), notes.join('\n'));
});
