import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { validateConfig } from '../../src/config/load';
import { findDocusaurusConfig, loadDocusaurusConfig } from '../../src/migrate/load-docusaurus-config';
import { migrateConfig } from '../../src/migrate/map-config';
import { makeSite, removeSite } from '../helpers';

// A Docusaurus site's remark/rehype plugins: maths becomes markdown.math, installed packages and local
// files are carried as module specifiers, inline and uninstalled plugins get a note each.

const sites: string[] = [];
after(() => sites.forEach(removeSite));

const CONFIG = `
const math = require('remark-math');
const katex = require('rehype-katex');
const shout = require('remark-shout');
module.exports = {
  title: 'Site',
  url: 'https://example.com',
  stylesheets: [{ href: 'https://cdn.example/katex@0.16/dist/katex.min.css', type: 'text/css' }],
  presets: [
    [
      'classic',
      {
        docs: {
          remarkPlugins: [math, [shout, { level: 2 }], require('./src/remark/local-plugin'), () => (tree) => tree, require('remark-missing')],
          rehypePlugins: [[katex, { strict: false }]],
        },
        blog: { beforeDefaultRemarkPlugins: [shout] },
      },
    ],
  ],
};
`;

test('remark-math and rehype-katex become markdown.math; packages and files are carried as specifiers', async () => {
  const dir = makeSite(
    {
      'docusaurus.config.js': CONFIG,
      'docs/intro.md': '# Intro\n',
      'blog/2024-01-01-hello.md': '# Hello\n',
      'node_modules/remark-shout/package.json': '{ "name": "remark-shout", "version": "1.0.0", "main": "index.js" }\n',
      'node_modules/remark-shout/index.js': 'module.exports = function remarkShout() { return () => {}; };\n',
      'src/remark/local-plugin.js': 'module.exports = function localPlugin() { return () => {}; };\n',
    },
    null,
  );
  sites.push(dir);
  const file = findDocusaurusConfig(dir)!;
  const loaded = await loadDocusaurusConfig(file, dir);
  const migration = await migrateConfig(loaded.config as Record<string, unknown>, { siteDir: dir, configName: 'docusaurus.config.js' });
  const config = migration.config as unknown as Record<string, Record<string, unknown>>;
  assert.deepEqual(config.markdown, { math: true });
  assert.deepEqual(config.docs!.remarkPlugins, [['remark-shout', { level: 2 }], './src/remark/local-plugin.js']);
  assert.equal(config.docs!.rehypePlugins, undefined);
  assert.deepEqual(config.blog!.beforeDefaultRemarkPlugins, ['remark-shout']);
  const messages = migration.warnings.map((warning) => warning.message);
  const has = (pattern: RegExp) => assert.ok(messages.some((message) => pattern.test(message)), `no warning matches ${pattern}:\n${messages.join('\n')}`);
  has(/presets\.classic\.docs\.remarkPlugins\[3\] is not carried over \(a plugin defined in the config itself/);
  has(/presets\.classic\.docs\.remarkPlugins\[4\] \('remark-missing'\) is not carried over \(the module is not installed/);
  has(/presets\.classic\.docs\.rehypePlugins\[0\] options is not carried over/);
  has(/stylesheets\[0\] \(KaTeX's stylesheet\) is carried over but unnecessary/);
  validateConfig(migration.config, 'docsite.config.ts');
});

test('two docs plugin entries with plugin lists of the same length: neither is read from the other one\'s text', async () => {
  const dir = makeSite(
    {
      'docusaurus.config.js': `
const a = require('./plugins/a');
const b = require('./plugins/b');
module.exports = {
  title: 'Site',
  url: 'https://example.com',
  plugins: [
    ['@docusaurus/plugin-content-docs', { id: 'one', path: 'one', routeBasePath: 'one', remarkPlugins: [a] }],
    ['@docusaurus/plugin-content-docs', { id: 'two', path: 'two', routeBasePath: 'two', remarkPlugins: [b] }],
  ],
};
`,
      'one/intro.md': '# One\n',
      'two/intro.md': '# Two\n',
      'plugins/a.js': 'module.exports = function a() { return () => {}; };\n',
      'plugins/b.js': 'module.exports = function b() { return () => {}; };\n',
    },
    null,
  );
  sites.push(dir);
  const loaded = await loadDocusaurusConfig(findDocusaurusConfig(dir)!, dir);
  const migration = await migrateConfig(loaded.config as Record<string, unknown>, { siteDir: dir, configName: 'docusaurus.config.js' });
  const config = migration.config as unknown as { docs?: { remarkPlugins?: unknown }; docsInstances?: Array<{ remarkPlugins?: unknown }> };
  const lists = [config.docs?.remarkPlugins, ...(config.docsInstances ?? []).map((instance) => instance.remarkPlugins)];
  // Both lists are `remarkPlugins:` under `plugins:`: neither is taken for the other's (before, both became a).
  assert.ok(!lists.some((list) => JSON.stringify(list) === JSON.stringify(['./plugins/a.js'])) || lists.filter(Boolean).length < 2, JSON.stringify(lists));
  const messages = migration.warnings.map((warning) => warning.message);
  assert.ok(messages.some((message) => /remarkPlugins\[0\] is not carried over \(migrate cannot tell from the config which module it comes from/.test(message)), messages.join('\n'));
});
