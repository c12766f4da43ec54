import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { StaticContent } from '../../src/bundle/virtual-modules';
import { readCompiledHtmlFromFiles, writeContentFiles } from '../../src/emit/content-files';
import type { CompiledMarkdown } from '../../src/markdown/compile';
import { hasHtml } from '../../src/markdown/static-content';
import type { ContentFile, PageData } from '../../src/shared/types';

// Static content's files are written before the bundles, and the compiled HTML is read back from them from then on
// (issue 30: the build's largest text, no longer held while esbuild bundles and the pages render). A file holds the
// page's data and its HTML (client navigation makes the page of them).

const dirs: string[] = [];
after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsite-content-files-'));
  dirs.push(dir);
  return dir;
};

const data = { kind: 'notFound', title: 'A page "quoted"', permalink: '/x' } as unknown as PageData;

function contentOf(file: string, title: string, html: string): StaticContent & { compiled: CompiledMarkdown } {
  const compiled: CompiledMarkdown = { toc: [], headingIds: [], links: [], sections: [], staticContent: true, html };
  return { file, title, compiled, data, get html() { return title + compiled.html!; } };
}

for (const blocking of [false, true]) {
  test(`the compiled HTML is read back from its content file, after the title the file has before it (${blocking ? 'written at once, as for a big site' : 'written on the thread pool'})`, async () => {
    const out = scratch();
    const titled = contentOf('assets/content/a.json', '<h1>Caf\u00e9 \u2014 r\u00e9sum\u00e9</h1>', '<p>First \u{1F600} page</p>');
    const plain = contentOf('assets/content/b.json', '', '<p>Second page</p>');
    const contents = [titled, undefined, plain, titled];
    const written = await writeContentFiles(out, contents, undefined, { blocking });
    assert.deepEqual(JSON.parse(readFileSync(join(out, 'assets/content/a.json'), 'utf8')) as ContentFile, { data, html: '<h1>Caf\u00e9 \u2014 r\u00e9sum\u00e9</h1><p>First \u{1F600} page</p>' });
    readCompiledHtmlFromFiles(contents, written);
    assert.equal(typeof Object.getOwnPropertyDescriptor(titled.compiled, 'html')?.get, 'function', 'the string itself is no longer held');
    assert.equal(titled.compiled.html, '<p>First \u{1F600} page</p>');
    assert.equal(plain.compiled.html, '<p>Second page</p>');
    assert.equal(titled.html, '<h1>Caf\u00e9 \u2014 r\u00e9sum\u00e9</h1><p>First \u{1F600} page</p>');
    assert.ok(hasHtml(titled.compiled) && hasHtml(plain.compiled));
    assert.equal(hasHtml({ html: undefined }), false);
    // Spread, as a later locale's build copies a compile it moves, the HTML comes along as text.
    assert.equal({ ...titled.compiled }.html, '<p>First \u{1F600} page</p>');
  });

  test(`a content file kept in the previous output is read from there (${blocking ? 'at once' : 'thread pool'})`, async () => {
    const previousDir = scratch();
    const out = scratch();
    mkdirSync(join(previousDir, 'assets/content'), { recursive: true });
    writeFileSync(join(previousDir, 'assets/content/c.json'), JSON.stringify({ data, html: '<h1>T</h1><p>Kept</p>' }));
    const kept = contentOf('assets/content/c.json', '<h1>T</h1>', '<p>Kept</p>');
    const taken: string[] = [];
    const previous = { dir: previousDir, take: (file: string) => (taken.push(file), true), release: () => undefined };
    const written = await writeContentFiles(out, [kept], previous, { blocking });
    assert.deepEqual(taken, ['assets/content/c.json']);
    assert.equal(written.get('assets/content/c.json'), join(previousDir, 'assets/content/c.json'));
    readCompiledHtmlFromFiles([kept], written);
    assert.equal(kept.compiled.html, '<p>Kept</p>');
  });
}

test("a content file of the previous output that is not one any more is an error naming it, not a parser's", async () => {
  const previousDir = scratch();
  mkdirSync(join(previousDir, 'assets/content'), { recursive: true });
  writeFileSync(join(previousDir, 'assets/content/d.json'), '<p>edited by hand</p>');
  const kept = contentOf('assets/content/d.json', '', '<p>Kept</p>');
  const written = await writeContentFiles(scratch(), [kept], { dir: previousDir, take: () => true, release: () => undefined });
  readCompiledHtmlFromFiles([kept], written);
  assert.throws(() => kept.compiled.html, (error: Error & { file?: string }) => error.file === join(previousDir, 'assets/content/d.json') && /not a docsite content file/.test(error.message));
});
