import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { CompileCache } from '../../src/markdown/compile-cache';
import { compileMarkdown, type MarkdownFile } from '../../src/markdown/compile-files';
import { markdownOptionsFrom, type CompileSetup } from '../../src/markdown/compile-setup';
import { createMarkdownCompiler } from '../../src/markdown/compile';
import { deserialize, serialize } from 'node:v8';
import { blockKeyOf, type HighlightedBlock } from '../../src/markdown/plugins/code-blocks/block-memo';

// The compile cache leaves the site's routes out of its key: a cached page is reused while every
// Markdown file it links to still resolves to the href it was compiled with.

const siteDir = mkdtempSync(join(tmpdir(), 'docsite-cache-'));
after(() => rmSync(siteDir, { recursive: true, force: true }));
const docs = join(siteDir, 'docs');

const file = (name: string, content: string): MarkdownFile => ({ key: join(docs, name), absolutePath: join(docs, name), source: `docs/${name}`, content, frontMatter: {} });
const linking = file('a.md', '# A\n\nRead [B](./b.md) first.\n');
const plain = file('c.md', '# C\n\nNo links here, only [a site](/docs/a).\n');

function setup(routes: Record<string, string>): CompileSetup {
  return { minHeadingLevel: 2, maxHeadingLevel: 3, siteDir, contentDirs: [docs], baseUrl: '/', trailingSlash: undefined, staticDirs: [], routeOfFile: Object.entries(routes).map(([name, route]) => [join(docs, name), route]) };
}

test('a page whose links resolve differently is compiled again; the others come from the cache', async () => {
  const cache = new CompileCache(siteDir);
  const before = await compileMarkdown([linking, plain], setup({ 'a.md': '/docs/a', 'c.md': '/docs/c' }), cache);
  assert.equal(before.fromCache, 0);
  assert.equal(before.compiled.get(linking.key)!.links[0]!.href, './b.md', 'no page b yet: left as written');

  // Page b is added: a's link now has a route, c is untouched.
  const added = await compileMarkdown([linking, plain], setup({ 'a.md': '/docs/a', 'b.md': '/docs/b', 'c.md': '/docs/c' }), cache);
  assert.equal(added.fromCache, 1);
  assert.equal(added.compiled.get(linking.key)!.links[0]!.href, '/docs/b');

  // b moves: a follows it.
  const moved = await compileMarkdown([linking, plain], setup({ 'a.md': '/docs/a', 'b.md': '/docs/guides/b', 'c.md': '/docs/c' }), cache);
  assert.equal(moved.fromCache, 1);
  assert.equal(moved.compiled.get(linking.key)!.links[0]!.href, '/docs/guides/b');

  // Nothing changed: both from the cache.
  const again = await compileMarkdown([linking, plain], setup({ 'a.md': '/docs/a', 'b.md': '/docs/guides/b', 'c.md': '/docs/c' }), cache);
  assert.equal(again.fromCache, 2);
});

test("an edited page's code blocks come from its last compile; new ones are highlighted and kept for the next", async () => {
  const cache = new CompileCache(siteDir);
  const path = join(docs, 'blocks.md');
  const keptKey = cache.codeBlocksKeyOf(path)!;
  // A block no compile of this thread has seen: what its HTML is can only come from the kept blocks.
  const code = `console.log(${JSON.stringify(`kept ${process.pid} ${Date.now()}`)});`;
  const blockKey = blockKeyOf({ lang: 'js', meta: null, value: code });
  cache.keepCodeBlocks(keptKey, serialize([{ key: blockKey, lang: 'javascript', html: '<pre class="shiki">KEPT BLOCK</pre>' }]));
  await cache.flush();
  const page = (text: string) => file('blocks.md', `# Blocks\n\n${text}\n\n\`\`\`js\n${code}\n\`\`\`\n\n\`\`\`bash\necho new\n\`\`\`\n`);

  // Another process's cache: what it knows is on disk only.
  const next = new CompileCache(siteDir);
  const first = (await compileMarkdown([page('First text.')], setup({ 'blocks.md': '/docs/blocks' }), next)).compiled.get(path)!;
  const output = first.html ?? first.code!;
  assert.match(output, /KEPT BLOCK/, 'the kept block is used as it was');
  assert.match(output, /language-javascript/, 'with the language it was highlighted in');
  assert.match(output, /echo/, 'the new block is highlighted');
  assert.equal('codeBlocks' in first, false, 'the blocks are not part of the compiled result');
  const kept = deserialize(new CompileCache(siteDir).codeBlocks(keptKey)!) as HighlightedBlock[];
  assert.deepEqual(kept.map((block) => block.key), [blockKey, blockKeyOf({ lang: 'bash', meta: null, value: 'echo new' })], 'both blocks are kept, in order, on disk');

  // Without the cache, nothing is kept.
  assert.equal(new CompileCache(siteDir, false).codeBlocksKeyOf(path), undefined);
});

test('a compile that knew all its blocks gives them back to be kept, as one that highlighted them does', async () => {
  const compile = createMarkdownCompiler(markdownOptionsFrom(setup({})));
  const input = { source: '# Known\n\n```bash\necho known\n```\n\n```json\n{ "known": true }\n```\n', absolutePath: join(docs, 'known.md'), file: 'docs/known.md' };
  for (const htmlOnly of [true, false]) {
    const first = await compile({ ...input, htmlOnly });
    assert.equal(first.codeBlocks?.length, 2);
    const again = await compile({ ...input, htmlOnly, knownCodeBlocks: first.codeBlocks! });
    assert.deepEqual(again.codeBlocks, first.codeBlocks, htmlOnly ? 'HTML only' : 'module');
  }
});

test('the blocks of files compiled on a worker are kept by the main thread', async () => {
  const cache = new CompileCache(siteDir);
  const path = join(docs, 'worker-blocks.md');
  const value = `echo ${process.pid}-${Date.now()}`;
  const compiledPage = file('worker-blocks.md', `# Worker\n\n\`\`\`bash\n${value}\n\`\`\`\n`);
  // In the background, compiles go to a worker even for one file.
  const result = await compileMarkdown([compiledPage], setup({ 'worker-blocks.md': '/docs/worker-blocks' }), cache, { background: true });
  assert.ok(result.compiled.get(path), 'compiled');
  const fresh = new CompileCache(siteDir);
  const kept = deserialize(fresh.codeBlocks(fresh.codeBlocksKeyOf(path)!)!) as HighlightedBlock[];
  assert.deepEqual(kept.map((block) => block.key), [blockKeyOf({ lang: 'bash', meta: null, value })]);
  assert.match(kept[0]!.html, /shiki/);
});

test('a build writes its compiles in a pack or two, not a file each', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsite-packs-'));
  try {
    const files = Array.from({ length: 40 }, (_, i) => ({ ...file(`p${i}.md`, `# Page ${i}\n\nText ${i}.\n\n\`\`\`bash\necho ${i}\n\`\`\`\n`), key: join(dir, 'docs', `p${i}.md`), absolutePath: join(dir, 'docs', `p${i}.md`) }));
    const pageSetup: CompileSetup = { ...setup({}), siteDir: dir, contentDirs: [join(dir, 'docs')], routeOfFile: files.map((page, i) => [page.absolutePath, `/docs/p${i}`]) };
    const cold = await compileMarkdown(files, pageSetup, new CompileCache(dir));
    assert.equal(cold.fromCache, 0);
    const written = readdirSync(join(dir, '.docsite', 'cache', 'compiles'));
    assert.equal(written.length, 1, `one pack for 40 compiles and their blocks: ${written.join(', ')}`);
    const warm = await compileMarkdown(files, pageSetup, new CompileCache(dir));
    assert.equal(warm.fromCache, 40, 'every compile read back from the pack');
    assert.equal(warm.compiled.get(files[7]!.key)!.html, cold.compiled.get(files[7]!.key)!.html);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A cache folder of its own for `run`, removed after. */
async function inOwnDir(run: (dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'docsite-deferred-'));
  try {
    await run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a cache that defers its writes keeps compiles in memory until writeDeferred, and gives copies of them', () =>
  inOwnDir(async (dir) => {
    const routes = setup({ 'c.md': '/docs/c' });
    const cache = new CompileCache(dir, true, { deferWrites: true });
    const first = (await compileMarkdown([plain], routes, cache)).compiled.get(plain.key)!;
    assert.equal(cache.holdsNothing(), false);
    // Compiled again from the cache: a copy, so that what a caller changes is not what the cache writes.
    const again = await compileMarkdown([plain], routes, cache);
    assert.equal(again.fromCache, 1);
    assert.deepEqual(again.compiled.get(plain.key), first);
    assert.notEqual(again.compiled.get(plain.key), first);
    // compileMarkdown flushed the cache, but the compile is not on disk yet.
    assert.equal(new CompileCache(dir).holdsNothing(), true);
    await cache.writeDeferred();
    const read = await compileMarkdown([plain], routes, new CompileCache(dir));
    assert.equal(read.fromCache, 1);
    assert.deepEqual(read.compiled.get(plain.key), first);
  }));

test('pruning a deferring cache writes what it kept first', () =>
  inOwnDir(async (dir) => {
    const routes = setup({ 'c.md': '/docs/c' });
    const cache = new CompileCache(dir, true, { deferWrites: true });
    await compileMarkdown([plain], routes, cache);
    await cache.prune();
    assert.equal((await compileMarkdown([plain], routes, new CompileCache(dir))).fromCache, 1);
  }));
