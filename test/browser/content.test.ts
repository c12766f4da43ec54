import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../helpers';
import { serveFixture, watchConsole } from './harness';

// Every page of the bundled Memora site loads and hydrates in Chromium without a console problem.

const fixture = serveFixture(join(ROOT, 'content'));

function builtRoutes(): string[] {
  return readdirSync(join(fixture.dir, 'build'), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('index.html'))
    .map((file) => '/' + file.slice(0, -'index.html'.length).replace(/\\/g, '/'))
    .sort();
}

test('every page hydrates without console errors', async () => {
  const routes = builtRoutes();
  assert.ok(routes.length >= 10, `pages built: ${routes.length}`);
  const page = await fixture.browser.newPage();
  const problems = watchConsole(page);
  for (const route of routes) {
    await page.goto(fixture.origin + route);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    assert.deepEqual(problems, [], route);
  }
  await page.close();
});
