import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { serveFixture, waitForRoute, watchConsole } from './harness';

// The Docusaurus fixture in Chromium: tabs switch and stay in sync across groups and pages, the
// query string picks a tab and follows the choice, and every page hydrates without a problem.

const fixture = serveFixture('docusaurus');

async function open(path: string): Promise<{ page: Page; problems: string[] }> {
  const page = await fixture.browser.newPage();
  const problems = watchConsole(page);
  await page.goto(fixture.origin + path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return { page, problems };
}

const selectedTabs = (page: Page) => page.locator('[role="tab"][aria-selected="true"]').allTextContents();

test('tabs switch, groups stay in sync, and the query string names the choice', async () => {
  const { page, problems } = await open('/docs/guides/tabs');
  assert.deepEqual(await selectedTabs(page), ['Linux', 'Linux']);
  await page.locator('[role="tab"]', { hasText: 'macOS' }).first().click();
  assert.deepEqual(await selectedTabs(page), ['macOS', 'macOS'], 'the second group follows the first');
  assert.match(page.url(), /\?os=mac$/, 'queryString="os" writes the choice into the URL');
  assert.equal(await page.locator('[role="tabpanel"]:not([hidden])').first().innerText().then((text) => text.includes('brew install harbor')), true);

  const linked = await open('/docs/guides/tabs?os=win');
  assert.deepEqual(await selectedTabs(linked.page), ['Windows', 'Windows'], 'a link with ?os=win opens on Windows');
  assert.deepEqual([...problems, ...linked.problems], []);
});

test('every Docusaurus feature page hydrates cleanly, and client navigation reaches the generated index', async () => {
  for (const path of ['/docs', '/docs/guides/code', '/docs/guides/components', '/docs/guides/images', '/docs/guides/partials', '/docs/reference/overview']) {
    const { page, problems } = await open(path);
    assert.deepEqual(problems, [], path);
    if (path === '/docs/guides/components') assert.match(await page.locator('.screen-width').innerText(), /Your screen is \d+ pixels wide\./, 'BrowserOnly renders after hydration');
    await page.close();
  }
  const { page, problems } = await open('/docs');
  await page.locator('.sidebar-link', { hasText: 'Guides' }).first().click();
  await waitForRoute(page, '/docs/category/guides');
  assert.equal(await page.locator('.doc-card').count(), 6, 'five guides and the Advanced category');
  assert.deepEqual(problems, []);
});
