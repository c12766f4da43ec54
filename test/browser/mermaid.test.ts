import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { ROOT } from '../helpers';
import { serveFixture, waitForRoute, watchConsole } from './harness';

// ```mermaid fences: drawn as SVG in the browser, in the colour mode on screen; the renderer is a chunk
// only pages with a diagram load.

const fixture = serveFixture(join(ROOT, 'test/fixtures/extensions-mermaid'));

/** Script requests of a page, to tell whether it downloaded the renderer. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  return scripts;
}

const isMermaidChunk = (url: string) => /\/lazy\/mermaid-/.test(url);

function nodeFill(page: Page): Promise<string> {
  return page.$eval('.mermaid-svg svg .node rect, .mermaid-svg svg .node polygon', (shape) => getComputedStyle(shape).fill);
}

async function waitForDiagrams(page: Page, theme: 'default' | 'dark'): Promise<void> {
  await page.waitForFunction((expected) => document.documentElement.dataset.mermaidRendered === expected, theme);
}

test('a page without a diagram loads no mermaid code', async () => {
  const page = await fixture.browser.newPage();
  const scripts = recordScripts(page);
  await page.goto(fixture.origin + '/docs/plain');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.waitForLoadState('networkidle');
  assert.ok(scripts.length > 0, 'scripts were recorded');
  assert.deepEqual(scripts.filter(isMermaidChunk), []);
  await page.close();
});

test('a diagram renders as SVG in light mode and again in dark mode', async () => {
  const page = await fixture.browser.newPage();
  const problems = watchConsole(page);
  const scripts = recordScripts(page);
  await page.goto(fixture.origin + '/docs/diagram');
  // Without JS the source is in the server HTML.
  assert.match(await page.textContent('pre.mermaid-source') ?? '', /Draft --> Review --> Publish/);
  await waitForDiagrams(page, 'default');
  assert.ok(scripts.some(isMermaidChunk), 'the diagram page loaded the renderer');
  assert.equal(await page.locator('.mermaid-svg svg').count(), 1);
  assert.equal(await page.isHidden('pre.mermaid-source'), true, 'the source gives way to the drawing');
  const light = await nodeFill(page);
  await page.click('.color-mode-toggle');
  await waitForDiagrams(page, 'dark');
  const dark = await nodeFill(page);
  assert.notEqual(dark, light, `node fill differs between modes (${light} / ${dark})`);
  assert.equal(await page.locator('.mermaid-svg svg').count(), 1, 'redrawn in place, not added');
  assert.deepEqual(problems, []);
  await page.close();
});

test('client navigation to a diagram page renders its diagram', async () => {
  const page = await fixture.browser.newPage();
  const scripts = recordScripts(page);
  await page.goto(fixture.origin + '/docs/plain');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.click('main a[href="/docs/diagram"]');
  await waitForRoute(page, '/docs/diagram');
  await page.waitForSelector('.mermaid-svg svg');
  assert.ok(scripts.some(isMermaidChunk));
  await page.close();
});

test('an invalid diagram shows its syntax error in place', async () => {
  const page = await fixture.browser.newPage();
  await page.goto(fixture.origin + '/docs/broken');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const error = await page.textContent('.mermaid-invalid .mermaid-error');
  assert.match(error ?? '', /Mermaid syntax error: Parse error on line/);
  assert.equal(await page.isVisible('.mermaid-invalid pre.mermaid-source'), true, 'the source stays visible');
  assert.equal(await page.locator('.mermaid-svg').count(), 0);
  await page.close();
});
