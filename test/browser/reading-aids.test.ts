import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { serveMemora, waitForRoute, watchConsole } from './harness';

// What helps a reader through a page, on the Memora site: the table of contents marks the heading being read,
// Back to top on long pages, ← and → for the previous and next doc, images that open full size, and paper.

const fixture = serveMemora();

async function open(path: string, options: { reducedMotion?: 'reduce' } = {}): Promise<Page> {
  const page = await fixture.browser.newPage({ viewport: { width: 1400, height: 900 }, ...(options.reducedMotion ? { reducedMotion: options.reducedMotion } : {}) });
  await page.goto(fixture.origin + path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return page;
}

test('the table of contents marks the heading being read', async () => {
  const page = await open('/docs/developer/architecture');
  const active = () => page.$eval('.toc .toc-link[aria-current="location"]', (link) => link.getAttribute('href'));
  assert.equal(await active(), await page.$eval('.toc .toc-link', (link) => link.getAttribute('href')), 'the first heading at the top');
  const third = await page.$eval('article h2:nth-of-type(3)', (heading) => heading.id);
  await page.evaluate((id) => document.getElementById(id)!.scrollIntoView(), third);
  await page.waitForFunction((id) => document.querySelector('.toc .toc-link.active')?.getAttribute('href') === `#${id}`, third);
  assert.equal(await page.$$eval('.toc .toc-link.active', (links) => links.length), 1);
  await page.close();
});

test('Back to top shows far down a long page and takes the reader up', async () => {
  const page = await open('/docs/developer/architecture', { reducedMotion: 'reduce' });
  assert.equal(await page.$('.back-to-top'), null, 'not at the top');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForSelector('.back-to-top');
  assert.equal(await page.getAttribute('.back-to-top', 'aria-label'), 'Back to top');
  await page.click('.back-to-top');
  await page.waitForFunction(() => window.scrollY === 0);
  await page.waitForSelector('.back-to-top', { state: 'detached' });
  await page.close();
});

test('← and → lead to the previous and next doc, but not while typing', async () => {
  const page = await open('/docs/developer/architecture');
  const errors = watchConsole(page);
  const next = await page.getAttribute('.pagination-next', 'href');
  assert.ok(next, 'a next doc');
  await page.keyboard.press('ArrowRight');
  // The URL changes as the navigation starts; the next page's links are there once it has rendered.
  await waitForRoute(page, next);
  const previous = await page.getAttribute('.pagination-prev', 'href');
  assert.ok(previous, 'a previous doc');
  await page.keyboard.press('ArrowLeft');
  await waitForRoute(page, previous);
  await page.focus('input[type="search"]');
  await page.keyboard.type('ab');
  await page.keyboard.press('ArrowLeft');
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => location.pathname), previous, 'the arrow moved the caret, not the page');
  await page.keyboard.press('Alt+ArrowRight');
  assert.deepEqual(errors, []);
  await page.close();
});

test('an image of an article opens full size in a dialog; Escape closes it and focus comes back', async () => {
  const page = await open('/docs/overview/logo');
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.waitForTimeout(200);
  assert.ok(!requested.some((path) => path.includes('image-zoom-dialog')), 'no viewer code before the first click');
  const image = page.locator('article img').first();
  await image.click();
  const dialog = page.locator('dialog.image-zoom[open]');
  await dialog.waitFor();
  assert.ok(requested.some((path) => path.includes('image-zoom-dialog')), 'the viewer loads on the click');
  assert.equal(await dialog.getAttribute('aria-label'), await image.getAttribute('alt'));
  assert.equal(await dialog.locator('img').getAttribute('src'), await image.evaluate((element) => (element as HTMLImageElement).currentSrc));
  assert.equal(await page.evaluate(() => document.activeElement?.className), 'image-zoom-close');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  const focusBack = await image.evaluateHandle((element) => element);
  await page.waitForFunction((element) => document.activeElement === element, focusBack, { timeout: 2000 }).catch(() => undefined);
  assert.equal(await image.evaluate((element) => document.activeElement === element), true, 'focus is back on the image');
  // A click anywhere closes it too.
  await image.click();
  await page.locator('dialog.image-zoom[open]').waitFor();
  await page.mouse.click(20, 20);
  await page.locator('dialog.image-zoom').waitFor({ state: 'detached' });
  await page.close();
});

test('print: the article alone, every tab and collapsed block shown, external addresses written out, light colours', async () => {
  const page = await open('/docs/administration/server-commands');
  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'dark';
    window.dispatchEvent(new Event('beforeprint'));
  });
  const hidden = await page.$$eval('.navbar, .docs-sidebar, .toc-column, .footer, .pagination-nav', (elements) => elements.map((element) => getComputedStyle(element).display));
  assert.ok(hidden.length >= 4 && hidden.every((display) => display === 'none'), hidden.join(', '));
  const panels = await page.$$eval('.tab-panel', (elements) => elements.map((element) => getComputedStyle(element).display));
  assert.ok(panels.length >= 2 && panels.every((display) => display !== 'none'), `every tab panel prints: ${panels.join(', ')}`);
  assert.match(await page.$eval('.tab-panel', (element) => getComputedStyle(element, '::before').content), /^".+"$/, 'each panel is labelled');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  assert.equal(await page.$$eval('article details:not([open])', (elements) => elements.length), 0);
  const external = await page.$('article a[href^="http"]');
  if (external) assert.match(await external.evaluate((link) => getComputedStyle(link, '::after').content), /\(https?:/);
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark', 'the reader’s colours come back');
  // Chromium's own printing goes through the same events.
  const pdf = await page.pdf({ format: 'A4' });
  assert.ok(pdf.length > 20_000, `a PDF of ${pdf.length} bytes`);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  await page.close();
});

test('Copy page copies the page as Markdown; its menu opens the Markdown itself', async () => {
  const context = await fixture.browser.newContext({ viewport: { width: 1400, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.goto(`${fixture.origin}/docs/install/docker-compose`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.click('.page-actions-copy');
  await page.waitForFunction(() => document.querySelector('.page-actions-copy')?.textContent === 'Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(copied, /^# Install with Docker Compose\n\nDocker Compose is the recommended way/);
  await page.click('.page-actions-toggle');
  assert.equal(await page.getAttribute('.page-actions-toggle', 'aria-expanded'), 'true');
  const link = page.locator('.page-actions-menu a');
  assert.equal(await link.getAttribute('href'), '/docs/install/docker-compose.md');
  const response = await page.request.get(`${fixture.origin}/docs/install/docker-compose.md`);
  assert.equal(response.status(), 200);
  assert.equal(await response.text(), copied);
  await page.keyboard.press('Escape');
  await page.waitForSelector('.page-actions-menu', { state: 'detached' });
  // An API page has one too.
  await page.goto(`${fixture.origin}/docs/api/get-trash`);
  await page.waitForSelector('.page-actions-copy');
  await context.close();
});
