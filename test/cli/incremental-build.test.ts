import assert from 'node:assert/strict';
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { largeSidebarFiles, makeSite, removeSite, runCli, scratchSites } from '../helpers';

// Issue 30: a build keeps a record of what it made, and the next build of the same output takes from the previous
// output what is still current (src/pipeline/build-record.ts). Whatever it takes, the output must be the output a full
// build makes: these tests compare the two file by file, byte for byte but for the search files' time stamp.

const site = scratchSites();
/** Sections of a sidebar large enough to be cut per page (the cuts' module names must not depend on build order). */
const files = () => largeSidebarFiles(['alpha', 'beta'], 30);

/** Every file of an output folder, with the build's time in the search files' names masked. */
function snapshot(dir: string): Map<string, string> {
  const stamp = (text: string) => text.replace(/(search-doc|lunr-index)-\d+/g, '$1-#');
  const out = new Map<string, string>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!statSync(join(dir, file)).isFile()) continue;
    out.set(stamp(file), stamp(readFileSync(join(dir, file), 'latin1')));
  }
  return out;
}

/** The files two outputs differ in: missing from one, or with other contents. */
function differences(a: Map<string, string>, b: Map<string, string>): string[] {
  const names = new Set([...a.keys(), ...b.keys()]);
  return [...names].filter((name) => a.get(name) !== b.get(name)).sort();
}

async function build(dir: string, ...args: string[]): Promise<string> {
  const result = await runCli(['build', dir, ...args]);
  assert.equal(result.code, 0, result.stderr);
  return result.stdout;
}

test('a second build takes everything from the first, and two full builds are byte-identical', async () => {
  const dir = site(files());
  const first = await build(dir);
  assert.match(first, /reused: no bundles \(bundled again\), 0 of (\d+) pages/);
  const before = snapshot(join(dir, 'build'));
  const second = await build(dir);
  const [, taken, total] = /reused: the bundles, (\d+) of (\d+) pages \(0 rendered\)/.exec(second) ?? [];
  assert.ok(taken && taken === total, second);
  assert.deepEqual(differences(before, snapshot(join(dir, 'build'))), []);
  // A full build into another folder (no record of it): the same files, sidebar cuts and their chunks included.
  await build(dir, '--out-dir', join(dir, 'elsewhere'));
  assert.deepEqual(differences(before, snapshot(join(dir, 'elsewhere'))), []);
});

test("an edit to a page's text renders that page only, and the output is a full build's", async () => {
  const dir = site(files());
  await build(dir);
  const inode = (page: string) => statSync(join(dir, 'build', 'docs', 'alpha', page, 'index.html')).ino;
  const [untouched, touched] = [inode('page-5'), inode('page-3')];
  appendFileSync(join(dir, 'docs', 'alpha', 'page-3.md'), '\nA sentence about quokkas, added later.\n');
  const edited = await build(dir);
  assert.match(edited, /reused: the bundles, (\d+) of \d+ pages \(1 rendered\)/);
  // The other pages' files are the previous output's, linked, not written again: nothing in them names a file that
  // changed with the edit (the route manifest keeps its name, and names the search files).
  assert.equal(inode('page-5'), untouched);
  assert.notEqual(inode('page-3'), touched);
  assert.match(readFileSync(join(dir, 'build', 'docs', 'alpha', 'page-3', 'index.html'), 'utf8'), /A sentence about quokkas, added later\./);

  await build(dir, '--out-dir', join(dir, 'full'));
  // The edited page has no chunk: its content file (named by its data and text) is new, and the manifest and its
  // HTML name it, as a full build does: the two outputs are the same, byte for byte.
  assert.deepEqual(differences(snapshot(join(dir, 'build')), snapshot(join(dir, 'full'))), []);
  const contentDir = join(dir, 'build', 'assets', 'content');
  const contents = readdirSync(contentDir).filter((file) => (JSON.parse(readFileSync(join(contentDir, file), 'utf8')) as { data: { permalink?: string } }).data.permalink === '/docs/alpha/page-3');
  assert.equal(contents.length, 1, 'the old content file is not left in the output');
  assert.match(readFileSync(join(contentDir, contents[0]!), 'utf8'), /quokkas/);
  // The search index counts the new words (the whole site's documents are in one file at this size).
  const searchDocs = readdirSync(join(dir, 'build')).find((file) => file.startsWith('search-doc-'))!;
  assert.match(readFileSync(join(dir, 'build', searchDocs), 'utf8'), /quokkas/);
});

test('a new title bundles again and renders every page whose sidebar shows it', async () => {
  const dir = site(files());
  await build(dir);
  const page = join(dir, 'docs', 'beta', 'page-2.md');
  writeFileSync(page, readFileSync(page, 'utf8').replace('# Beta page number 2', '# Beta renamed'));
  const renamed = await build(dir);
  const [, taken] = /reused: no bundles \(bundled again\), (\d+) of \d+ pages/.exec(renamed) ?? [];
  assert.ok(taken !== undefined, renamed);
  // The beta pages' sidebars list the title: none of them can be taken from the previous build.
  assert.match(readFileSync(join(dir, 'build', 'docs', 'beta', 'page-7', 'index.html'), 'utf8'), /Beta renamed/);
  await build(dir, '--out-dir', join(dir, 'full'));
  assert.deepEqual(differences(snapshot(join(dir, 'build')), snapshot(join(dir, 'full'))), []);
});

test('what an edit build no longer makes leaves the output: a removed page and its folder, a removed static file', async () => {
  const dir = site({ ...files(), 'static/files/guide.txt': 'A guide.\n' });
  await build(dir);
  assert.ok(statSync(join(dir, 'build', 'files', 'guide.txt')).isFile());
  rmSync(join(dir, 'docs', 'beta', 'page-30.md'));
  rmSync(join(dir, 'static', 'files'), { recursive: true });
  const edited = await build(dir);
  assert.match(edited, /reused: /);
  assert.equal(existsSync(join(dir, 'build', 'docs', 'beta', 'page-30')), false, 'the page and its folder are gone');
  assert.equal(existsSync(join(dir, 'build', 'files')), false, 'the static file and its folder are gone');
  await build(dir, '--out-dir', join(dir, 'full'));
  assert.deepEqual(differences(snapshot(join(dir, 'build')), snapshot(join(dir, 'full'))), []);
  // Nothing of the build is left beside the output.
  assert.deepEqual(readdirSync(dir).filter((name) => name.startsWith('.build.')), []);
});

test("a sharded search index: the shards an edit leaves as they were stay in the output, the others are replaced", async () => {
  const dir = site(files());
  const config = join(dir, 'docsite.config.ts');
  writeFileSync(config, readFileSync(config, 'utf8').replace("title: 'Fixture',", "title: 'Fixture',\n  search: { shards: 'always' },"));
  await build(dir);
  const shardsDir = join(dir, 'build', 'assets', 'search');
  const before = new Map(readdirSync(shardsDir).map((name) => [name, statSync(join(shardsDir, name)).ino]));
  appendFileSync(join(dir, 'docs', 'alpha', 'page-3.md'), '\nA sentence about wombats, added later.\n');
  await build(dir);
  const after = readdirSync(shardsDir);
  const kept = after.filter((name) => before.get(name) === statSync(join(shardsDir, name)).ino);
  assert.ok(kept.length > 0 && kept.length < after.length, `some shards kept (${kept.length} of ${after.length})`);
  await build(dir, '--out-dir', join(dir, 'full'));
  assert.deepEqual(differences(snapshot(join(dir, 'build')), snapshot(join(dir, 'full'))), []);
});

test('an output changed since is not trusted: a missing page is rendered, a missing bundle file bundles again', async () => {
  const dir = site(files());
  await build(dir);
  rmSync(join(dir, 'build', 'docs', 'alpha', 'page-5', 'index.html'));
  const page = await build(dir);
  assert.match(page, /reused: the bundles, \d+ of \d+ pages \(1 rendered\)/);
  assert.match(readFileSync(join(dir, 'build', 'docs', 'alpha', 'page-5', 'index.html'), 'utf8'), /Alpha page number 5/);

  const chunk = readdirSync(join(dir, 'build', 'assets', 'routes'))[0]!;
  rmSync(join(dir, 'build', 'assets', 'routes', chunk));
  const bundle = await build(dir);
  assert.match(bundle, /reused: no bundles \(bundled again\)/);
  assert.ok(readdirSync(join(dir, 'build', 'assets', 'routes')).includes(chunk));
});

test('a failed build leaves the output as it was, and the build after it still takes what it can', async () => {
  const dir = site(files());
  await build(dir);
  const before = snapshot(join(dir, 'build'));
  const page = join(dir, 'docs', 'alpha', 'page-9.md');
  const text = readFileSync(page, 'utf8');
  writeFileSync(page, `${text}\nA [broken link](/docs/nowhere).\n`);
  const failed = await runCli(['build', dir]);
  assert.equal(failed.code, 1);
  assert.match(failed.stderr, /docs\/alpha\/page-9\.md:\d+:\d+/);
  assert.deepEqual(differences(before, snapshot(join(dir, 'build'))), []);
  writeFileSync(page, `${text}\nA [working link](/docs/alpha/page-1).\n`);
  assert.match(await build(dir), /reused: the bundles, \d+ of \d+ pages \(1 rendered\)/);
});

test('a first build that fails keeps what it compiled for the next', async () => {
  const dir = site({ ...files(), 'docs/alpha/zz-broken.mdx': '# Broken\n\n<div>\n\nNever closed.\n' });
  const failed = await runCli(['build', dir]);
  assert.equal(failed.code, 1);
  assert.match(failed.stderr, /zz-broken\.mdx/);
  // A build keeps its compiles in memory and writes them while it bundles, or when it fails (markdown/compile-cache.ts).
  const packs = join(dir, '.docsite', 'cache', 'compiles');
  assert.ok(existsSync(packs) && readdirSync(packs).some((name) => name.endsWith('.pack') && statSync(join(packs, name)).size > 0), 'compiles kept');
});

test("an API reference's pages are taken with their .md twins, and an edit to a doc leaves them as a full build makes them", async (t) => {
  const dir = makeSite({}, 'api');
  t.after(() => removeSite(dir));
  await build(dir);
  const second = await build(dir);
  const [, taken, total] = /reused: the bundles, (\d+) of (\d+) pages \(0 rendered\)/.exec(second) ?? [];
  assert.ok(taken && taken === total, second);
  appendFileSync(join(dir, 'docs', 'intro.md'), '\nOne more line about the kennel.\n');
  assert.match(await build(dir), /reused: the bundles, \d+ of \d+ pages \(1 rendered\)/);
  await build(dir, '--out-dir', join(dir, 'full'));
  // The intro's chunk holds the doc page's code too: its minified names must come out as a full build's.
  const incremental = snapshot(join(dir, 'build'));
  assert.deepEqual(differences(incremental, snapshot(join(dir, 'full'))), []);
  assert.ok([...incremental.keys()].some((file) => /^docs\/api\/.+\.md$/.test(file)), 'the API pages have their twins');
});

test('llms-full.txt, written a few docs at a time, holds every doc in sidebar order; kept while no doc changes', async () => {
  // 150 docs: more than two of the writer's batches (emit/llms-writer.ts).
  const dir = site(largeSidebarFiles(['alpha', 'beta'], 75));
  await build(dir);
  const fullFile = join(dir, 'build', 'llms-full.txt');
  const full = readFileSync(fullFile, 'utf8');
  const titles = [...full.matchAll(/^# (Alpha|Beta) page number (\d+)$/gm)].map((match) => `${match[1]} ${match[2]}`);
  const expected = ['Alpha', 'Beta'].flatMap((label) => Array.from({ length: 75 }, (_, i) => `${label} ${i + 1}`));
  assert.deepEqual(titles, expected, 'every doc once, in sidebar order');
  const docs = full.match(/^<!-- https:\/\/fixture\.example\/docs\/.+ -->$/gm)?.length ?? 0;
  assert.ok(docs > 150, "the fixture's own docs, and the 150");
  assert.equal(full.split('\n\n---\n\n').length, docs, 'one separator between each two docs');
  assert.match(full, /^# Fixture\n\n<!-- https:\/\/fixture\.example\//);
  assert.ok(full.endsWith('\n') && !full.endsWith('\n\n'));
  const inode = statSync(fullFile).ino;

  await build(dir);
  assert.equal(statSync(fullFile).ino, inode, 'no doc changed: the previous file is kept');
  appendFileSync(join(dir, 'docs', 'beta', 'page-70.md'), '\nA sentence about wombats.\n');
  await build(dir);
  assert.match(readFileSync(fullFile, 'utf8'), /^Text of beta page 70\.\n\nA sentence about wombats\.$/m);
  assert.deepEqual(readdirSync(join(dir, 'build')).filter((name) => name.includes('partial')), [], 'no piece of a file left');
  await build(dir, '--out-dir', join(dir, 'full'));
  assert.equal(readFileSync(fullFile, 'utf8'), readFileSync(join(dir, 'full', 'llms-full.txt'), 'utf8'));
});
