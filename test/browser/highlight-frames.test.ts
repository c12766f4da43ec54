import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page, Route } from 'playwright-core';
import { serveFixture, watchConsole } from './harness';

// Search-term marking inside the frames a page embeds (src/client/highlight-frames.ts), in Chromium on
// the theme fixture with one page of embeds added.

const frame = (text: string): string => `<!doctype html><html lang="en"><head><title>Frame</title></head><body><p>${text}</p></body></html>\n`;

const fixture = serveFixture('theme', [], {
  'static/frames/notes.html': frame('Notes about the widget and its settings.'),
  'static/frames/late.html': frame('A late widget, served slowly.'),
  'docs/guides/embeds.mdx': [
    '---',
    'title: Embeds',
    'description: A page with embedded frames.',
    '---',
    '',
    'The widget below comes from the site itself.',
    '',
    '<iframe src="/frames/notes.html" title="Notes" width="400" height="80"></iframe>',
    '',
    // Sandboxed without allow-same-origin: an opaque origin, which the page may not read, as a frame from another site.
    '<iframe srcDoc="<p>A sandboxed widget.</p>" sandbox="" title="Sandboxed" width="400" height="80"></iframe>',
    '',
    '<iframe src="/frames/late.html" title="Late" width="400" height="80"></iframe>',
    '',
  ].join('\n'),
});

/** Holds every request for `late.html` until the returned function is called. */
async function holdLateFrame(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/frames/late.html', async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function open(page: Page, word: string): Promise<void> {
  // Not the `load` event: a held frame holds it back, and hydration does not wait for it.
  await page.goto(`${fixture.origin}/docs/guides/embeds?_highlight=${encodeURIComponent(word)}`, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

const frameMarks = (page: Page, title: string) => page.frameLocator(`iframe[title="${title}"]`).locator('mark.search-highlight');
const articleMarks = (page: Page) => page.locator('.markdown mark.search-highlight');

test('the word is marked in the article and in same-origin frames, with a visible style; a sandboxed frame is passed over quietly', async () => {
  const page = await fixture.browser.newPage();
  const problems = watchConsole(page);
  await open(page, 'widget');
  await page.waitForFunction(() => document.querySelectorAll('.markdown mark.search-highlight').length > 0);
  assert.equal(await articleMarks(page).count(), 1);
  await frameMarks(page, 'Notes').first().waitFor();
  await frameMarks(page, 'Late').first().waitFor();
  assert.equal(await frameMarks(page, 'Notes').count(), 1);
  assert.equal(await frameMarks(page, 'Notes').first().textContent(), 'widget');
  const background = await frameMarks(page, 'Notes').first().evaluate((mark) => getComputedStyle(mark).backgroundColor);
  assert.notEqual(background, 'rgba(0, 0, 0, 0)', 'the frame got the marking style');
  assert.equal(await page.frameLocator('iframe[title="Notes"]').locator('style[data-docsite-search-highlight]').count(), 1);
  assert.equal(await frameMarks(page, 'Sandboxed').count(), 0);
  assert.match((await page.frameLocator('iframe[title="Sandboxed"]').locator('p').textContent()) ?? '', /sandboxed widget/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a frame still loading does not delay the article, and is marked when it loads within the window', async () => {
  const page = await fixture.browser.newPage();
  const problems = watchConsole(page);
  const release = await holdLateFrame(page);
  await open(page, 'widget');
  await page.waitForFunction(() => document.querySelectorAll('.markdown mark.search-highlight').length > 0);
  await frameMarks(page, 'Notes').first().waitFor();
  // The held frame still shows its initial blank document: the article was marked without it.
  assert.equal(await page.evaluate(() => document.querySelector<HTMLIFrameElement>('iframe[title="Late"]')!.contentDocument!.URL), 'about:blank');
  await page.waitForTimeout(1000);
  release();
  await frameMarks(page, 'Late').first().waitFor({ timeout: 4000 });
  assert.equal(await frameMarks(page, 'Late').first().textContent(), 'widget');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a frame that loads after 5 s is left unmarked', async () => {
  const page = await fixture.browser.newPage();
  const problems = watchConsole(page);
  const release = await holdLateFrame(page);
  await open(page, 'widget');
  await page.waitForFunction(() => document.querySelectorAll('.markdown mark.search-highlight').length > 0);
  await page.waitForTimeout(5500);
  release();
  await page.waitForFunction(() => document.querySelector<HTMLIFrameElement>('iframe[title="Late"]')!.contentDocument?.body?.textContent?.includes('late widget'));
  await page.waitForTimeout(300);
  assert.equal(await frameMarks(page, 'Late').count(), 0);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a hostile _highlight value stays text in the frames too', async () => {
  const page = await fixture.browser.newPage();
  const problems = watchConsole(page);
  await open(page, '</style><img src=x onerror="window.pwned=1">');
  await page.waitForFunction(() => document.querySelector<HTMLIFrameElement>('iframe[title="Notes"]')!.contentDocument?.readyState === 'complete');
  await page.waitForTimeout(300);
  assert.equal(await page.frameLocator('iframe[title="Notes"]').locator('img, style').count(), 0);
  assert.equal(await page.locator('.markdown img').count(), 0);
  assert.equal(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned), undefined);
  assert.deepEqual(problems, []);
  await page.close();
});
