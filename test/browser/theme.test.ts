import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { makeSite, removeSite } from '../helpers';
import { buildAndServe, serveFixture, watchConsole } from './harness';

// The theme and client runtime in Chromium (issue "Theme and client runtime"), on the theme fixture:
// dark default, closable announcement, hide-on-scroll navbar, a locale dropdown, a crashing page.

const fixture = serveFixture('theme');

interface OpenOptions extends BrowserContextOptions {
  width?: number;
  init?: () => void;
  /** Runs before the first load, e.g. to route requests that visible links prefetch when the page is idle. */
  setup?: (page: Page) => Promise<unknown>;
}

async function open(path: string, { width = 1280, init, setup, ...context }: OpenOptions = {}): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
  const browserContext = await fixture.browser.newContext({ viewport: { width, height: 800 }, ...context });
  if (init) await browserContext.addInitScript(init);
  const page = await browserContext.newPage();
  const problems = watchConsole(page);
  await setup?.(page);
  await page.goto(fixture.origin + path);
  await hydrated(page);
  return { page, problems, close: () => browserContext.close() };
}

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { __marker?: number }).__marker === 7);

describe('colour mode', () => {
  test('the dark default wins over a light system preference, before first paint', async () => {
    const { page, close } = await open('/docs/intro', {
      colorScheme: 'light',
      // Record the theme the document has when its body starts parsing: that is what first paint uses.
      init: () => document.addEventListener('readystatechange', () => ((window as unknown as { __early?: string }).__early ??= document.documentElement.dataset.theme), { once: true }),
    });
    assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
    assert.equal(await page.evaluate(() => (window as unknown as { __early?: string }).__early), 'dark');
    await close();
  });

  test('a stored choice is applied before first paint and survives client navigation and reload', async () => {
    const { page, close } = await open('/docs/intro', { init: () => localStorage.setItem('theme', 'light') });
    assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
    await page.click('button[aria-label^="Switch between dark and light mode"]');
    assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
    assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'dark');
    await close();
  });
});

test('storage that throws: no persistence, one console warning, a working page', async () => {
  const { page, problems, close } = await open('/docs/intro', {
    init: () => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('storage is disabled', 'SecurityError');
        },
      });
    },
  });
  await page.click('button[aria-label^="Switch between dark and light mode"]');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
  await page.click('.sidebar-link[href="/docs/crash"]');
  await page.waitForFunction(() => document.title.startsWith('Crash'));
  const warnings = problems.filter((line) => line.startsWith('warning:'));
  assert.equal(warnings.length, 1, problems.join('\n'));
  assert.match(warnings[0]!, /storage/);
  assert.deepEqual(problems.filter((line) => !line.startsWith('warning:')), []);
  await close();
});

describe('announcement bar', () => {
  test('a closed bar stays closed, and a new announcement id shows it again', async () => {
    const { page, close } = await open('/docs/intro');
    assert.ok(await page.isVisible('div[role="banner"].announcement-bar'));
    await page.click('button[aria-label="Close announcement"]');
    assert.equal(await page.isVisible('div[role="banner"].announcement-bar'), false);
    assert.equal(await page.evaluate(() => localStorage.getItem('docsite.announcement.dismiss')), 'true');
    await page.reload();
    assert.equal(await page.isVisible('div[role="banner"].announcement-bar'), false, 'hidden before hydration too');
    await close();

    const older = await open('/docs/intro', {
      init: () => {
        localStorage.setItem('docsite.announcement.id', 'release-1');
        localStorage.setItem('docsite.announcement.dismiss', 'true');
      },
    });
    assert.ok(await older.page.isVisible('div[role="banner"].announcement-bar'));
    assert.equal(await older.page.evaluate(() => localStorage.getItem('docsite.announcement.id')), 'release-2');
    await older.close();
  });
});

describe('mobile layout', () => {
  test('996 px is mobile, 997 px is desktop', async () => {
    for (const [width, mobile] of [[996, true], [997, false]] as const) {
      const { page, close } = await open('/docs/intro', { width });
      assert.equal(await page.isVisible('button[aria-label="Toggle navigation bar"]'), mobile, `toggle at ${width}`);
      assert.equal(await page.isVisible('.docs-sidebar'), !mobile, `sidebar at ${width}`);
      await close();
    }
  });

  test('the menu opens on the docs menu, goes back to the main menu, traps focus and closes on Escape', async () => {
    const { page, close } = await open('/docs/guides/long', { width: 400 });
    await page.click('button[aria-label="Toggle navigation bar"]');
    const dialog = page.locator('[role="dialog"]');
    await dialog.waitFor();
    assert.ok(await dialog.locator('.sidebar-link[aria-current="page"]').isVisible(), 'the docs menu shows the current page');
    await page.click('text=← Back to main menu');
    assert.ok(await dialog.locator('a.navbar-link', { hasText: 'Docs' }).isVisible());
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      assert.ok(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]')), `focus stays in the menu (tab ${i + 1})`);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await close();
  });

  test('the menu closes on back navigation and when the layout turns desktop', async () => {
    const { page, close } = await open('/docs/intro', { width: 400 });
    await page.click('.markdown a[href="/docs/guides/long"]');
    await page.waitForFunction(() => document.title.startsWith('Long guide'));
    await page.click('button[aria-label="Toggle navigation bar"]');
    await page.locator('[role="dialog"]').waitFor();
    await page.goBack();
    await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
    // Back closes the menu at once; the page change that follows closes it again, so the
    // menu is reopened only once the previous page is in place.
    await page.waitForFunction(() => document.title.startsWith('Introduction'));

    await page.click('button[aria-label="Toggle navigation bar"]');
    await page.locator('[role="dialog"]').waitFor();
    await page.setViewportSize({ width: 1200, height: 800 });
    await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
    await close();
  });
});

test('the navbar hides on scroll down and shows on scroll up', async () => {
  const { page, close } = await open('/docs/guides/long');
  await page.mouse.wheel(0, 1500);
  await page.waitForSelector('nav[aria-label="Main"].navbar-hidden');
  await page.mouse.wheel(0, -300);
  await page.waitForSelector('nav[aria-label="Main"]:not(.navbar-hidden)');
  await close();
});

test('keyboard users get the navigation-with-keyboard class until they use the mouse', async () => {
  const { page, close } = await open('/docs/intro');
  await page.keyboard.press('Tab');
  assert.ok(await page.evaluate(() => document.body.classList.contains('navigation-with-keyboard')));
  await page.mouse.down();
  await page.mouse.up();
  assert.equal(await page.evaluate(() => document.body.classList.contains('navigation-with-keyboard')), false);
  await close();
});

describe('sidebar', () => {
  test('a collapsed category mounts its items only when opened, with a height animation', async () => {
    const { page, close } = await open('/docs/intro');
    const button = page.locator('.sidebar-category-button', { hasText: 'Reference' });
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.locator('a[href="/docs/reference/page-1"]').count(), 0, 'lazy: not in the DOM yet');
    const transition = await page.evaluate(() => {
      const toggle = [...document.querySelectorAll('.sidebar-category-button')].find((element) => element.textContent === 'Reference') as HTMLElement;
      toggle.click();
      return new Promise<string>((resolve) => requestAnimationFrame(() => resolve(document.getElementById(toggle.getAttribute('aria-controls')!)!.style.transition)));
    });
    assert.match(transition, /^height (\d+)ms ease-in-out$/);
    assert.ok(Number(/(\d+)ms/.exec(transition)![1]) > 100, transition);
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    assert.ok(await page.locator('a[href="/docs/reference/page-1"]').isVisible());
    await close();
  });

  test('with reduced motion the animation takes 1 ms', async () => {
    const { page, close } = await open('/docs/intro', { reducedMotion: 'reduce' });
    const transition = await page.evaluate(() => {
      const toggle = [...document.querySelectorAll('.sidebar-category-button')].find((element) => element.textContent === 'Reference') as HTMLElement;
      toggle.click();
      return new Promise<string>((resolve) => requestAnimationFrame(() => resolve(document.getElementById(toggle.getAttribute('aria-controls')!)!.style.transition)));
    });
    assert.equal(transition, 'height 1ms ease-in-out');
    await close();
  });

  test('the active link matches its path ignoring case and a trailing slash', async () => {
    const { page, close } = await open('/docs/intro');
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/docs/Guides/Long/';
      link.textContent = 'odd case';
      document.querySelector('.markdown')!.appendChild(link);
      link.click();
    });
    await page.waitForFunction(() => document.title.startsWith('Long guide'));
    assert.equal(await page.getAttribute('.sidebar-link[aria-current="page"]', 'href'), '/docs/guides/long');
    await close();
  });
});

test('the language menu links to the same page under the chosen locale', async () => {
  const { page, close } = await open('/docs/guides/short');
  await page.click('.navbar-dropdown-toggle');
  assert.equal(await page.getAttribute('.navbar-dropdown-menu a', 'href'), '/docs/guides/short');
  assert.equal(await page.textContent('.navbar-dropdown-menu a'), 'English');
  await close();
});

test('tabs with one groupId switch together and remember the choice', async () => {
  const { page, problems, close } = await open('/docs/guides/tabs');
  assert.equal(await page.locator('[role="tabpanel"]:visible').count(), 2);
  assert.match((await page.locator('[role="tabpanel"]:visible').first().textContent()) ?? '', /Linux command/);
  await page.locator('[role="tab"]', { hasText: 'macOS' }).first().click();
  const visible = await page.locator('[role="tabpanel"]:visible').allTextContents();
  assert.match(visible.join(' '), /macOS command[\s\S]*Second macOS panel/);
  await page.reload();
  await hydrated(page);
  assert.match((await page.locator('[role="tabpanel"]:visible').allTextContents()).join(' '), /Second macOS panel/);
  assert.deepEqual(problems, []);
  await close();
});

describe('runtime', () => {
  test('navigation updates title and meta description', async () => {
    const { page, close } = await open('/docs/intro');
    await page.click('.sidebar-link[href="/docs/guides/short"]');
    await page.waitForFunction(() => document.title === 'Short guide | Theme');
    assert.equal(await page.getAttribute('meta[name="description"]', 'content'), 'A short page.');
    assert.equal(await page.getAttribute('link[rel="canonical"]', 'href'), 'https://theme.example/docs/guides/short');
    await close();
  });

  test('unknown routes render the not-found page client-side', async () => {
    const { page, close } = await open('/docs/intro');
    await mark(page);
    await page.click('a[href="/docs/gone"]');
    await page.waitForSelector('text=Page Not Found');
    assert.ok(await marked(page), 'no reload');
    await close();
  });

  test('a slow chunk shows the progress bar', async () => {
    const { page, close } = await open('/docs/intro');
    await page.route(navigationFileOf('short'), async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue();
    });
    await page.click('.sidebar-link[href="/docs/guides/short"]');
    await page.waitForSelector('#nprogress .bar', { timeout: 2000 });
    await page.waitForFunction(() => document.title.startsWith('Short guide'));
    await page.waitForSelector('#nprogress', { state: 'detached' });
    await close();
  });

  test('a chunk that fails to load reloads the page once', async () => {
    // With data saving on, no idle prefetch of the in-view sidebar link takes the failure meant for the navigation
    // (a prefetch that fails is retried quietly by the click, which is right, but not what this test is about).
    let aborted = 0;
    const { page, close } = await open('/docs/intro', {
      init: () => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }),
      setup: (target) => target.route(navigationFileOf('short'), (route) => (aborted++ === 0 ? route.abort() : route.continue())),
    });
    await mark(page);
    // Waited for from before the click: the failed import reloads the document, and only a new document loads.
    const reloaded = page.waitForEvent('load');
    await page.click('.sidebar-link[href="/docs/guides/short"]');
    await reloaded;
    await page.waitForURL('**/docs/guides/short');
    await hydrated(page);
    assert.equal(await marked(page), false, 'the document was reloaded');
    assert.match((await page.textContent('.markdown')) ?? '', /Short and sweet/);
    await close();
  });

  test('a chunk that keeps failing shows the error with a Retry button', async () => {
    const { page, close } = await open('/docs/intro');
    // A page of Markdown only loads directly without its content file, but not without its frame: both fail here.
    await page.context().route((url) => navigationFileOf('short')(url) || url.pathname.startsWith('/assets/routes/frame-'), (route) => route.abort());
    await page.click('.sidebar-link[href="/docs/guides/short"]');
    await page.waitForURL('**/docs/guides/short');
    const panel = page.locator('#__docsite-chunk-error');
    await panel.waitFor();
    assert.ok(await panel.locator('button', { hasText: 'Retry' }).isVisible());
    assert.match((await panel.textContent()) ?? '', /\S/);
    await close();
  });

  test('a component that throws shows the crash screen, and Try again recovers', async () => {
    const { page, close } = await open('/docs/crash');
    await page.click('button.break-it');
    await page.waitForSelector('text=This page crashed.');
    const screen = (await page.textContent('.crash-screen')) ?? '';
    assert.match(screen, /The widget broke/);
    assert.match(screen, /Its data was missing/);
    assert.ok(await page.isVisible('nav[aria-label="Main"]'), 'the navbar survives');
    await page.click('text=Try again');
    await page.waitForSelector('button.break-it');
    await close();
  });

  test('hovering a link loads its chunk, but not with data saving on', async () => {
    for (const saveData of [false, true]) {
      const { page, close } = await open('/docs/intro', {
        ...(saveData ? { init: () => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }) } : {}),
      });
      const requested: string[] = [];
      const isChunk = (request: { url(): string }) => navigationFileOf('long')(new URL(request.url()));
      page.on('request', (request) => {
        if (isChunk(request)) requested.push(request.url());
      });
      const chunkRequest = saveData ? undefined : page.waitForRequest(isChunk, { timeout: 10_000 });
      await page.hover('.sidebar-link[href="/docs/guides/long"]');
      if (chunkRequest) await chunkRequest; // hover prefetches the chunk
      else {
        await page.waitForTimeout(1500);
        assert.deepEqual(requested, [], 'no prefetch with saveData');
      }
      await close();
    }
  });
});

/**
 * What navigating to /docs/guides/<slug> fetches: its chunk, or for a page of Markdown only (no chunk) its content
 * file, which the tests tell by kind (no other page's content file is fetched from /docs/intro unasked).
 */
function navigationFileOf(slug: string): (url: URL) => boolean {
  return (url) => url.pathname.startsWith(`/assets/routes/docs-guides-${slug}-`) || /^\/assets\/content\/[\w-]+\.json$/.test(url.pathname);
}

test('opened under the wrong base URL, a red banner names the expected one', async () => {
  const wrong = makeSite({}, 'theme');
  // Built for /docs-site/ but served from the root: nothing but the inline check can run.
  const served = await buildAndServe(wrong, ['--base-url', '/docs-site/']);
  try {
    const page = await fixture.browser.newPage();
    await page.goto(served.origin + '/docs/intro/');
    const banner = page.locator('#__docsite-base-url-issue');
    await banner.waitFor();
    assert.match((await banner.textContent()) ?? '', /\/docs-site\//);
    assert.equal(await banner.evaluate((element) => getComputedStyle(element).backgroundColor), 'rgb(185, 28, 28)');
    await page.close();
  } finally {
    await served.stop();
    removeSite(wrong);
  }
});
