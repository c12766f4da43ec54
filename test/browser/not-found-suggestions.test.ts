import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import type { PageHit } from '../../src/client/api';
import { byPathLikeness, missingPathWords } from '../../templates/components/PageSuggestions';
import { serveFixture, watchConsole } from './harness';

// The not-found page suggests the pages whose words a missing URL shares, found by the site's own search engine
// after hydration (theme fixture, served by `docsite serve`, which answers missing paths with 404.html).

const fixture = serveFixture('theme', [], {
  'docs/install/docker-compose.md': '---\ntitle: Docker Compose\n---\n\nRun the stack with one file.\n\n## Volumes\n\nWhere the data lives.\n',
});

const HEADING = 'text=Perhaps you were looking for';
const INDEX_FILES = /search-doc-\d+\.json|lunr-index-\d+\.json/;

/** Opens a missing path; `indexLoaded` settles once both index files have answered (or failed). */
async function openMissing(path: string): Promise<{ page: Page; problems: string[]; status: number; indexLoaded: Promise<unknown> }> {
  const page = await fixture.browser.newPage();
  const problems = watchConsole(page);
  // When the runtime marks the page hydrated, in the page's own clock (the index requests are compared with it).
  await page.addInitScript(() => {
    // The script runs before the document has its root element: the observer watches the whole document.
    new MutationObserver((_, observer) => {
      if (document.documentElement.dataset.hydrated !== 'true') return;
      (window as unknown as { hydratedAt: number }).hydratedAt = performance.now();
      observer.disconnect();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
  });
  let settled = 0;
  let done!: () => void;
  const indexLoaded = new Promise<void>((resolve) => (done = resolve));
  const settle = (url: string) => INDEX_FILES.test(url) && ++settled === 2 && done();
  page.on('requestfinished', (request) => settle(request.url()));
  page.on('requestfailed', (request) => settle(request.url()));
  const response = await page.goto(fixture.origin + path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  // Chromium logs the document's own 404 as an error: that one is the point of the page, anything else is not.
  const expected = problems.indexOf('error: Failed to load resource: the server responded with a status of 404 (Not Found)');
  if (expected !== -1) problems.splice(expected, 1);
  return { page, problems, status: response!.status(), indexLoaded };
}

/** The index files' request start times minus the moment of hydration (positive: requested after it). */
function indexRequestsAfterHydration(page: Page): Promise<number[]> {
  return page.evaluate((pattern) => {
    const hydratedAt = (window as unknown as { hydratedAt: number }).hydratedAt;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => new RegExp(pattern).test(entry.name))
      .map((entry) => entry.startTime - hydratedAt);
  }, INDEX_FILES.source);
}

test('the words of a missing path: no base URL or locale prefix, nothing short, numeric or of the file name', () => {
  const site = { baseUrl: '/', locale: 'en' };
  assert.deepEqual(missingPathWords('/docs/instal/docker-compse', site), ['docs', 'instal', 'docker', 'compse']);
  assert.deepEqual(missingPathWords('/fr/docs/v2/guide_de_demarrage.html', { baseUrl: '/fr/', locale: 'fr', defaultLocale: 'en' }), ['docs', 'guide', 'demarrage']);
  assert.deepEqual(missingPathWords('/pt-BR/docs/1.2.0/setup/index.html', site), ['docs', 'setup'], 'a locale prefix the base URL does not carry');
  assert.deepEqual(missingPathWords('/memora/docs/backup-backup/', { baseUrl: '/memora/', locale: 'en' }), ['docs', 'backup']);
  assert.deepEqual(missingPathWords('/42/a/', site), []);
});

test('pages whose own path is nearly the missing one come first, the search order kept among equals', () => {
  const site = { baseUrl: '/', locale: 'en' };
  const hit = (url: string): PageHit => ({ title: url, url, kind: 'doc', sections: [] });
  const pages = [hit('/docs/requirements#methods'), hit('/docs/faq'), hit('/docs/install/docker-compose'), hit('/docs/install/kubernetes')];
  const ranked = byPathLikeness(pages, missingPathWords('/docs/instal/docker-compse', site), site).map((page) => page.url);
  assert.deepEqual(ranked, ['/docs/install/docker-compose', '/docs/install/kubernetes', '/docs/requirements#methods', '/docs/faq']);
});

test('a misspelt path lists the page it meant, linked, with the 404 status and after hydration', async () => {
  const { page, problems, status } = await openMissing('/docs/instal/docker-compse');
  assert.equal(status, 404);
  const served = await page.request.get(fixture.origin + '/docs/instal/docker-compse');
  assert.doesNotMatch(await served.text(), /Perhaps you were looking for/, 'the server renders no suggestions: they come after hydration');
  await page.waitForSelector(HEADING);
  const links = page.locator('.not-found-suggestions li > a:first-child');
  assert.ok((await links.count()) <= 5);
  assert.equal(await links.first().textContent(), 'Docker Compose');
  assert.equal(await links.first().getAttribute('href'), '/docs/install/docker-compose');
  const delays = await indexRequestsAfterHydration(page);
  assert.equal(delays.length, 2);
  assert.ok(delays.every((delay) => delay >= 0), `the index loads after hydration (${delays.join(', ')} ms)`);
  // A suggestion is an ordinary link: the router takes the reader there.
  await links.first().click();
  await page.waitForFunction(() => document.documentElement.dataset.route === '/docs/install/docker-compose');
  assert.equal(await page.textContent('h1'), 'Docker Compose');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a typo in a folder name still finds the page, as the search box would', async () => {
  const { page, problems } = await openMissing('/docs/gudes/long');
  await page.waitForSelector(HEADING);
  const titles = await page.locator('.not-found-suggestions li > a:first-child').allTextContents();
  assert.equal(titles[0], 'Long guide', titles.join(', '));
  assert.deepEqual(problems, []);
  await page.close();
});

test('no match, or no search index, shows no heading at all', async () => {
  const { page, problems, indexLoaded } = await openMissing('/zzqxv-wvvkq/qqqqjx');
  await indexLoaded;
  // The engine answers within a task of the index arriving; give it ample time to (wrongly) show something.
  await page.waitForTimeout(500);
  assert.equal(await page.locator('.not-found-suggestions').count(), 0);
  assert.deepEqual(problems, []);
  await page.close();

  const failing = await fixture.browser.newPage();
  await failing.route('**/search-doc-*.json', (route) => route.abort());
  await failing.goto(fixture.origin + '/docs/instal/docker-compse');
  await failing.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await failing.waitForTimeout(800);
  assert.equal(await failing.locator('.not-found-suggestions').count(), 0);
  assert.equal(await failing.textContent('h1'), 'Page Not Found');
  await failing.close();
});
