import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { serveFixture, watchConsole } from './harness';

// A site whose search index is sharded (`search.shards: 'always'` on a fixture of 80 pages, as a big site's is
// by size): the worker fetches the entry files and then only the shards a query needs, answers from its cache the
// next time, and the page's thread stays free while it does.

const TOPICS = ['backup', 'restore', 'album', 'sharing', 'storage', 'camera', 'library', 'upload', 'mobile', 'server'];
const pages: Record<string, string> = {};
for (let i = 0; i < 80; i++) {
  const topic = TOPICS[i % TOPICS.length]!;
  const other = TOPICS[(i * 3 + 1) % TOPICS.length]!;
  const body = Array.from({ length: 12 }, (_, j) => `Sentence ${j} of page ${i} explains ${topic} settings and ${other} limits with word${i}x${j} and term${(i * j) % 97}.`).join(' ');
  pages[`docs/guide-${i}.md`] = `---\ntitle: ${topic[0]!.toUpperCase()}${topic.slice(1)} guide ${i}\n---\n\n${body}\n\n## ${other} details\n\n${body}\n\n## Troubleshooting ${topic}\n\n${body}\n`;
}
pages['docs/zebra.md'] = '---\ntitle: Zebra crossings\n---\n\nThe quagga migration is documented here only.\n';

const fixture = serveFixture('basic', [], {
  'docsite.config.ts': `export default {\n  title: 'Fixture',\n  url: 'https://fixture.example',\n  search: { shards: 'always' },\n};\n`,
  ...pages,
});

const shardFiles = () => readdirSync(join(fixture.dir, 'build', 'assets', 'search')).filter((name) => /^[thd]-.*\.json$/.test(name));

async function typeQuery(page: Page, query: string): Promise<string[]> {
  await page.fill('input[type="search"]', query);
  // The last query's results stay until this one's arrive: wait for hits that mark this query's word.
  await page.waitForFunction((word) => [...document.querySelectorAll('.navbar-search-panel a.search-hit')].some((hit) => hit.getAttribute('href')!.includes(`_highlight=${word}`)), query.split(' ')[0]);
  return page.$$eval('.navbar-search-panel a.search-hit', (hits) => hits.map((hit) => hit.getAttribute('href') ?? ''));
}

test('a query fetches the entry files and a few shards, in the worker, and the next one reuses them', async () => {
  const page = await fixture.browser.newPage();
  const errors = watchConsole(page);
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto(`${fixture.origin}/docs/guide-0`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  assert.ok(!fetched.some((path) => /search|lunr-index/.test(path)), 'nothing of search loads with the page');
  await page.click('input[type="search"]');
  const hits = await typeQuery(page, 'quagga');
  assert.deepEqual(hits, ['/docs/zebra?_highlight=quagga']);
  // The search runs in a worker of the site's own.
  assert.ok(page.workers().some((worker) => /\/assets\/search\/worker-[\w-]+\.js$/.test(worker.url())), page.workers().map((worker) => worker.url()).join(', '));
  const shards = fetched.filter((path) => path.startsWith('/assets/search/') && path.endsWith('.json'));
  const all = shardFiles();
  assert.ok(fetched.some((path) => /^\/lunr-index-\d+\.json$/.test(path)) && fetched.some((path) => /^\/search-doc-\d+\.json$/.test(path)), 'the entry files keep the contract names');
  assert.ok(all.filter((name) => name.startsWith('t-')).length >= 2 && all.filter((name) => name.startsWith('d-')).length >= 5, `the fixture is cut into shards: ${all.length}`);
  assert.ok(shards.length >= 2 && shards.length <= 4, `one word fetched ${shards.length} of ${all.length} shards: ${shards.join(', ')}`);

  // Another word: its own shards only; the same word again: nothing.
  const before = fetched.length;
  const restore = await typeQuery(page, 'restore');
  assert.ok(restore.length > 1 && restore.every((href) => href.includes('_highlight=restore')), restore.join(', '));
  const second = fetched.slice(before);
  assert.ok(second.length > 0 && second.length < all.length / 2, `fetched ${second.length}`);
  await typeQuery(page, 'quagga');
  const third = fetched.length;
  await typeQuery(page, 'restore');
  assert.deepEqual(fetched.slice(third), [], 'a query answered before fetches nothing');
  assert.equal(new Set(fetched.filter((path) => path.startsWith('/assets/search/'))).size, fetched.filter((path) => path.startsWith('/assets/search/')).length, 'no shard is fetched twice');
  assert.deepEqual(errors, []);
  await page.close();
});

// How long the main thread is busy while typing is a figure of `npm run bench` (scripts/bench-search.mjs, "longest
// task"), not an assertion here: on a loaded machine any page has long tasks. What the test holds is why it stays
// short: the index is fetched and queried by the worker, and the page itself loads no shard.
test('typing never blocks the page: the worker fetches and queries the index, the page only lists results', async () => {
  const page = await fixture.browser.newPage();
  await page.goto(`${fixture.origin}/docs/guide-3`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.keyboard.press('Control+k');
  await page.keyboard.type('storage limits', { delay: 30 });
  await page.waitForFunction(() => document.querySelectorAll('.navbar-search-panel a.search-hit').length >= 5);
  const hits = await page.$$eval('.navbar-search-panel a.search-hit', (links) => links.map((link) => link.getAttribute('href') ?? ''));
  assert.ok(hits.length <= 10, `the box lists the best 10 sections of a sharded index: ${hits.length}`);
  assert.ok(page.workers().some((worker) => /search/i.test(worker.url())), `the search worker runs: ${page.workers().map((worker) => worker.url())}`);
  // The page's own resource timeline holds what the document fetched; the worker's fetches are on the worker's.
  const fromPage = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => /\/assets\/search\/.*\.json$/.test(name)));
  assert.deepEqual(fromPage, [], 'no shard is fetched by the page itself');
  // The search page lists more than the box, as their documents arrive.
  await page.goto(`${fixture.origin}/search?q=storage`);
  await page.waitForFunction(() => document.querySelectorAll('a.search-hit').length > 10);
  await page.close();
});

test('a shard that does not arrive says search is unavailable, and the next query fetches it again', async () => {
  const page = await fixture.browser.newPage();
  await page.goto(`${fixture.origin}/docs/guide-5`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.route('**/assets/search/t-*.json', (route) => route.abort());
  await page.click('input[type="search"]');
  await page.fill('input[type="search"]', 'quagga');
  await page.waitForFunction(() => document.querySelector('.navbar-search-panel .search-status')?.textContent === 'Search is unavailable');
  await page.unroute('**/assets/search/t-*.json');
  const hits = await typeQuery(page, 'quagga migration');
  assert.ok(hits.includes('/docs/zebra?_highlight=quagga+migration') || hits.some((href) => href.startsWith('/docs/zebra')), hits.join(', '));
  await page.close();
});
