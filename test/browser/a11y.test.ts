import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { serveMemora } from './harness';

// axe-core on the bundled Memora site, in both colour modes: no violation of impact serious or critical
// (colour contrast AA included) on each kind of page and with the search and the mobile menu open.

const fixture = serveMemora();

interface Scene {
  name: string;
  path: string;
  width?: number;
  /** Brings the page into the state to check. */
  prepare?: (page: Page) => Promise<unknown>;
}

const SCENES: Scene[] = [
  { name: 'home page', path: '/' },
  { name: 'docs page', path: '/docs/overview/introduction' },
  { name: 'API operation page', path: '/docs/api/create-shared-link' },
  {
    name: 'API operation page with Try it open',
    path: '/docs/api/create-album',
    prepare: async (page) => {
      await page.click('.api-try-button');
      await page.waitForSelector('.api-try form');
    },
  },
  { name: 'blog post', path: '/blog/release-1-36' },
  { name: 'blog list', path: '/blog' },
  { name: 'milestones', path: '/milestones' },
  {
    name: 'search open with results',
    path: '/docs/overview/introduction',
    prepare: async (page) => {
      await page.click('input[type="search"]');
      await page.keyboard.type('backup');
      await page.waitForSelector('.search-hit');
    },
  },
  {
    name: 'mobile menu open',
    path: '/docs/overview/introduction',
    width: 375,
    prepare: async (page) => {
      await page.click('.navbar-toggle');
      await page.waitForSelector('.navbar-sidebar .sidebar-nav');
    },
  },
];

for (const theme of ['light', 'dark'] as const) {
  describe(`axe, ${theme} mode`, () => {
    for (const scene of SCENES) {
      test(scene.name, async () => {
        const context = await fixture.browser.newContext({ viewport: { width: scene.width ?? 1280, height: 900 }, colorScheme: theme });
        await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
        const page = await context.newPage();
        const response = await page.goto(fixture.origin + scene.path);
        assert.equal(response!.status(), 200, scene.path);
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        assert.equal(await page.getAttribute('html', 'data-theme'), theme);
        await scene.prepare?.(page);
        const { violations } = await new AxeBuilder({ page }).analyze();
        const serious = violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes.slice(0, 5).map((node) => `    ${node.target.join(' ')} ${node.failureSummary?.split('\n').slice(1, 2).join(' ') ?? ''}`).join('\n')}`);
        assert.deepEqual(serious, [], `${scene.path}:\n${serious.join('\n')}`);
        await context.close();
      });
    }
  });
}

test('the first Tab reaches the skip link, which moves keyboard focus past the navigation into the page', async () => {
  const page = await fixture.browser.newPage();
  await page.goto(fixture.origin + '/docs/overview/introduction');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.className), 'skip-link');
  assert.equal(await page.evaluate(() => getComputedStyle(document.activeElement!).clip === 'auto' || document.activeElement!.getBoundingClientRect().width > 1), true, 'visible when focused');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  assert.ok(await page.evaluate(() => Boolean(document.activeElement?.closest('#main-content'))), 'the next Tab lands inside the main content');
  await page.close();
});
