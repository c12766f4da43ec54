import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { makeSite, removeSite, startDev, type DevProcess } from '../helpers';
import { launchBrowser, watchConsole } from './harness';

// `docsite dev` in a real Chromium: an edit reaches the open page without a reload and keeps the
// scroll position; a broken edit shows the overlay, and the next good save clears it; added and
// deleted pages show up in the open page.

describe('docsite dev in the browser', () => {
  let dir: string;
  let dev: DevProcess;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  const intro = () => join(dir, 'docs', 'intro.md');
  let original: string;

  before(async () => {
    // A long page, so there is a scroll position to keep.
    const filler = Array.from({ length: 40 }, (_, i) => `Paragraph ${i + 1} of filler text that makes the page long enough to scroll.`).join('\n\n');
    dir = makeSite();
    original = readFileSync(intro(), 'utf8') + `\n## Filler\n\n${filler}\n`;
    writeFileSync(intro(), original);
    dev = await startDev(dir);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    problems = watchConsole(page);
    await page.goto(`${dev.origin}/docs/intro`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  });
  after(async () => {
    await browser?.close();
    await dev?.stop();
    removeSite(dir);
  });

  const body = () => page.locator('#__docsite').innerText();

  test('an edit re-renders the open page in place, keeping the scroll position', async () => {
    await page.evaluate(() => {
      window.scrollTo(0, 500);
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    writeFileSync(intro(), original.replace('Some text.', 'Text changed while the page is open.'));
    await page.waitForFunction(() => document.getElementById('__docsite')!.textContent!.includes('Text changed while the page is open.'));
    assert.equal(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), true, 'no reload');
    assert.ok((await page.evaluate(() => window.scrollY)) >= 450, 'scroll position kept');
    assert.deepEqual(problems, []);
  });

  test('a broken edit shows the error overlay; the next good save removes it', async () => {
    writeFileSync(intro(), original.replace('Some text.', 'Broken <span text.'));
    const overlay = page.locator('docsite-error-overlay');
    await overlay.waitFor({ state: 'attached' });
    const text = await overlay.evaluate((element) => element.shadowRoot!.textContent!);
    assert.match(text, /docs\/intro\.md:\d+:\d+/);
    assert.match(text, /invalid MDX/);
    assert.match(text, /\| Broken <span text\./, 'the code frame');
    assert.match(await body(), /Text changed while the page is open\./, 'the last good content stays under the overlay');

    writeFileSync(intro(), original.replace('Some text.', 'Fixed text after the error.'));
    await page.waitForFunction(() => document.getElementById('__docsite')!.textContent!.includes('Fixed text after the error.'));
    await overlay.waitFor({ state: 'detached' });
  });

  test('opening a broken page shows the error page, which turns into the page once fixed', async () => {
    writeFileSync(intro(), original.replace('Some text.', 'Broken <span again.'));
    await page.locator('docsite-error-overlay').waitFor({ state: 'attached' });
    await page.reload();
    assert.match(await page.locator('body').innerText(), /docs\/intro\.md:\d+:\d+/);
    writeFileSync(intro(), original);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 15_000 });
    assert.match(await body(), /Some text\./);
  });

  test('an added page appears in the open sidebar; a deleted open page turns into the not-found page', async () => {
    const added = join(dir, 'docs', 'guides', 'third.md');
    writeFileSync(added, '---\ntitle: Third guide\n---\n\nA guide added while the page is open.\n');
    const link = page.locator('.sidebar a[href="/docs/guides/third"], nav a[href="/docs/guides/third"]').first();
    await link.waitFor({ state: 'attached' });
    await page.goto(`${dev.origin}/docs/guides/third`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    rmSync(added);
    await page.waitForFunction(() => document.getElementById('__docsite')!.textContent!.includes('Page Not Found'));
  });

  test('a config change reloads the page with the new site data, hydrating cleanly', async () => {
    await page.goto(`${dev.origin}/docs/intro`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    problems.length = 0;
    const config = join(dir, 'docsite.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("title: 'Fixture',", "title: 'Renamed Fixture',"));
    await page.waitForFunction(() => document.title.includes('Renamed Fixture') && document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 15_000 });
    await page.waitForTimeout(300);
    assert.deepEqual(problems, [], 'no hydration mismatch: the browser runtime has the new config too');
  });
});
