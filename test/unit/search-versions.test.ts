import assert from 'node:assert/strict';
import { test } from 'node:test';
import lunr from 'lunr';
import { buildSearchIndex } from '../../src/search/search-index';
import { createEngine, memoryShardedSource } from './helpers/search-engine';
import { search } from '../../src/client/search/engine';
import { ENGLISH } from '../../src/client/search/languages';
import { packedSource } from '../../src/client/search/single-file-source';
import { unpackSearchIndex } from '../../src/client/search/unpack';
import { ALL_VERSIONS, showsVersion } from '../../src/shared/search';
import { facetPluginOf, readerVersions, versionFilterOf, visibleHits } from '../../src/shared/search-versions';
import type { RouteDefinition, RouteSearch } from '../../src/routes/route';
import type { DocsVersionsData, SiteData } from '../../src/shared/types';

// Search on a site with versioned docs: the index files carry each document's version, and search shows the
// version the reader reads (the current page's, else the one picked in the version menu, else the last) with
// every page outside versioned docs; the facet picks another version or all of them.

const docsVersions: DocsVersionsData = {
  lastVersion: '2.0',
  versions: [
    { name: 'current', label: 'Next', base: '/docs/next', home: '/docs/next/intro' },
    { name: '2.0', label: '2.0', base: '/docs', home: '/docs/intro' },
    { name: '1.0', label: '1.0', base: '/docs/1.0', home: '/docs/1.0/intro' },
  ],
};
const communityVersions: DocsVersionsData = {
  lastVersion: 'v2',
  versions: [
    { name: 'v2', label: 'v2', base: '/community', home: '/community/intro' },
    { name: 'v1', label: 'v1', base: '/community/v1', home: '/community/v1/intro' },
  ],
};
const site: Pick<SiteData, 'docsVersions'> = { docsVersions: { default: docsVersions, community: communityVersions } };
const noPreference = () => null;

test('the reader reads the current page’s version, else the one they picked, else the last', async () => {
  assert.deepEqual(readerVersions(site, '/docs/1.0/install', noPreference), { default: '1.0', community: 'v2' });
  assert.deepEqual(readerVersions(site, '/docs/next/install', noPreference), { default: 'current', community: 'v2' });
  assert.deepEqual(readerVersions(site, '/docs/install', noPreference), { default: '2.0', community: 'v2' });
  assert.deepEqual(readerVersions(site, '/blog/release', noPreference), { default: '2.0', community: 'v2' });
  const preferred = (pluginId: string) => (pluginId === 'default' ? '1.0' : 'v9');
  // A stored preference counts outside the plugin's pages; one the site no longer has does not.
  assert.deepEqual(readerVersions(site, '/blog/release', preferred), { default: '1.0', community: 'v2' });
  assert.deepEqual(readerVersions(site, '/docs/next/install', preferred), { default: 'current', community: 'v2' });
  assert.deepEqual(readerVersions(site, '/community/v1/x', preferred), { default: '1.0', community: 'v1' });
  assert.deepEqual(readerVersions({}, '/docs/install', preferred), {});
});

test('hits of other versions are hidden, pages outside versioned docs always shown; the facet changes the version', async () => {
  const hits = [
    { title: 'Install 2.0', version: { pluginId: 'default', name: '2.0' } },
    { title: 'Blog post' },
    { title: 'Install 1.0', version: { pluginId: 'default', name: '1.0' } },
    { title: 'Install next', version: { pluginId: 'default', name: 'current' } },
    { title: 'Community v2', version: { pluginId: 'community', name: 'v2' } },
    { title: 'Community v1', version: { pluginId: 'community', name: 'v1' } },
    { title: 'Other docs', version: { pluginId: 'unversioned', name: 'current' } },
  ];
  const shown = (path: string, choice?: string, preferred: (pluginId: string) => string | null = noPreference) => {
    const reader = readerVersions(site, path, preferred);
    return visibleHits(hits, versionFilterOf(site, reader, facetPluginOf(site, path), choice)).map((hit) => hit.title);
  };
  assert.deepEqual(shown('/docs/1.0/install'), ['Blog post', 'Install 1.0', 'Community v2', 'Other docs']);
  assert.deepEqual(shown('/blog'), ['Install 2.0', 'Blog post', 'Community v2', 'Other docs']);
  assert.deepEqual(shown('/blog', undefined, () => 'current'), ['Blog post', 'Install next', 'Community v2', 'Other docs']);
  assert.deepEqual(shown('/docs/1.0/install', 'current'), ['Blog post', 'Install next', 'Community v2', 'Other docs']);
  assert.deepEqual(shown('/community/v1/x', 'v2'), ['Install 2.0', 'Blog post', 'Community v2', 'Other docs']);
  assert.deepEqual(shown('/docs/1.0/install', ALL_VERSIONS), hits.map((hit) => hit.title));
  // A name the plugin does not have (an old link's) leaves the reader's version.
  assert.deepEqual(shown('/docs/1.0/install', '0.9'), shown('/docs/1.0/install'));
  assert.equal(showsVersion('all', { pluginId: 'default', name: '1.0' }), true);
  assert.equal(showsVersion({ default: '2.0' }, undefined), true);
});

test('the facet offers the current page’s plugin, else the requested one, else the first', async () => {
  assert.equal(facetPluginOf(site, '/community/v1/x'), 'community');
  assert.equal(facetPluginOf(site, '/blog', 'community'), 'community');
  assert.equal(facetPluginOf(site, '/blog', 'nope'), 'default');
  assert.equal(facetPluginOf(site, '/blog'), 'default');
  assert.equal(facetPluginOf({}, '/blog'), undefined);
});

const route = (path: string, title: string, text: string, search: Omit<RouteSearch, 'sections'>): RouteDefinition =>
  ({ path, chunkName: path, outputFile: `${path}/index.html`, data: { kind: 'standalone', title } as unknown as RouteDefinition['data'], search: { ...search, sections: [{ heading: '', id: '', text }] } }) as RouteDefinition;

/** Three versions of one doc, one doc of the oldest only, and a blog post outside versioned docs. */
const versionedRoutes = () => [
  route('/docs/next/install', 'Install', 'Install the server with docker.', { kind: 'doc', version: { pluginId: 'default', name: 'current' } }),
  route('/docs/install', 'Install', 'Install the server with docker.', { kind: 'doc', version: { pluginId: 'default', name: '2.0' } }),
  route('/docs/1.0/install', 'Install', 'Install the server with docker.', { kind: 'doc', version: { pluginId: 'default', name: '1.0' } }),
  route('/docs/1.0/upgrade', 'Upgrade', 'Upgrade the server.', { kind: 'doc', version: { pluginId: 'default', name: '1.0' } }),
  route('/blog/docker', 'Docker news', 'The server runs in docker.', { kind: 'blog' }),
];

test('the index files carry a table of versions and each document’s place in it; the engine filters before its limit', async () => {
  const routes = versionedRoutes();
  const { docs, index } = buildSearchIndex(routes, new Map(), (path) => path);
  assert.deepEqual(index.versions, [
    { pluginId: 'default', name: 'current' },
    { pluginId: 'default', name: '2.0' },
    { pluginId: 'default', name: '1.0' },
  ]);
  assert.deepEqual(docs.map((doc) => doc.v), [0, 1, 2, 2, undefined]);
  assert.equal('v' in docs[4]!, false, 'a page outside versioned docs has no version key');

  const packed = JSON.parse(JSON.stringify(index)) as typeof index;
  const engine = createEngine(docs, lunr.Index.load(unpackSearchIndex(packed, lunr.version)), { versions: packed.versions! });
  const urls = (result: { pages: { url: string }[] }) => result.pages.map((page) => page.url).sort();
  assert.deepEqual(urls((await engine.search('docker', 40, { default: '1.0' }))), ['/blog/docker', '/docs/1.0/install']);
  assert.deepEqual(urls((await engine.search('server', 40, { default: '1.0' }))), ['/blog/docker', '/docs/1.0/install', '/docs/1.0/upgrade']);
  assert.deepEqual(urls((await engine.search('docker', 40, 'all'))), ['/blog/docker', '/docs/1.0/install', '/docs/install', '/docs/next/install']);
  const result = (await engine.search('docker', 1, { default: '1.0' }));
  assert.equal(result.pages.length, 1);
  assert.ok(['/blog/docker', '/docs/1.0/install'].includes(result.pages[0]!.url), 'other versions do not take the one place');
  assert.deepEqual(result.versionPages, { default: { current: 1, '2.0': 1, '1.0': 1 } });
  assert.deepEqual((await engine.search('upgrade', 40, { default: '1.0' })).pages[0]!.version, { pluginId: 'default', name: '1.0' });
});

test('an unversioned site’s index files have no versions, and its engine counts none', async () => {
  const routes = [route('/docs/install', 'Install', 'Install the server.', { kind: 'doc' })];
  const { docs, index } = buildSearchIndex(routes, new Map(), (path) => path);
  assert.equal('versions' in index, false);
  assert.equal('v' in docs[0]!, false);
  const engine = createEngine(docs, lunr.Index.load(unpackSearchIndex(index, lunr.version)));
  const result = (await engine.search('install'));
  assert.equal(result.versionPages, undefined);
  assert.equal(result.pages[0]!.version, undefined);
});

test('a sharded index filters and counts versions as the single one does', async () => {
  const routes = versionedRoutes();
  const whole = buildSearchIndex(routes, new Map(), (path) => path);
  const single = packedSource(whole.docs, whole.index, ENGLISH);
  const { source } = memoryShardedSource(whole);
  for (const query of ['docker', 'server', 'install', 'upgrade', 'dock', 'i', 'serv docker']) {
    for (const filter of [{ default: '1.0' }, { default: 'current' }, 'all'] as const) {
      for (const limit of [1, 40]) {
        assert.deepEqual(await search(source, query, { limit, filter }), await search(single, query, { limit, filter }), `${query} ${JSON.stringify(filter)} ${limit}`);
      }
    }
  }
});
