import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildCommand } from '../../src/commands/build';
import { BUILD_VALUE_OPTIONS, siteDirOf } from '../../src/prestart';

// The launcher starts a cold build's code-block worker before the CLI loads (src/prestart.ts), reading the site folder
// from the command line itself: it must read it as commander does.

test('the site folder of a build command line, found as commander finds it', () => {
  assert.equal(siteDirOf([]), '.');
  assert.equal(siteDirOf(['site']), 'site');
  assert.equal(siteDirOf(['--no-cache', 'site', '--quiet']), 'site');
  assert.equal(siteDirOf(['--out-dir', 'out', 'site']), 'site');
  assert.equal(siteDirOf(['--out-dir=out', '--locale', 'fr', 'site']), 'site');
  assert.equal(siteDirOf(['--base-url', '/docs/']), '.');
  assert.equal(siteDirOf(['--', '-odd-name']), '-odd-name');
});

test('the options read as taking a value are those `docsite build` has', () => {
  const options = buildCommand({ siteDir: (dir) => dir }).options.filter((option) => option.required || option.optional).map((option) => option.long);
  assert.deepEqual([...BUILD_VALUE_OPTIONS].sort(), options.sort());
});
