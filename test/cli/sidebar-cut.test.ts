import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { largeSidebarFiles, makeSite, removeSite, runCli } from '../helpers';

// Large sidebars are cut per page: a page loads the open part, shared by the pages of its category (in their frame,
// for pages of static content), the whole sidebar is a chunk of its own that only the browser's intent loads. Small
// ones stay one shared chunk.

let large: string;
let small: string;
before(async () => {
  large = makeSite(largeSidebarFiles());
  small = makeSite();
  const results = await Promise.all([runCli(['build', large]), runCli(['build', small])]);
  for (const result of results) assert.equal(result.code, 0, result.stderr);
});
after(() => [large, small].forEach(removeSite));

/** The JavaScript a page loads before it runs (its route chunk and the chunks that one imports), and the route chunk alone. */
function routeChunk(site: string, path: string): { all: string; own: string } {
  const html = readFileSync(join(site, 'build', path, 'index.html'), 'utf8');
  const chunk = /"\/(assets\/routes\/[^"]+\.js)"/.exec(html);
  assert.ok(chunk, `no route chunk named in ${path}`);
  const seen = new Set<string>();
  const load = (file: string): string => {
    if (seen.has(file)) return '';
    seen.add(file);
    const text = readFileSync(join(site, 'build', file), 'utf8');
    // A static page's chunk imports its frame (assets/routes), which imports the shared chunks.
    const imported = [...text.matchAll(/(?:from|import)\s*"\/(assets\/(?:chunks|routes)\/[^"]+\.js)"/g)].map((match) => match[1]!);
    return [text, ...imported.map(load)].join('\n');
  };
  return { all: load(chunk[1]!), own: readFileSync(join(site, 'build', chunk[1]!), 'utf8') };
}

test("a page of a large sidebar ships its open category, not the others' items", () => {
  const { all: chunk, own } = routeChunk(large, 'docs/alpha/page-1');
  assert.match(chunk, /Alpha page number 80/, 'the open category is whole');
  assert.doesNotMatch(own, /Alpha page number 80/, "pages of one category share their cut: it is in a file of its own, not in each page's chunk");
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
