import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { largeSidebarFiles, makeSite, removeSite, runCli } from '../helpers';
import type { BootData } from '../../src/shared/types';

// Large sidebars are cut per page: a page loads the open part, shared by the pages of its category (in their frame,
// for pages of Markdown only, which have no chunk), the whole sidebar is a chunk of its own that only the browser's
// intent loads. Small ones stay one shared chunk.

let large: string;
let small: string;
before(async () => {
  large = makeSite(largeSidebarFiles());
  small = makeSite();
  const results = await Promise.all([runCli(['build', large]), runCli(['build', small])]);
  for (const result of results) assert.equal(result.code, 0, result.stderr);
});
after(() => [large, small].forEach(removeSite));

/**
 * The JavaScript a page loads before it runs (its route chunk, or for a page of Markdown only its frame, and the chunks
 * that one imports), and the first of these alone.
 */
function routeChunk(site: string, path: string): { all: string; own: string; file: string } {
  const html = readFileSync(join(site, 'build', path, 'index.html'), 'utf8');
  const boot = JSON.parse(/<script id="__docsite-boot" type="application\/json">(.*?)<\/script>/.exec(html)![1]!) as BootData;
  const first = (boot.frame ?? boot.chunk).replace(/^\//, '');
  assert.match(first, /^assets\/routes\/[^"]+\.js$/, `no route chunk or frame named in ${path}`);
  const seen = new Set<string>();
  const load = (file: string): string => {
    if (seen.has(file)) return '';
    seen.add(file);
    const text = readFileSync(join(site, 'build', file), 'utf8');
    const imported = [...text.matchAll(/(?:from|import)\s*"\/(assets\/chunks\/[^"]+\.js)"/g)].map((match) => match[1]!);
    return [text, ...imported.map(load)].join('\n');
  };
  return { all: load(first), own: readFileSync(join(site, 'build', first), 'utf8'), file: first };
}

test("a page of a large sidebar ships its open category, not the others' items", () => {
  const { all: chunk, own, file } = routeChunk(large, 'docs/alpha/page-1');
  assert.match(chunk, /Alpha page number 80/, 'the open category is whole');
  // A page of Markdown only has no chunk: its frame, shared by the pages of its category, holds their cut.
  assert.match(file, /^assets\/routes\/frame-/);
  assert.equal(routeChunk(large, 'docs/alpha/page-7').file, file, "pages of one category share their cut: it is in their frame, not in each page's file");
  assert.notEqual(routeChunk(large, 'docs/beta/page-7').file, file, 'another category is another cut');
  assert.doesNotMatch(own, /"Alpha page number 1"[^]*"Alpha page number 1"/, 'the page\'s own data is not in its frame');
  assert.doesNotMatch(chunk, /Beta page number/, 'closed categories are cut');
  assert.match(chunk, /"Beta"/, 'but keep their labels');
  assert.match(chunk, /itemsLeftOut:/);
  const whole = /loadSidebar:\(\)=>import\("\/(assets\/chunks\/[^"]+\.js)"\)/.exec(chunk);
  assert.ok(whole, 'the whole sidebar is a dynamic import');
  const text = readFileSync(join(large, 'build', whole[1]!), 'utf8');
  for (const label of ['Alpha page number 80', 'Beta page number 5', 'Gamma page number 80']) assert.ok(text.includes(label), label);
});

test('the page HTML is what the whole sidebar renders: the open category only', () => {
  const html = readFileSync(join(large, 'build', 'docs', 'beta', 'page-3', 'index.html'), 'utf8');
  assert.match(html, /href="\/docs\/beta\/page-80"/);
  assert.doesNotMatch(html, /href="\/docs\/alpha\/page-2"/);
  assert.match(html, /aria-current="page"[^>]*>Beta page number 3</);
});

test('a small sidebar ships whole, shared by its pages', () => {
  const chunk = routeChunk(small, 'docs/intro').all;
  // The data, that is: the theme's sidebar code, which the page's chunks carry too, reads these keys.
  assert.doesNotMatch(chunk, /itemsLeftOut:|loadSidebar:/);
});
