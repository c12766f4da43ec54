import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { migrateConfig, type Migration } from '../../src/migrate/map-config';
import { makeSite, removeSite } from '../helpers';

// Docusaurus sites with an API reference: docusaurus-preset-openapi, docusaurus-plugin-openapi,
// docusaurus-plugin-openapi-docs and redocusaurus carried into docsite's `api`, and sidebars files that
// import what those plugins generate (or any file that is not there).

const sites: string[] = [];
after(() => sites.forEach(removeSite));

const SPEC = JSON.stringify({ openapi: '3.0.3', info: { title: 'Pets', version: '1' }, paths: { '/pets': { get: { operationId: 'listPets', responses: { 200: { description: 'ok' } } } } } });

/** A monorepo: the Docusaurus site in website/, the OpenAPI documents beside it in packages/. */
function monorepo(files: Record<string, string>): string {
  const dir = makeSite(files, null);
  sites.push(dir);
  return join(dir, 'website');
}

async function migrate(siteDir: string, config: Record<string, unknown>): Promise<Migration> {
  return migrateConfig({ title: 'Site', url: 'https://example.com', ...config }, { siteDir, configName: 'docusaurus.config.js' });
}

function messages(migration: Migration): string {
  return migration.warnings.map((warning) => `${warning.file}: ${warning.message}`).join('\n');
}

describe('docusaurus-preset-openapi', () => {
  test('its api option is docsite api (a spec outside the site folder included); its docs, blog and theme options are the classic preset\'s', async () => {
    const siteDir = monorepo({ 'website/docs/intro.md': '# Intro\n', 'packages/api/spec.json': SPEC });
    const migration = await migrate(siteDir, {
      presets: [
        [
          'docusaurus-preset-openapi',
          { docs: { routeBasePath: '/', editUrl: 'https://example.com/edit/' }, blog: false, api: { path: '../packages/api/spec.json', routeBasePath: '/api' }, theme: { customCss: './src/css/custom.css' }, proxy: { '/x': 'http://localhost' } },
        ],
      ],
    });
    assert.deepEqual(migration.config.api, { spec: '../packages/api/spec.json', routeBasePath: 'api' });
    assert.equal(migration.config.docs?.routeBasePath, '/');
    assert.equal(migration.config.docs?.editUrl, 'https://example.com/edit/');
    const notes = messages(migration);
    assert.doesNotMatch(notes, /presets\['docusaurus-preset-openapi'\] is not carried over/);
    assert.match(notes, /presets\['docusaurus-preset-openapi'\]\.theme\.customCss \('src\/css\/custom\.css'\) is not carried over \(no such file\)/);
    assert.match(notes, /presets\['docusaurus-preset-openapi'\]\.proxy is not carried over/);
  });

  test('without an api option: Docusaurus\'s defaults, openapi.json at /api', async () => {
    const siteDir = monorepo({ 'website/openapi.json': SPEC });
    const migration = await migrate(siteDir, { presets: [['docusaurus-preset-openapi', {}]] });
    assert.deepEqual(migration.config.api, { spec: 'openapi.json', routeBasePath: 'api' });
  });

  test('an absolute spec path is written relative to the site folder', async () => {
    const siteDir = monorepo({ 'packages/spec.json': SPEC });
    const migration = await migrate(siteDir, { plugins: [['docusaurus-plugin-openapi', { path: join(siteDir, '..', 'packages', 'spec.json'), routeBasePath: 'reference' }]] });
    assert.deepEqual(migration.config.api, { spec: '../packages/spec.json', routeBasePath: 'reference' });
  });
});

describe('several documents, URLs and missing files', () => {
  test('the first readable document is carried; a URL, a missing file and the others are warnings naming them', async () => {
    const siteDir = monorepo({ 'website/a.yaml': SPEC, 'website/b.yaml': SPEC });
    const migration = await migrate(siteDir, {
      plugins: [
        ['docusaurus-plugin-openapi', { id: 'remote', path: 'https://example.com/openapi.json' }],
        ['docusaurus-plugin-openapi', { id: 'gone', path: 'missing.yaml' }],
        ['docusaurus-plugin-openapi', { id: 'a', path: 'a.yaml', routeBasePath: 'a' }],
        ['docusaurus-plugin-openapi', { id: 'b', path: 'b.yaml', routeBasePath: 'b' }],
      ],
    });
    assert.deepEqual(migration.config.api, { spec: 'a.yaml', routeBasePath: 'a' });
    const notes = messages(migration);
    assert.match(notes, /\(https:\/\/example\.com\/openapi\.json\) is not carried over \(docsite builds the API reference from a file of the site, not a URL/);
    assert.match(notes, /\(missing\.yaml\) is not carried over \(no such file\)/);
    assert.match(notes, /\(b\.yaml\) is not carried over \(docsite builds one API reference per site: the first one, plugins\['docusaurus-plugin-openapi'\] \(a\.yaml\), is carried over\)/);
  });

  test('redocusaurus: the spec and its route', async () => {
    const siteDir = monorepo({ 'website/openapi/index.yaml': SPEC });
    const migration = await migrate(siteDir, { presets: [['redocusaurus', { specs: [{ spec: 'openapi/index.yaml', route: '/api/' }], theme: { primaryColor: '#123456' } }]] });
    assert.deepEqual(migration.config.api, { spec: 'openapi/index.yaml', routeBasePath: 'api' });
    assert.match(messages(migration), /presets\['redocusaurus'\]\.theme is not carried over \(docsite's API reference has its own theme\)/);
  });
});

describe('docusaurus-plugin-openapi-docs', () => {
  const classic = (docs: Record<string, unknown>) => ['classic', { docs: { sidebarPath: './sidebars.js', ...docs }, blog: false }];
  const openapiDocs = (outputDir: string) => ['docusaurus-plugin-openapi-docs', { id: 'api', docsPluginId: 'classic', config: { pets: { specPath: '../packages/pets.yaml', outputDir } } }];

  test('committed generated pages: the route comes from where outputDir sits in the docs; the folder is left out of the docs; its sidebar is the API link', async () => {
    const siteDir = monorepo({
      'packages/pets.yaml': SPEC,
      'website/docs/intro.md': '# Intro\n',
      'website/docs/guides/one.md': '# One\n',
      'website/docs/reference/overview.md': '# Overview\n',
      'website/docs/reference/api/list-pets.api.mdx': '---\nid: list-pets\n---\n\n# List pets\n',
      'website/docs/reference/api/sidebar.js': "module.exports = [{ type: 'doc', id: 'reference/api/list-pets' }];\n",
      'website/sidebars.js': "module.exports = { docs: [{ type: 'autogenerated', dirName: '.' }, { type: 'category', label: 'Pets API', items: require('./docs/reference/api/sidebar.js') }] };\n",
    });
    const migration = await migrate(siteDir, { presets: [classic({ routeBasePath: '/' })], plugins: [openapiDocs('docs/reference/api')] });
    assert.deepEqual(migration.config.api, { spec: '../packages/pets.yaml', routeBasePath: 'reference/api' });
    assert.deepEqual(migration.config.docs?.include, ['*.{md,mdx}', 'guides/**/*.{md,mdx}', 'reference/*.{md,mdx}']);
    assert.deepEqual(migration.sidebars?.converted, { docs: [{ type: 'autogenerated', dirName: '.' }, { type: 'link', label: 'Pets API', href: '/reference/api' }] });
    const notes = messages(migration);
    assert.match(notes, /the MDX pages docusaurus-plugin-openapi-docs generates into docs\/reference\/api are not built: docsite builds its own API reference from \.\.\/packages\/pets\.yaml at \/reference\/api/);
    assert.match(notes, /sidebars\.js: \.\/docs\/reference\/api\/sidebar\.js \(the sidebar an OpenAPI plugin generates into docs\/reference\/api\) is replaced by a link to docsite's own API reference at \/reference\/api/);
  });

  test('generated pages not in the repository: importing their sidebar (ESM default import) does not stop migrate', async () => {
    const siteDir = monorepo({
      'packages/pets.yaml': SPEC,
      'website/docs/intro.md': '# Intro\n',
      'website/sidebars.ts': "import apiSidebar from './docs/api/sidebar';\nexport default { docs: ['intro', { API: apiSidebar }] };\n",
    });
    const migration = await migrate(siteDir, { presets: [['classic', { docs: { sidebarPath: './sidebars.ts' } }]], plugins: [openapiDocs('docs/api')] });
    assert.deepEqual(migration.config.api, { spec: '../packages/pets.yaml', routeBasePath: 'docs/api' });
    assert.equal(migration.config.docs?.include, undefined, 'nothing to leave out');
    assert.deepEqual(migration.sidebars?.converted, { docs: ['intro', { type: 'link', label: 'API', href: '/docs/api' }] });
    assert.match(messages(migration), /sidebars\.ts: \.\/docs\/api\/sidebar \(not in the repository: the sidebar an OpenAPI plugin generates into docs\/api\) is replaced by a link/);
  });
});

describe('sidebars importing missing modules', () => {
  test('a missing module inside the docs folder is its folder\'s autogenerated sidebar; one outside is left out; one warning each', async () => {
    const siteDir = monorepo({
      'website/docs/intro.md': '# Intro\n',
      'website/docs/cli/run.md': '# Run\n',
      'website/sidebars.js': [
        "const cli = require('./docs/cli/sidebar.json');",
        "const extra = require('../generated/extra.js');",
        "module.exports = { docs: ['intro', { type: 'category', label: 'CLI', items: cli }, ...extra.default] };",
      ].join('\n'),
    });
    const migration = await migrate(siteDir, { presets: [['classic', { docs: { sidebarPath: './sidebars.js' } }]] });
    assert.deepEqual(migration.sidebars?.converted, { docs: ['intro', { type: 'category', label: 'CLI', items: [{ type: 'autogenerated', dirName: 'cli' }] }] });
    const notes = migration.warnings.filter((warning) => warning.file === 'sidebars.js').map((warning) => warning.message);
    assert.deepEqual(notes, [
      './docs/cli/sidebar.json (no such file) is replaced by the autogenerated sidebar of docs/cli',
      '../generated/extra.js (no such file) is left out: docsite has nothing to stand for it',
    ]);
  });
});
