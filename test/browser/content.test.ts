import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { serveMemora, waitForRoute, watchConsole } from './harness';

// Every page of the bundled Memora site loads and hydrates in Chromium without a console problem (the API reference's
// generated pages, nearly 300 of one template and its data, by a sample spread over them).

const fixture = serveMemora();

function builtRoutes(): string[] {
  return readdirSync(join(fixture.dir, 'build'), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('index.html'))
    .map((file) => '/' + file.slice(0, -'index.html'.length).replace(/\\/g, '/'))
    .sort();
}

/** One API page in SAMPLE_EVERY of each generated kind (operations, schemas), and every other page. */
const SAMPLE_EVERY = 5;
function routesToHydrate(): string[] {
  const seen = new Map<string, number>();
  return builtRoutes().filter((route) => {
    const kind = route.startsWith('/docs/api/schemas/') ? 'schema' : route.startsWith('/docs/api/') && route !== '/docs/api/' ? 'operation' : undefined;
    if (!kind) return true;
    const index = seen.get(kind) ?? 0;
    seen.set(kind, index + 1);
    return index % SAMPLE_EVERY === 0;
  });
}

test('every page hydrates without console errors', async () => {
  const routes = routesToHydrate();
  assert.ok(routes.length >= 100 && routes.some((route) => route.startsWith('/docs/api/schemas/')), `pages to hydrate: ${routes.length}`);
  const page = await fixture.browser.newPage();
  const problems = watchConsole(page);
  for (const route of routes) {
    await page.goto(fixture.origin + route);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    assert.deepEqual(problems, [], route);
  }
  await page.close();
});

test('client navigation to the milestones page loads its stylesheet before it shows the timeline', async () => {
  const page = await fixture.browser.newPage();
  const problems = watchConsole(page);
  await page.goto(fixture.origin + '/docs/overview/introduction');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.click('nav[aria-label="Main"] a[href="/milestones"]');
  await waitForRoute(page, '/milestones');
  const card = await page.$eval('.milestone-card', (element) => getComputedStyle(element).borderTopStyle);
  assert.equal(card, 'solid', 'the milestones stylesheet applies after a client-side navigation');
  const versions = await page.$$eval('.milestone-version', (elements) => elements.map((element) => element.textContent));
  assert.equal(versions[0], 'v1.94.0');
  assert.equal(versions.at(-1), 'v1.0.0');
  const dates = await page.$$eval('.milestone time', (elements) => elements.map((element) => element.getAttribute('datetime') ?? ''));
  assert.deepEqual(dates, [...dates].sort().reverse(), 'newest first');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a link to the lowercase comparison path lands on the canonical page, without a history entry', async () => {
  const page = await fixture.browser.newPage();
  await page.goto(fixture.origin + '/');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.evaluate(() => {
    const link = document.createElement('a');
    link.href = '/docs/overview/comparison';
    link.id = 'lowercase-link';
    link.textContent = 'comparison';
    document.querySelector('main')!.append(link);
  });
  await page.click('#lowercase-link');
  await waitForRoute(page, '/docs/overview/Comparison');
  assert.equal(new URL(page.url()).pathname, '/docs/overview/Comparison');
  await page.goBack();
  await waitForRoute(page, '/');
  // A full load of the lowercase path forwards as well (meta refresh for readers without the app).
  await page.goto(fixture.origin + '/docs/overview/comparison');
  await page.waitForURL(/\/docs\/overview\/Comparison$/);
  await page.close();
});
