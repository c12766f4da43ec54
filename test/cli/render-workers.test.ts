import assert from 'node:assert/strict';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { DocsiteError } from '../../src/core/errors';
import { buildSite, type BuildResult } from '../../src/pipeline/build';
import { renderWorkersFor } from '../../src/pipeline/render-pool';
import { makeSite } from '../helpers';

// A large site renders in worker threads (src/pipeline/render-pool.ts). The pages must be exactly those the main
// thread renders, and the link check must see every page's links, reported where the Markdown wrote them.

const sites: string[] = [];
after(() => sites.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const PAGES = {
  'docs/linked.md': '# Linked\n\nSee [the intro](./intro.md), [a missing page](./missing.md) and [an anchor](#nowhere).\n\n## Kept heading\n',
  'docs/mixed-Case.md': '# Mixed case\n\nA page whose route has a lowercase twin.\n',
};

/** Every HTML file of an output, with what differs between two builds of one site (hashes, search stamps) masked. */
function pagesOf(outDir: string): Map<string, string> {
  const files = (readdirSync(outDir, { recursive: true }) as string[]).filter((file) => file.endsWith('.html')).sort();
  const mask = (html: string) => html.replace(/-[A-Za-z0-9]{8,12}\.(js|css|json)/g, '-#.$1').replace(/(search-doc|lunr-index)-\d+/g, '$1-#');
  return new Map(files.map((file) => [file, mask(readFileSync(join(outDir, file), 'utf8'))]));
}

test('pages rendered by workers are the pages the main thread renders, and their links are checked alike', async () => {
  const results: { result: BuildResult; pages: Map<string, string> }[] = [];
  for (const renderWorkers of [0, 2]) {
    const dir = makeSite(PAGES);
    sites.push(dir);
    const result = await buildSite({ siteDir: dir, renderWorkers, collectLinks: true, cache: false });
    results.push({ result, pages: pagesOf(result.outDir) });
  }
  const [here, workers] = results as [(typeof results)[number], (typeof results)[number]];
  assert.ok(here.pages.size >= 8, `pages: ${[...here.pages.keys()].join(', ')}`);
  assert.deepEqual([...workers.pages.keys()], [...here.pages.keys()], 'the same files');
  for (const [file, html] of here.pages) assert.equal(workers.pages.get(file), html, file);
  const problems = (result: BuildResult) => result.links.broken.map((problem) => JSON.stringify(problem)).sort();
  assert.ok(here.result.links.broken.length >= 2, 'the missing page and the missing anchor');
  assert.deepEqual(problems(workers.result), problems(here.result));
  assert.equal(workers.result.links.links, here.result.links.links);
});

test('workers only for a site large enough to pay for them', () => {
  assert.equal(renderWorkersFor(300), 0);
  const cores = availableParallelism();
  assert.equal(renderWorkersFor(5000), cores >= 2 ? Math.min(cores, 4) : 0);
});

test('a component that throws in a render worker is reported at its file, as on the main thread', async () => {
  const component = 'src/components/Highlight.tsx';
  const messages: string[] = [];
  for (const renderWorkers of [0, 2]) {
    const dir = makeSite({}, 'docusaurus');
    sites.push(dir);
    const path = join(dir, component);
    writeFileSync(path, readFileSync(path, 'utf8').replace('  return (', "  if (color) throw new Error('no colours today');\n  return ("));
    const error = await buildSite({ siteDir: dir, renderWorkers, cache: false }).then(
      () => assert.fail('the build should fail'),
      (failure: unknown) => failure,
    );
    assert.ok(error instanceof DocsiteError, String(error));
    assert.equal(error.file, component);
    messages.push(error.message);
  }
  assert.match(messages[0]!, /^threw while rendering \/docs\/guides\/components \(the page docs\/guides\/components\.mdx\): no colours today$/);
  assert.equal(messages[1], messages[0]);
});
