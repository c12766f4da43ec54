import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { serveFixture, watchConsole } from './harness';

// Local search in Chromium on the theme fixture.

const fixture = serveFixture('theme');

async function open(path: string): Promise<{ page: Page; problems: string[]; indexRequests: string[] }> {
  const page = await fixture.browser.newPage();
  const problems = watchConsole(page);
  const indexRequests: string[] = [];
  page.on('request', (request) => {
    if (/search-doc-\d+\.json|lunr-index-\d+\.json/.test(request.url())) indexRequests.push(request.url());
  });
  await page.goto(fixture.origin + path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return { page, problems, indexRequests };
}

test('nothing is fetched before first use; Ctrl+K focuses the box, which loads the index', async () => {
  const { page, problems, indexRequests } = await open('/docs/intro');
  await page.waitForTimeout(500);
  assert.deepEqual(indexRequests, [], 'no index fetch on page load');
  assert.equal(await page.getAttribute('input[type="search"]', 'placeholder'), 'Search');
  assert.equal(await page.textContent('.navbar-search-hint'), 'Ctrl K');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/lunr-index-*.json', async (route) => {
    await held;
    await route.continue();
  });
  await page.keyboard.press('Control+k');
  assert.ok(await page.evaluate(() => document.activeElement?.matches('input[type="search"]')));
  await page.waitForSelector('input[type="search"][placeholder="Loading..."]');
  release();
  await page.waitForSelector('input[type="search"][placeholder="Search"]');
  assert.equal(indexRequests.length, 2);
  assert.deepEqual(problems, []);
  await page.close();
});

test('results as you type, arrow keys and Enter open a hit, the target page marks the word', async () => {
  const { page, problems } = await open('/docs/intro');
  await page.click('input[type="search"]');
  await page.keyboard.type('paragr'); // a prefix of "paragraph"
  await page.waitForSelector('.search-hit');
  assert.match((await page.textContent('.search-page-title')) ?? '', /Long guide/);
  assert.ok((await page.locator('.search-hit mark').count()) > 0, 'matched words are marked');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.locator('.search-hit.active').count(), 1);
  const target = await page.getAttribute('.search-hit.active', 'href');
  assert.match(target ?? '', /\?_highlight=paragr#part-/);
  await page.keyboard.press('Enter');
  await page.waitForURL(/_highlight=paragr/);
  await page.waitForFunction(() => document.querySelectorAll('mark.search-highlight').length > 0);
  assert.deepEqual(problems, []);
  await page.close();
});

test('titles rank above body text, typos of long words still match, and an empty result says so', async () => {
  const { page } = await open('/docs/intro');
  await page.click('input[type="search"]');
  await page.keyboard.type('reference');
  await page.waitForSelector('.search-hit');
  const first = (await page.locator('.search-page-title').first().textContent()) ?? '';
  assert.match(first, /Reference page/);
  await page.fill('input[type="search"]', 'paragrph'); // one letter missing from "paragraph"
  // The previous query's hits stay listed until this one's arrive (the worker answers asynchronously).
  await page.waitForFunction((before) => { const title = document.querySelector('.search-page-title')?.textContent; return title !== undefined && title !== before; }, first);
  assert.match((await page.locator('.search-page-title').first().textContent()) ?? '', /Long guide/);
  await page.fill('input[type="search"]', 'zzqxv');
  await page.waitForSelector('text=No results for “zzqxv”');
  await page.keyboard.press('Escape');
  await page.waitForSelector('.navbar-search-panel', { state: 'detached' });
  await page.close();
});

test('hostile queries never throw', async () => {
  const { page, problems } = await open('/docs/intro');
  await page.click('input[type="search"]');
  await page.waitForSelector('input[type="search"][placeholder="Search"]');
  for (const query of ['(a|b)*[', '"quoted" \'single\'', '<script>alert(1)</script>', 'x'.repeat(10_000), '📷🎞️ emoji', 'title:foo +bar -baz ~1 ^2 *', '\\']) {
    await page.fill('input[type="search"]', query);
    await page.waitForSelector('.search-hit, .search-status');
  }
  assert.deepEqual(problems, []);
  assert.equal(await page.evaluate(() => (window as unknown as { alerted?: boolean }).alerted), undefined);
  await page.close();
});

test('the _highlight parameter is text, never HTML', async () => {
  const { page, problems } = await open(`/docs/guides/long?_highlight=${encodeURIComponent('<img src=x onerror="window.pwned=1">')}`);
  assert.equal(await page.locator('.markdown img').count(), 0);
  assert.equal(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned), undefined);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a failed index fetch says search is unavailable and retries on the next focus', async () => {
  const { page } = await open('/docs/intro');
  let fail = true;
  await page.route('**/search-doc-*.json', (route) => (fail ? route.abort() : route.continue()));
  await page.click('input[type="search"]');
  await page.keyboard.type('guide');
  await page.waitForSelector('text=Search is unavailable');
  fail = false;
  await page.click('.sidebar-link[href="/docs/intro"]');
  await page.click('input[type="search"]');
  await page.waitForSelector('.search-hit');
  await page.close();
});

test('the full results page lists hits for ?q=', async () => {
  const { page } = await open('/search?q=reference');
  await page.waitForSelector('.search-hit');
  assert.match((await page.textContent('h1')) ?? '', /Search results for “reference”/);
  await page.close();
});

test('on a phone the box in use spans the navbar and its results fit the screen', async () => {
  const page = await fixture.browser.newPage({ viewport: { width: 375, height: 700 }, isMobile: true, hasTouch: true });
  await page.goto(fixture.origin + '/docs/intro');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const closed = (await page.locator('input[type="search"]').boundingBox())!;
  assert.ok(closed.width < 60, `closed box is an icon (${closed.width}px)`);
  await page.tap('input[type="search"]');
  await page.keyboard.type('paragr');
  await page.waitForSelector('.search-hit');
  // The box widens with a short transition: measure once it has run (results can come back sooner).
  await page.waitForFunction(() => document.querySelector('input[type="search"]')!.getBoundingClientRect().width > 300, undefined, { timeout: 2000 }).catch(() => undefined);
  const box = (await page.locator('input[type="search"]').boundingBox())!;
  const panel = (await page.locator('.navbar-search-panel').boundingBox())!;
  assert.ok(box.width > 300, `open box spans the navbar (${box.width}px)`);
  assert.ok(panel.x >= 0 && panel.x + panel.width <= 375, `panel inside the screen (${panel.x}..${panel.x + panel.width})`);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 375, 'no sideways scrolling');
  await page.close();
});
