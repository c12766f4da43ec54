import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateConfig } from '../../src/config/load';
import { createSiteData } from '../../src/config/site-data';
import { docsInstancesOf } from '../../src/content/docs-instances';
import { DocsiteError } from '../../src/core/errors';

// docsInstances and the navbar items that name docs: what the config accepts, and the errors it gives.

const base = { title: 'T', url: 'https://t.example' };

function rejects(config: Record<string, unknown>, pattern: RegExp): void {
  assert.throws(() => validateConfig({ ...base, ...config }, 'docsite.config.ts'), (error: unknown) => error instanceof DocsiteError && pattern.test(error.message));
}

test("an instance's folder and route base default to its id; every docs option applies to it", () => {
  const config = validateConfig({ ...base, docsInstances: [{ id: 'community', editUrl: 'https://e.example', showLastUpdateTime: false }] }, 'docsite.config.ts');
  const [main, community] = docsInstancesOf(config);
  assert.equal(main!.id, 'default');
  assert.equal(main!.options, config.docs);
  assert.equal(community!.options.path, 'community');
  assert.equal(community!.options.routeBasePath, 'community');
  assert.equal(community!.options.editUrl, 'https://e.example');
  assert.equal(community!.options.showLastUpdateTime, false);
  assert.deepEqual(community!.options.include, ['**/*.md', '**/*.mdx']);
});

test('instance ids are unique, and "default" is the main docs', () => {
  rejects({ docsInstances: [{ id: 'a' }, { id: 'a', routeBasePath: 'b' }] }, /two docs instances have the id "a"/);
  rejects({ docsInstances: [{ id: 'default' }] }, /"default" is the id of the main docs/);
  rejects({ docsInstances: [{ id: 'a', unknownKey: 1 }] }, /unknownKey/);
});

test('two docs under one route base path are an error naming both', () => {
  rejects({ docsInstances: [{ id: 'community', routeBasePath: '/docs/' }] }, /docsInstances "community" and `docs` share the route base path \/docs/);
  rejects({ docsInstances: [{ id: 'a', routeBasePath: 'x' }, { id: 'b', routeBasePath: 'x' }] }, /docsInstances "b" and docsInstances "a" share the route base path \/x/);
});

test('doc and docSidebar navbar items name what they link to, and nothing else does', () => {
  const navbar = (item: Record<string, unknown>) => ({ themeConfig: { navbar: { items: [item] } } });
  rejects(navbar({ type: 'doc' }), /a doc item needs "docId"/);
  rejects(navbar({ type: 'docSidebar', sidebarId: 's', to: '/x' }), /not supported on a docSidebar item: it links to its sidebar's first page; remove "to"/);
  rejects(navbar({ label: 'A', to: '/a', docsPluginId: 'community' }), /only 'doc', 'docSidebar' and 'docsVersionDropdown' items name docs/);
  rejects(navbar({ label: 'A', to: '/a', docId: 'intro' }), /only a 'doc' item names a doc/);
});

test('without the loaded docs, a doc item leads to the route base of the docs it names; an unknown docsPluginId is an error', () => {
  const config = validateConfig({ ...base, docsInstances: [{ id: 'community', routeBasePath: 'people' }], themeConfig: { navbar: { items: [{ type: 'docSidebar', sidebarId: 's', docsPluginId: 'community' }] } } }, 'docsite.config.ts');
  assert.equal(createSiteData(config).navbar.items[0]!.href, '/people');
  const unknown = validateConfig({ ...base, themeConfig: { navbar: { items: [{ type: 'doc', docId: 'intro', docsPluginId: 'nope' }] } } }, 'docsite.config.ts');
  assert.throws(() => createSiteData(unknown), /themeConfig\.navbar\.items\[0\] names the docs "nope" \(docsPluginId\), but docsInstances has no instance of that id/);
});
