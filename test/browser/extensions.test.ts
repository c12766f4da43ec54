import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { linkSitePackages, MATH_PACKAGES, ROOT } from '../helpers';
import { serveFixture, waitForRoute, watchConsole } from './harness';

// The extension points together (test/fixtures/extensions): maths by remark-math and rehype-katex from the site's
// own node_modules, a Footer override wrapping `@theme-original/Footer`, and ```mermaid fences, drawn as SVG in the
// browser in the colour mode on screen by mermaid's prebuilt renderer (copied into the output, never bundled),
// which only pages with a diagram load.

const fixture = serveFixture(join(ROOT, 'test/fixtures/extensions'), [], {}, (dir) => linkSitePackages(dir, MATH_PACKAGES));

/** Script requests of a page, to tell whether it downloaded the renderer. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  return scripts;
}

const isMermaidChunk = (url: string) => /\/assets\/mermaid-[\d.]+\//.test(url);

function nodeFill(page: Page): Promise<string> {
  return page.$eval('.mermaid-svg svg .node rect, .mermaid-svg svg .node polygon', (shape) => getComputedStyle(shape).fill);
}

async function waitForDiagrams(page: Page, mode: 'light' | 'dark'): Promise<void> {
  await page.waitForSelector(`.mermaid-diagram[data-mermaid-mode="${mode}"] .mermaid-svg svg`);
}

test('maths is KaTeX markup, typeset in KaTeX\'s fonts by its stylesheet', async () => {
  const page = await fixture.browser.newPage();
  const problems = watchConsole(page);
  await page.goto(fixture.origin + '/docs/formulas');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  assert.equal(await page.locator('main p .katex').count(), 1, 'the inline formula');
  assert.equal(await page.locator('main .katex-display').count(), 1, 'the display formula');
  assert.equal(await page.locator('main .katex math annotation[encoding="application/x-tex"]').first().textContent(), 'A = \\pi r^2');
  // The visible rendering is KaTeX's HTML (the MathML is for assistive technology), set in KaTeX's own font.
  assert.equal(await page.isVisible('main .katex-display .katex-html'), true);
  assert.match(await page.$eval('main .katex-display .katex', (element) => getComputedStyle(element).fontFamily), /KaTeX_Main/);
  await page.evaluate(() => document.fonts.ready);
  assert.ok(await page.evaluate(() => [...document.fonts].some((font) => font.family.includes('KaTeX_Main') && font.status === 'loaded')), 'a KaTeX font loaded');
  assert.deepEqual(problems, []);
  await page.close();
});

test("the site's Footer override wraps docsite's footer", async () => {
  const page = await fixture.browser.newPage();
  await page.goto(fixture.origin + '/docs/plain');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  assert.equal(await page.textContent('.fixture-footer-note'), 'Footer line added by the site');
  assert.match(await page.textContent('footer.footer') ?? '', /Original footer copyright/);
  // The override's line comes right before docsite's footer, as the override wrote it.
  assert.equal(await page.$eval('.fixture-footer-note', (note) => note.nextElementSibling?.matches('footer.footer')), true);
  await page.close();
});

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
  await waitForDiagrams(page, 'light');
  assert.ok(scripts.some(isMermaidChunk), 'the diagram page loaded the renderer');
  assert.equal(await page.locator('.mermaid-svg svg').count(), 1);
  assert.equal(await page.locator('pre.mermaid-source').count(), 0, 'the source gives way to the drawing');
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
