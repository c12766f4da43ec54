import assert from 'node:assert/strict';
import { cpSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { makeSite, removeSite, ROOT } from '../helpers';
import { buildAndServe, launchBrowser, watchConsole, type ServedSite } from './harness';

// Every page of the bundled Memora site loads and hydrates in Chromium without a console problem.

let dir: string;
let site: ServedSite;
let browser: Browser;

before(async () => {
  // A copy, so the test never touches content/build of a developer's checkout.
  dir = makeSite({}, null);
  cpSync(join(ROOT, 'content'), dir, { recursive: true, filter: (source) => !/[/\\](build|\.docsite)$/.test(source) });
  [site, browser] = await Promise.all([buildAndServe(dir), launchBrowser()]);
});
after(async () => {
  await browser?.close();
  await site?.stop();
  removeSite(dir);
});

function builtRoutes(): string[] {
  return readdirSync(join(dir, 'build'), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('index.html'))
    .map((file) => '/' + file.slice(0, -'index.html'.length).replace(/\\/g, '/'))
    .sort();
}

test('every page hydrates without console errors', async () => {
  const routes = builtRoutes();
  assert.ok(routes.length >= 10, `pages built: ${routes.length}`);
  const page = await browser.newPage();
  const problems = watchConsole(page);
  for (const route of routes) {
    await page.goto(site.origin + route);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    assert.deepEqual(problems, [], route);
  }
  await page.close();
});
