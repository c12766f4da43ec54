import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { serveFixture, watchConsole } from './harness';

// A site with three docs versions (2.0 the last, at /docs; the docs folder as "Canary" at /docs/next; 1.0 at
// /docs/1.0) in two locales (English, and Arabic under /ar/, right to left, with some pages not translated yet).

const fixture = serveFixture('versions-locales');

async function open(page: Page, path: string): Promise<void> {
  await page.goto(fixture.origin + path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

async function pickFromMenu(page: Page, menu: 'version' | 'locale', label: string): Promise<void> {
  const before = new URL(page.url()).pathname;
  await page.click(`.navbar-${menu}-dropdown .navbar-dropdown-toggle`);
  await page.click(`.navbar-${menu}-dropdown .navbar-dropdown-link:text-is("${label}")`);
  // Within a locale the router moves client-side; into another locale the browser loads the page.
  await page.waitForFunction((from) => location.pathname !== from && document.documentElement.dataset.hydrated === 'true', before);
  await page.waitForLoadState();
}

test('the version menu leads to the same doc in another version, or to its first page when it has none', async () => {
  const page = await fixture.browser.newPage();
  const errors = watchConsole(page);
  await open(page, '/docs/guide/install');
  assert.equal((await page.textContent('.navbar-version-dropdown .navbar-dropdown-toggle'))?.trim(), '2.0');
  assert.match((await page.textContent('.version-badge')) ?? '', /Version: 2\.0/);
  await pickFromMenu(page, 'version', 'Canary');
  assert.equal(new URL(page.url()).pathname, '/docs/next/guide/install');
  // The router swaps the page in once its chunk is there.
  await page.waitForFunction(() => document.querySelector('article')?.textContent?.includes('canary build'));
  assert.equal((await page.textContent('.navbar-version-dropdown .navbar-dropdown-toggle'))?.trim(), 'Canary');
  // "Configure" is not a page of 1.0: the menu leads to 1.0's first page (its sidebar is generated: the guide comes first).
  await open(page, '/docs/guide/configure');
  await page.click('.navbar-version-dropdown .navbar-dropdown-toggle');
  assert.equal(await page.getAttribute('.navbar-version-dropdown .navbar-dropdown-link:text-is("1.0")', 'href'), '/docs/1.0/guide/install');
  assert.deepEqual(errors, []);
  await page.close();
});

test('unreleased and unmaintained versions carry a banner leading to the last version; the last has none', async () => {
  const page = await fixture.browser.newPage();
  await open(page, '/docs/next/streaming');
  assert.match((await page.textContent('.version-banner-unreleased')) ?? '', /not released yet/);
  // Streaming is new in the docs folder: the banner leads to the last version's first page.
  assert.equal(await page.getAttribute('.version-banner a', 'href'), '/docs/intro');
  await open(page, '/docs/1.0/guide/install');
  assert.match((await page.textContent('.version-banner-unmaintained')) ?? '', /no longer maintained/);
  assert.equal(await page.getAttribute('.version-banner a', 'href'), '/docs/guide/install');
  await open(page, '/docs/intro');
  assert.equal(await page.locator('.version-banner').count(), 0);
  await page.close();
});

test('the version a reader picks is remembered and the navbar docs link follows it', async () => {
  const context = await fixture.browser.newContext();
  const page = await context.newPage();
  await open(page, '/blog');
  assert.equal(await page.getAttribute('.navbar-link:text-is("Docs")', 'href'), '/docs/intro');
  await open(page, '/docs/intro');
  await pickFromMenu(page, 'version', '1.0');
  assert.equal(new URL(page.url()).pathname, '/docs/1.0/intro');
  assert.equal(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default')), '1.0');
  await open(page, '/blog');
  // 1.0 has no "guide" sidebar (its sidebar is generated): the link leads to 1.0's first page.
  await page.waitForFunction(() => document.querySelector('.navbar-link.navbar-item[href="/docs/1.0/guide/install"]') !== null);
  assert.equal((await page.textContent('.navbar-version-dropdown .navbar-dropdown-toggle'))?.trim(), '1.0');
  // On a page of another version, the docs link leads into the version read.
  await open(page, '/docs/next/intro');
  assert.equal(await page.getAttribute('.navbar-link:text-is("Docs")', 'href'), '/docs/next/intro');
  await context.close();
});

test('the language menu keeps the page; a page not translated yet shows the default text in the translated frame', async () => {
  const page = await fixture.browser.newPage();
  const errors = watchConsole(page);
  await open(page, '/docs/next/streaming');
  await pickFromMenu(page, 'locale', 'العربية');
  assert.equal(new URL(page.url()).pathname, '/ar/docs/next/streaming');
  assert.equal(await page.getAttribute('html', 'lang'), 'ar');
  assert.equal(await page.getAttribute('html', 'dir'), 'rtl');
  // Not translated: the English text, in the Arabic navbar.
  assert.match((await page.textContent('article')) ?? '', /Streaming arrived in the canary/);
  assert.equal((await page.textContent('.navbar-link[href="/ar/docs/next/intro"]'))?.trim(), 'التوثيق');
  await open(page, '/ar/docs/intro');
  assert.match((await page.textContent('article')) ?? '', /الإصدار المستقر/);
  await pickFromMenu(page, 'locale', 'English');
  assert.equal(new URL(page.url()).pathname, '/docs/intro');
  assert.notEqual(await page.getAttribute('html', 'dir'), 'rtl');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a right-to-left locale mirrors the layout', async () => {
  const page = await fixture.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await open(page, '/ar/docs/intro');
  const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
  const [sidebar, article] = [await box('.sidebar-nav'), await box('article')];
  assert.ok(sidebar.x > article.x, `sidebar ${sidebar.x}, article ${article.x}`);
  await page.close();
});

test('every page names its translations (hreflang) in its head and in the sitemap', async () => {
  const page = await fixture.browser.newPage();
  await open(page, '/ar/docs/1.0/legacy');
  const alternates = await page.$$eval('link[rel="alternate"][hreflang]', (links) => links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]));
  assert.deepEqual(alternates, [
    ['en', 'https://lantern.example/docs/1.0/legacy'],
    ['ar', 'https://lantern.example/ar/docs/1.0/legacy'],
    ['x-default', 'https://lantern.example/docs/1.0/legacy'],
  ]);
  assert.equal(await page.getAttribute('link[rel="canonical"]', 'href'), 'https://lantern.example/ar/docs/1.0/legacy');
  const sitemap = readFileSync(join(fixture.dir, 'build', 'ar', 'sitemap.xml'), 'utf8');
  assert.match(sitemap, /<loc>https:\/\/lantern\.example\/ar\/docs\/intro<\/loc>\s*<xhtml:link rel="alternate" hreflang="ar" href="https:\/\/lantern\.example\/ar\/docs\/intro"\/>\s*<xhtml:link rel="alternate" hreflang="en" href="https:\/\/lantern\.example\/docs\/intro"\/>/);
  await page.close();
});

async function search(page: Page, query: string): Promise<void> {
  await page.click('input[type="search"]');
  await page.fill('input[type="search"]', query);
}

test('search shows the version being read, and the others on request', async () => {
  const page = await fixture.browser.newPage();
  const errors = watchConsole(page);
  // "zephyr" is in the docs folder (Canary) only.
  await open(page, '/docs/next/intro');
  await search(page, 'zephyr');
  await page.waitForSelector('.search-hit[data-version="current"]');
  assert.equal(await page.locator('.search-hit[data-version="2.0"], .search-hit[data-version="1.0"]').count(), 0);
  // Reading 1.0, the canary's pages are not among the results until the reader asks for every version.
  await open(page, '/docs/1.0/intro');
  await search(page, 'zephyr');
  await page.waitForSelector('.search-version-facet');
  assert.equal(await page.inputValue('.search-version-facet'), '1.0');
  assert.equal(await page.locator('.search-hit[data-version="current"]').count(), 0);
  await page.selectOption('.search-version-facet', { label: 'All versions' });
  await page.waitForSelector('.search-hit[data-version="current"]');
  // "quokka" is in 1.0 only.
  await search(page, 'quokka');
  await page.waitForSelector('.search-hit[data-version="1.0"]');
  assert.deepEqual(errors, []);
  await page.close();
});

test("each locale searches its own pages, in its own language", async () => {
  const page = await fixture.browser.newPage();
  const indexes: string[] = [];
  const languageFiles: string[] = [];
  page.on('request', (request) => /lunr-index-\d+\.json/.test(request.url()) && indexes.push(new URL(request.url()).pathname));
  page.on('request', (request) => /\/assets\/search\/(stemmers|stopwords)\//.test(request.url()) && languageFiles.push(new URL(request.url()).pathname));
  await open(page, '/ar/docs/next/intro');
  await search(page, 'زفير');
  await page.waitForSelector('.search-hit');
  assert.match((await page.getAttribute('.search-hit', 'href')) ?? '', /^\/ar\/docs\/next\/intro/);
  assert.ok(indexes.length > 0 && indexes.every((path) => path.startsWith('/ar/')), indexes.join(', '));
  // The search worker loads the Arabic stemmer and stop words, files of their own, and no other language's.
  assert.deepEqual(languageFiles.map((path) => path.replace(/-[\w]+\.js$/, '')).sort(), ['/ar/assets/search/stemmers/arabic', '/ar/assets/search/stopwords/arabic']);
  await page.close();
});

test("a missing page of a translated locale answers with that locale's not-found page", async () => {
  const page = await fixture.browser.newPage();
  const response = await page.goto(fixture.origin + '/ar/docs/no-such-page');
  assert.equal(response?.status(), 404);
  assert.equal(await page.getAttribute('html', 'lang'), 'ar');
  assert.equal((await page.textContent('h1'))?.trim(), 'الصفحة غير موجودة');
  await page.close();
});
