import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { XMLValidator } from 'fast-xml-parser';
import type { Page } from 'playwright-core';
import { serveFixture, waitForRoute, watchConsole } from './harness';

// Every page kind of issue 5 in Chromium, on the blog fixture: blog list, post, tags, tag posts,
// archive, docs tags, docs tag docs, React and MDX standalone pages, not-found.

const fixture = serveFixture('blog');

async function open(path: string): Promise<{ page: Page; problems: string[] }> {
  const page = await fixture.browser.newPage();
  const problems = watchConsole(page);
  const response = await page.goto(fixture.origin + path);
  assert.equal(response?.status(), path.startsWith('/nope') ? 404 : 200, path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return { page, problems };
}

const texts = (page: Page, selector: string) => page.locator(selector).allTextContents();

test('the blog list shows the newest posts with excerpts, authors, tags and pagination', async () => {
  const { page, problems } = await open('/blog');
  assert.deepEqual(await texts(page, '.blog-post-title'), ['2023 recap', 'Update: v1.64 to v1.71 & more']);
  assert.match((await page.textContent('.blog-list-item:nth-of-type(2)')) ?? '', /Seven releases in a month\..*Read more/s);
  assert.doesNotMatch((await page.textContent('main')) ?? '', /Faster search/, 'text after the truncate marker stays out of the list');
  assert.deepEqual(await texts(page, '.blog-author-name'), ['Ada Example', 'Guest Writer']);
  assert.equal(await page.getAttribute('.blog-author-image', 'src'), '/img/ada.svg');
  assert.match((await page.textContent('.pagination-nav')) ?? '', /Page 1 of 2.*Older entries/s);
  assert.deepEqual(await texts(page, '.blog-sidebar a'), ['2023 recap', 'Update: v1.64 to v1.71 & more', 'Mid-year update']);
  // Feeds are announced in the head.
  assert.deepEqual(await page.locator('link[rel="alternate"][type]').evaluateAll((links) => links.map((link) => link.getAttribute('href'))), ['/blog/rss.xml', '/blog/atom.xml', '/blog/feed.json']);

  await page.click('text=Older entries');
  await waitForRoute(page, '/blog/page/2');
  assert.deepEqual(await texts(page, '.blog-post-title'), ['Mid-year update', 'Release 1.36']);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a post: title, date, reading time, authors, TOC, tags, newer/older links; navigation stays in the app', async () => {
  const { page, problems } = await open('/blog');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.click('a:text("Update: v1.64 to v1.71 & more")');
  await waitForRoute(page, '/blog/2023/07/29/update');
  await page.waitForSelector('h1.blog-post-title');
  assert.equal(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 1, 'no full reload');
  assert.equal(await page.title(), 'Update: v1.64 to v1.71 & more | Lantern');
  assert.match((await page.textContent('.blog-post-meta')) ?? '', /July 29, 2023 · 1 min read/);
  assert.deepEqual(await texts(page, 'nav[aria-label="Table of contents"] a'), ['Highlights']);
  assert.deepEqual(await texts(page, '.blog-post .tag'), ['News', 'v1.64.0 - v1.71.0']);
  assert.match((await page.textContent('.pagination-prev')) ?? '', /2023 recap/);
  assert.match((await page.textContent('.pagination-next')) ?? '', /Mid-year update/);
  assert.equal(await page.getAttribute('.blog-sidebar a[aria-current="page"]', 'href'), '/blog/2023/07/29/update');
  await page.click('.blog-post .tag:text("v1.64.0 - v1.71.0")');
  await waitForRoute(page, '/blog/tags/v-1-64-0-v-1-71-0');
  assert.equal(await page.textContent('h1'), '1 post tagged with "v1.64.0 - v1.71.0"');
  assert.deepEqual(problems, []);
  await page.close();
});

test('slug front matter routes, tags list with counts, tag pages, archive by year', async () => {
  const { page, problems } = await open('/blog/release-1-36');
  assert.equal(await page.textContent('h1'), 'Release 1.36');
  await page.goto(fixture.origin + '/blog/2023/2023-recap');
  assert.equal(await page.textContent('h1'), '2023 recap');

  await page.goto(fixture.origin + '/blog/tags');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  assert.deepEqual(await texts(page, '.tags-index .tag'), ['News3', 'Release1', 'v1.64.0 - v1.71.01']);
  await page.goto(fixture.origin + '/blog/tags/news');
  assert.equal(await page.textContent('h1'), '3 posts tagged with "News"');
  assert.match((await page.textContent('.blog-list-header')) ?? '', /Project news\..*View all tags/s);

  await page.goto(fixture.origin + '/blog/archive');
  assert.deepEqual(await texts(page, '.blog-archive-year h2'), ['2023', '2022']);
  assert.deepEqual(await texts(page, '.blog-archive-year a'), ['2023 recap', 'Update: v1.64 to v1.71 & more', 'Mid-year update', 'Release 1.36']);
  assert.deepEqual(problems, []);
  await page.close();
});

test('docs tags: the list, a tag page, and the tags at the foot of a doc', async () => {
  const { page, problems } = await open('/docs/intro');
  assert.deepEqual(await texts(page, '.doc .tag-list .tag'), ['guide', 'v1.2 & later']);
  await page.click('.doc .tag-list .tag:text("guide")');
  await waitForRoute(page, '/docs/tags/guide');
  assert.equal(await page.textContent('h1'), '2 docs tagged with "guide"');
  assert.deepEqual(await texts(page, '.tag-doc-list h2'), ['Introduction', 'Other page']);
  await page.click('text=View all tags');
  await waitForRoute(page, '/docs/tags');
  assert.deepEqual(await texts(page, '.tags-index .tag'), ['Deep dive1', 'guide2', 'v1.2 & later1']);
  assert.deepEqual(problems, []);
  await page.close();
});

test('standalone pages: a React page with meta, an MDX page with its TOC, and the not-found page', async () => {
  const { page, problems } = await open('/');
  assert.equal(await page.textContent('h1'), 'Welcome to Lantern');
  assert.equal(await page.title(), 'Lantern: light for your docs | Lantern');
  assert.equal(await page.getAttribute('meta[name="description"]', 'content'), 'The home page of Lantern.');
  await page.goto(fixture.origin + '/about');
  assert.equal(await page.textContent('h1'), 'About Lantern');
  assert.deepEqual(await texts(page, 'nav[aria-label="Table of contents"] a'), ['History']);
  // Client-side navigation to the React page takes its meta title too.
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.click('.navbar-brand');
  await waitForRoute(page, '/');
  await page.waitForFunction(() => document.title === 'Lantern: light for your docs | Lantern');
  assert.deepEqual(problems, []);
  await page.close();

  const missing = await open('/nope/not-here');
  assert.equal(await missing.page.textContent('h1'), 'Page Not Found');
  assert.equal(await missing.page.title(), 'Page Not Found | Lantern');
  assert.ok(await missing.page.locator('main a[href="/"]').count());
  assert.ok(await missing.page.locator('main a[href="/docs"]').count());
  await missing.page.close();
});

test('feeds, sitemap and robots.txt are served and well formed', async () => {
  const build = join(fixture.dir, 'build');
  for (const file of ['blog/rss.xml', 'blog/atom.xml', 'sitemap.xml']) assert.equal(XMLValidator.validate(readFileSync(join(build, file), 'utf8')), true, file);
  const json = JSON.parse(readFileSync(join(build, 'blog/feed.json'), 'utf8')) as { items: { url: string }[] };
  assert.deepEqual(json.items.map((item) => item.url), [
    'https://lantern.example/blog/2023/2023-recap',
    'https://lantern.example/blog/2023/07/29/update',
    'https://lantern.example/blog/2023/06/24/update',
    'https://lantern.example/blog/release-1-36',
  ]);
  const sitemap = readFileSync(join(build, 'sitemap.xml'), 'utf8');
  for (const path of ['/', '/about', '/blog', '/blog/release-1-36', '/blog/tags/news', '/docs/intro', '/docs/tags/guide']) assert.ok(sitemap.includes(`<loc>https://lantern.example${path}</loc>`), path);
  for (const path of ['/404', '/search', '/blog/2024/01/06/hidden', '/secret/plan', '/docs<']) assert.ok(!sitemap.includes(`https://lantern.example${path}`), path);
  const robots = await (await fetch(fixture.origin + '/robots.txt')).text();
  assert.match(robots, /Sitemap: https:\/\/lantern\.example\/sitemap\.xml/);
});
