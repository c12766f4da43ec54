import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { serveFixture, watchConsole } from './harness';

// The fixture site in real Chromium: hydration, client-side navigation, colour mode, 404, mobile toggle.

describe('engine in Chromium', () => {
  const fixture = serveFixture('basic');

  async function open(path: string, options: { width?: number } = {}): Promise<{ page: Page; problems: string[] }> {
    const page = await fixture.browser.newPage({ viewport: { width: options.width ?? 1280, height: 800 } });
    const problems = watchConsole(page);
    const response = await page.goto(fixture.origin + path);
    assert.equal(response?.status(), 200, path);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    return { page, problems };
  }

  test('every page hydrates without console errors or hydration warnings', async () => {
    for (const path of ['/docs/intro', '/docs/guides/first', '/docs/guides/second']) {
      const { page, problems } = await open(path);
      assert.deepEqual(problems, [], path);
      await page.close();
    }
  });

  test('internal links navigate client-side: no reload, new title, new content, history works', async () => {
    const { page, problems } = await open('/docs/intro');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    const routeChunks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/routes/')) routeChunks.push(new URL(request.url()).pathname);
    });

    await page.click('.sidebar-link[href="/docs/guides/second"]');
    await page.waitForURL('**/docs/guides/second');
    await page.waitForFunction(() => document.title.startsWith('Second guide'));
    assert.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 42, 'the document was not reloaded');
    assert.match(await page.textContent('.markdown h1') ?? '', /Second guide/);
    assert.equal(await page.getAttribute('.sidebar-link[aria-current="page"]', 'href'), '/docs/guides/second');
    assert.ok(routeChunks.some((path) => path.startsWith('/assets/routes/docs-guides-second')), `route chunk loaded: ${routeChunks}`);

    await page.goBack();
    await page.waitForURL('**/docs/intro');
    await page.waitForFunction(() => document.title.startsWith('Introduction'));
    assert.match(await page.textContent('.markdown h1') ?? '', /Introduction/);
    await page.goForward();
    await page.waitForURL('**/docs/guides/second');
    await page.waitForFunction(() => document.title.startsWith('Second guide'));
    assert.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 42);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test("a page of an earlier build navigates by loading pages from the server, not with a later build's chunks", async () => {
    const { page, problems } = await open('/docs/intro');
    const boot = await page.evaluate(() => JSON.parse(document.getElementById('__docsite-boot')!.textContent!) as { manifest: string; runtime?: string });
    assert.equal(boot.manifest, '/route-manifest.json', 'the manifest has the same name in every build');
    assert.ok(boot.runtime?.startsWith('/assets/app-'), `the page names its runtime: ${boot.runtime}`);
    await page.close();

    // The manifest the server has now is a later build's, with another runtime: the page's own fetch of it is answered
    // so, in the page. Playwright's request interception stood in for it before, and under CI's load its handler
    // outlived the page or hung the whole file three times (a disposed response, two time-outs of the file).
    const later = await fixture.browser.newPage();
    const laterProblems = watchConsole(later);
    await later.addInitScript(() => {
      const fetchFromServer = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const response = await fetchFromServer(input, init);
        if (!String(input instanceof Request ? input.url : input).includes('/route-manifest.json')) return response;
        const manifest = (await response.json()) as Record<string, unknown>;
        return new Response(JSON.stringify({ ...manifest, runtime: '/assets/app-LATER.js' }), { headers: { 'content-type': 'application/json' } });
      };
    });
    await later.goto(fixture.origin + '/docs/intro');
    await later.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await later.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    const entries = await later.evaluate(() => history.length);
    await later.click('.sidebar-link[href="/docs/guides/second"]');
    await later.waitForURL('**/docs/guides/second');
    await later.waitForFunction(() => document.title.startsWith('Second guide') && document.documentElement.dataset.hydrated === 'true');
    assert.equal(await later.evaluate(() => (window as unknown as { __marker?: number }).__marker), undefined, 'the page was loaded from the server');
    assert.equal(await later.evaluate(() => history.length), entries + 1, 'one history entry for the navigation');
    await later.goBack();
    await later.waitForURL('**/docs/intro');
    assert.deepEqual([...problems, ...laterProblems], []);
    await later.close();
  });

  test('navigating to a page of Markdown only fetches one file, its content file: the body is the one the server wrote', async () => {
    const direct = await open('/docs/guides/first');
    const served = await direct.page.innerHTML('[data-docsite-body]');
    await direct.page.close();
    const { page, problems } = await open('/docs/intro');
    const contentFiles: string[] = [];
    const routeFiles: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/content/')) contentFiles.push(new URL(request.url()).pathname);
      if (request.url().includes('/assets/routes/')) routeFiles.push(new URL(request.url()).pathname);
    });
    await page.click('.sidebar-link[href="/docs/guides/first"]');
    await page.waitForFunction(() => document.title.startsWith('First guide'));
    assert.equal(contentFiles.length, 1, `one content file: ${contentFiles}`);
    assert.match(contentFiles[0]!, /^\/assets\/content\/[\w-]+\.json$/);
    // Links in view have their chunks or frames prefetched; the page itself has no chunk.
    assert.deepEqual(routeFiles.filter((path) => path.includes('docs-guides-first')), [], 'the page has no chunk');
    assert.equal(await page.innerHTML('[data-docsite-body]'), served);
    // The code block's copy button works on content laid in as HTML.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.click('.code-copy');
    assert.ok((await page.evaluate(() => navigator.clipboard.readText())).length > 0);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('a link to a heading on another page lands on that heading', async () => {
    const { page } = await open('/docs/intro');
    await page.click('.markdown a[href="/docs/guides/first#setup"]');
    await page.waitForURL('**/docs/guides/first#setup');
    await page.waitForFunction(() => document.title.startsWith('First guide'));
    const top = await page.evaluate(() => document.getElementById('setup')!.getBoundingClientRect().top);
    assert.ok(top >= 0 && top < 200, `heading scrolled into view (top ${top})`);
    await page.close();
  });

  test('the colour-mode switch flips the theme and the choice survives a reload', async () => {
    const { page, problems } = await open('/docs/intro');
    assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
    await page.click('button[aria-label^="Switch between dark and light mode"]');
    assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
    assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'dark');
    await page.reload();
    // Read before hydration too: the inline script sets it before first paint.
    assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('unknown paths answer 404 with the not-found page', async () => {
    const page = await fixture.browser.newPage();
    const response = await page.goto(fixture.origin + '/docs/no-such-page');
    assert.equal(response?.status(), 404);
    assert.match(await page.textContent('main') ?? '', /Page Not Found/);
    await page.close();
  });

  test('the mobile menu button shows at 996 px and below only', async () => {
    for (const [width, visible] of [[375, true], [996, true], [997, false], [1440, false]] as const) {
      const { page } = await open('/docs/intro', { width });
      assert.equal(await page.isVisible('button[aria-label="Toggle navigation bar"]'), visible, `width ${width}`);
      await page.close();
    }
  });

  test('the copy button copies a code block', async () => {
    const context = await fixture.browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: fixture.origin });
    const page = await context.newPage();
    await page.goto(fixture.origin + '/docs/guides/first');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.click('.code-block button[aria-label^="Copy"]');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'npm install\nnpm run build');
    await context.close();
  });
});
