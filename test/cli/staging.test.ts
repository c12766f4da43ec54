import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { processIsAlive } from '../../src/core/stale-files';
import { largeSidebarFiles, ROOT, runCli, scratchSites, waitFor } from '../helpers';

// Issue 22: a build killed outright (SIGKILL) leaves its staged output beside the output folder and its server
// bundle in .docsite/; the next build removes those of processes that no longer run, and never those of a
// build still running.

const site = scratchSites();

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  assert.ok(child.pid);
  return child.pid;
}

const leftovers = (dir: string) => readdirSync(dir).filter((entry) => /^\.build\.(tmp|old)-/.test(entry));
const serverBundles = (dir: string) => (existsSync(join(dir, '.docsite')) ? readdirSync(join(dir, '.docsite')).filter((entry) => entry.startsWith('ssr-')) : []);

test('processIsAlive: this process runs, an exited one does not', async () => {
  assert.equal(processIsAlive(process.pid), true);
  assert.equal(processIsAlive(await deadPid()), false);
  assert.equal(processIsAlive(0), true, 'not a pid: never judged stale');
});

test('a build removes the staging of dead processes and keeps that of a live one', async () => {
  const dir = site();
  const dead = await deadPid();
  const live = process.pid;
  const folders = [`.build.tmp-${dead}-1700000000000`, `.build.old-${dead}-1700000000001`, `.build.tmp-${live}-1700000000002`, `.build.old-${live}-1700000000003`, `.docsite/ssr-${dead}-1700000000004`, `.docsite/ssr-${live}-1700000000005`];
  for (const folder of folders) {
    mkdirSync(join(dir, folder, 'assets'), { recursive: true });
    writeFileSync(join(dir, folder, 'assets', 'file.js'), 'left over');
  }
  // Not of a build at all: names that only look alike are never touched.
  mkdirSync(join(dir, '.build.tmp-notes'));
  mkdirSync(join(dir, '.docsite', 'ssr-notes'), { recursive: true });

  const result = await runCli(['build', dir]);
  assert.equal(result.code, 0, result.stderr);
  assert.deepEqual(leftovers(dir).sort(), [`.build.old-${live}-1700000000003`, `.build.tmp-${live}-1700000000002`, '.build.tmp-notes']);
  assert.deepEqual(serverBundles(dir).sort(), [`ssr-${live}-1700000000005`, 'ssr-notes']);
  assert.equal(readFileSync(join(dir, `.build.tmp-${live}-1700000000002`, 'assets', 'file.js'), 'utf8'), 'left over', 'a live build\'s staging is untouched');
  assert.ok(existsSync(join(dir, 'build', 'index.html')));
});

test('the config copy a killed process left beside docsite.config.ts is removed by the next load; a live one is kept', async () => {
  const dir = site();
  const dead = await deadPid();
  writeFileSync(join(dir, `.docsite-config-${dead}-1700000000000.mjs`), 'export default {};');
  writeFileSync(join(dir, `.docsite-config-${process.pid}-1700000000001.mjs`), 'export default {};');
  const result = await runCli(['check-links', dir]);
  assert.equal(result.code, 0, result.stderr);
  assert.deepEqual(readdirSync(dir).filter((entry) => entry.startsWith('.docsite-config-')), [`.docsite-config-${process.pid}-1700000000001.mjs`]);
});

test('a build killed between the two renames of its swap: the next build puts the previous output back', async () => {
  const dir = site({ 'docs/guides/first.md': '# First\n\nSee [nothing](/docs/nothing-here).\n' });
  const dead = await deadPid();
  // What a build killed after moving the output aside and before moving its own in leaves: no build/, an .old-.
  mkdirSync(join(dir, `.build.old-${dead}-1700000000000`), { recursive: true });
  writeFileSync(join(dir, `.build.old-${dead}-1700000000000`, 'marker.txt'), 'previous build');
  mkdirSync(join(dir, `.build.tmp-${dead}-1700000000000`), { recursive: true });

  const result = await runCli(['build', dir]);
  assert.equal(result.code, 1, 'the broken link fails this build');
  assert.equal(readFileSync(join(dir, 'build', 'marker.txt'), 'utf8'), 'previous build', 'the previous output is back where it was');
  assert.deepEqual(leftovers(dir), []);
});

test('a build killed mid-way leaves the old output intact, and the next build leaves nothing behind', async () => {
  // Enough pages that the render stage takes a while: the kill lands after the staged folder appears.
  const dir = site(largeSidebarFiles(['alpha', 'beta'], 120));
  const first = await runCli(['build', dir]);
  assert.equal(first.code, 0, first.stderr);
  writeFileSync(join(dir, 'build', 'marker.txt'), 'previous build');
  const page = readFileSync(join(dir, 'build/docs/intro/index.html'), 'utf8');

  const child = spawn(process.execPath, [join(ROOT, 'bin', 'docsite.js'), 'build', dir, '--no-cache'], { env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' }, stdio: 'ignore' });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  let done = false;
  void exited.then(() => (done = true));
  // Both work folders exist once the server bundle is written: kill then, while pages render.
  await waitFor(() => done || (leftovers(dir).length > 0 && serverBundles(dir).length > 0) || undefined, () => `no staging in ${readdirSync(dir).join(', ')}`, 60_000);
  child.kill('SIGKILL');
  assert.equal(await exited, 'SIGKILL', 'the build was killed, not finished');
  assert.equal(leftovers(dir).length, 1, 'the killed build left its staged output');
  assert.equal(serverBundles(dir).length, 1, 'and its server bundle');
  assert.equal(readFileSync(join(dir, 'build', 'marker.txt'), 'utf8'), 'previous build', 'the old output is intact');
  assert.equal(readFileSync(join(dir, 'build/docs/intro/index.html'), 'utf8'), page);

  const next = await runCli(['build', dir]);
  assert.equal(next.code, 0, next.stderr);
  assert.deepEqual(leftovers(dir), [], 'no staging beside the output');
  assert.deepEqual(serverBundles(dir), [], 'no server bundle in .docsite/');
  assert.ok(!existsSync(join(dir, 'build', 'marker.txt')), 'the new output replaced the old');
  assert.ok(existsSync(join(dir, 'build/docs/alpha/page-120/index.html')));
});
