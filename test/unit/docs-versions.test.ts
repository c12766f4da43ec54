import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { validateConfig } from '../../src/config/load';
import { checkVersionName, readVersionNames, versionFilesOf, versionsOf } from '../../src/content/docs-versions';

// A docs plugin's versions with every default filled, as Docusaurus fills them.

const options = (docs: Record<string, unknown> = {}) => validateConfig({ title: 'x', url: 'https://x.example', docs }, 'docsite.config.ts').docs;
const where = { configFile: 'docsite.config.ts', key: 'docs' };
const files = versionFilesOf('default');
const summary = (docs: Record<string, unknown>, released = ['2.0', '1.0']) =>
  versionsOf(options(docs), released, files, tmpdir(), where).map((version) => [version.name, version.label, version.routeBasePath, version.banner, version.isLast]);

test('the current docs at /docs/next, the newest release at /docs, older ones under their name, banners by age', () => {
  assert.deepEqual(summary({}), [
    ['current', 'Next', 'docs/next', 'unreleased', false],
    ['2.0', '2.0', 'docs', 'none', true],
    ['1.0', '1.0', 'docs/1.0', 'unmaintained', false],
  ]);
});

test('lastVersion moves the docs root; versions.<name> sets label, path and banner', () => {
  assert.deepEqual(summary({ lastVersion: 'current', versions: { current: { label: 'Main' }, '1.0': { path: 'legacy', banner: 'none' } } }), [
    ['current', 'Main', 'docs', 'none', true],
    ['2.0', '2.0', 'docs/2.0', 'unmaintained', false],
    ['1.0', '1.0', 'docs/legacy', 'none', false],
  ]);
});

test('a site without versions.json has one version, current, at the docs root and with its badge', () => {
  const [only, ...rest] = versionsOf(options(), [], files, tmpdir(), where);
  assert.deepEqual(rest, []);
  assert.equal(only!.routeBasePath, 'docs');
  assert.equal(only!.banner, 'none');
  assert.equal(only!.badge, true);
});

test('onlyIncludeVersions and includeCurrentVersion leave versions out; a lastVersion left out is an error', () => {
  assert.deepEqual(summary({ onlyIncludeVersions: ['current'] }).map(([name, , base]) => [name, base]), [['current', 'docs']]);
  assert.deepEqual(summary({ includeCurrentVersion: false }).map(([name]) => name), ['2.0', '1.0']);
  assert.throws(() => summary({ onlyIncludeVersions: ['1.0'], lastVersion: '2.0' }), /docs\.lastVersion "2\.0" is left out by onlyIncludeVersions/);
  assert.throws(() => summary({ onlyIncludeVersions: ['3.0'] }), /docs\.onlyIncludeVersions names "3\.0", which is neither "current" nor in versions\.json/);
  assert.throws(() => summary({ versions: { '9.9': { label: 'x' } } }), /docs\.versions names "9\.9"/);
});

test('versions.json is a list of distinct names that can be folders and URL segments', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsite-versions-'));
  try {
    assert.deepEqual(await readVersionNames(dir, 'default'), []);
    writeFileSync(join(dir, 'versions.json'), '["2.0", "1.0"]');
    assert.deepEqual(await readVersionNames(dir, 'default'), ['2.0', '1.0']);
    writeFileSync(join(dir, 'community_versions.json'), '{ "2.0": true }');
    await assert.rejects(readVersionNames(dir, 'community'), /community_versions\.json must be a list of version names/);
    writeFileSync(join(dir, 'versions.json'), '["2.0", "2.0"]');
    await assert.rejects(readVersionNames(dir, 'default'), /lists "2\.0" twice/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.match(checkVersionName('current') ?? '', /names the docs folder itself/);
  assert.match(checkVersionName('a/b') ?? '', /cannot be a folder name and a URL segment/);
  assert.equal(checkVersionName('2.0.1-beta'), undefined);
  assert.deepEqual([versionFilesOf('community').docsDir('1.0'), versionFilesOf('community').sidebarsFile('1.0')], ['community_versioned_docs/version-1.0', 'community_versioned_sidebars/version-1.0-sidebars.json']);
});
