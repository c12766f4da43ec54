import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { largeSidebarFiles } from '../helpers';
import { serveFixture, watchConsole } from './harness';

// A large sidebar in the browser: each page hydrates from its own cut of the sidebar, and the whole
// sidebar arrives when the reader shows intent (a pointer over it, opening a category).

const served = serveFixture('basic', [], largeSidebarFiles());

async function open(path: string): Promise<{ page: Page; problems: string[]; wholeSidebarRequests: () => number }> {
  const page = await served.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const problems = watchConsole(page);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto(served.origin + path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return { page, problems, wholeSidebarRequests: () => requested.filter((url) => /\/assets\/chunks\/docs-[^/]+\.js$/.test(url)).length };
}

const category = (page: Page, label: string) => page.locator('.docs-sidebar .sidebar-category', { has: page.locator(`.sidebar-category-row >> text="${label}"`) });

test('opening a closed category fetches the whole sidebar once and shows its items', async () => {
  const { page, problems, wholeSidebarRequests } = await open('/docs/alpha/page-2');
  assert.equal(wholeSidebarRequests(), 0, 'not part of the first load');
  assert.equal(await page.locator('.docs-sidebar a[href^="/docs/alpha/"]').count(), 80);
  const beta = category(page, 'Beta');
  await beta.getByRole('button').click();
  await page.locator('.docs-sidebar a[href="/docs/beta/page-80"]').waitFor();
  assert.equal(await beta.getByRole('button').getAttribute('aria-expanded'), 'true');
  assert.equal(wholeSidebarRequests(), 1);
  // Into the opened category: both stay open, the new page is current, nothing is fetched again.
  await page.locator('.docs-sidebar a[href="/docs/beta/page-7"]').click();
  await page.waitForFunction(() => document.title.startsWith('Beta page number 7'));
  assert.equal(await page.getAttribute('.docs-sidebar [aria-current="page"]', 'href'), '/docs/beta/page-7');
  assert.equal(await page.locator('.docs-sidebar a[href^="/docs/alpha/"]').count(), 80);
  assert.equal(wholeSidebarRequests(), 1);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a pointer over the sidebar loads the rest ahead of a click', async () => {
  const { page, problems, wholeSidebarRequests } = await open('/docs/gamma/page-1');
  await page.hover('.docs-sidebar .sidebar-nav');
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /\/assets\/chunks\/docs-[^/]+\.js$/.test(entry.name)));
  assert.equal(wholeSidebarRequests(), 1);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a page reached by search or link keeps the category open from the page before', async () => {
  const { page, problems } = await open('/docs/alpha/page-1');
  // A link in the content (not the sidebar): the whole sidebar was never loaded.
  await page.evaluate(() => {
    const link = document.createElement('a');
    link.href = '/docs/gamma/page-9';
    link.textContent = 'to gamma';
    document.querySelector('.markdown')!.appendChild(link);
    link.click();
  });
  await page.waitForFunction(() => document.title.startsWith('Gamma page number 9'));
  // Gamma opens as the current page's category; Alpha, open before, fills in from the whole sidebar.
  await page.locator('.docs-sidebar a[href="/docs/gamma/page-80"]').waitFor();
  await page.locator('.docs-sidebar a[href="/docs/alpha/page-80"]').waitFor();
  assert.deepEqual(problems, []);
  await page.close();
});
