import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { makeSite, removeSite, runCli } from '../helpers';

// `docsite migrate` then `docsite build` on Docusaurus sites whose API reference comes from an OpenAPI
// plugin: the API is built where the Docusaurus site had it, so the links to it resolve.

const sites: string[] = [];
after(() => sites.forEach(removeSite));

const SPEC = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  paths: { '/pets': { get: { operationId: 'listPets', summary: 'List pets', responses: { 200: { description: 'ok' } } } } },
});

function monorepo(files: Record<string, string>): string {
  const dir = makeSite(files, null);
  sites.push(dir);
  return join(dir, 'website');
}

describe('migrate and build a site with an OpenAPI plugin', () => {
  test('docusaurus-preset-openapi, spec outside the site folder, docs at /, a navbar link to /api', async () => {
    const siteDir = monorepo({
      'packages/open-api/spec.json': SPEC,
      'website/docs/intro.md': '# Intro\n\nSee [the API](/api).\n',
      'website/docusaurus.config.js': `module.exports = {
  title: 'Pets', url: 'https://example.com', baseUrl: '/', onBrokenLinks: 'throw',
  presets: [['docusaurus-preset-openapi', { docs: { routeBasePath: '/' }, blog: false, api: { path: '../packages/open-api/spec.json', routeBasePath: '/api' } }]],
  themeConfig: { navbar: { items: [{ to: '/api', label: 'API', position: 'right' }] } },
};
`,
    });
    const migrated = await runCli(['migrate', siteDir]);
    assert.equal(migrated.code, 0, migrated.stderr);
    const built = await runCli(['build', siteDir]);
    assert.equal(built.code, 0, built.stderr);
    assert.ok(existsSync(join(siteDir, 'build/api/index.html')), 'the API introduction is at /api');
    assert.match(readFileSync(join(siteDir, 'build/api/list-pets/index.html'), 'utf8'), /List pets/);
  });

  test('docusaurus-plugin-openapi-docs whose generated sidebar is not in the repository', async () => {
    const siteDir = monorepo({
      'pets.yaml': SPEC,
      'website/docs/intro.md': '# Intro\n',
      'website/sidebars.ts': "import apiSidebar from './docs/api/sidebar';\nexport default { docs: ['intro', { type: 'category', label: 'API', items: apiSidebar }] };\n",
      'website/docusaurus.config.ts': `export default {
  title: 'Pets', url: 'https://example.com', onBrokenLinks: 'throw',
  presets: [['classic', { docs: { sidebarPath: './sidebars.ts' }, blog: false }]],
  plugins: [['docusaurus-plugin-openapi-docs', { id: 'api', docsPluginId: 'classic', config: { pets: { specPath: '../pets.yaml', outputDir: 'docs/api' } } }]],
};
`,
    });
    const migrated = await runCli(['migrate', siteDir]);
    assert.equal(migrated.code, 0, migrated.stderr);
    assert.match(migrated.stderr, /sidebars\.ts: \.\/docs\/api\/sidebar \(not in the repository: the sidebar an OpenAPI plugin generates into docs\/api\) is replaced by a link to docsite's own API reference at \/docs\/api/);
    const built = await runCli(['build', siteDir]);
    assert.equal(built.code, 0, built.stderr);
    assert.ok(existsSync(join(siteDir, 'build/docs/api/list-pets/index.html')));
    assert.match(readFileSync(join(siteDir, 'build/docs/intro/index.html'), 'utf8'), /href="\/docs\/api"[^>]*>API</, 'the docs sidebar links to the API reference');
  });
});
