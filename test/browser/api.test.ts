import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serveFixture, waitForRoute, watchConsole } from './harness';

// The API reference in Chromium: an operation page, its code-sample tabs, schema trees, and
// navigation through the API sidebar.

const fixture = serveFixture('api');

test('an operation page: endpoint, parameters, schema tree, responses; code-sample tabs switch and stay chosen', async () => {
  const page = await fixture.browser.newPage();
  const problems = watchConsole(page);
  await page.goto(`${fixture.origin}/docs/api/add-dog`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  assert.equal(await page.textContent('h1'), 'Add a dog');
  assert.equal(await page.textContent('.api-endpoint .api-method'), 'POST');
  assert.equal(await page.textContent('.api-endpoint .api-path'), 'https://kennel.example/api/dogs');
  assert.equal(await page.getAttribute('.sidebar-link[aria-current="page"]', 'href'), '/docs/api/add-dog');
  assert.equal(await page.textContent('.sidebar-link[aria-current="page"] .sidebar-badge'), 'POST');

  // Tabs: curl first; JavaScript and Python on click; the choice carries to the next operation.
  const samples = page.locator('.api-samples');
  const visibleCode = () => samples.locator('[role="tabpanel"]:not([hidden]) pre').innerText();
  assert.match(await visibleCode(), /^curl -X POST 'https:\/\/kennel\.example\/api\/dogs'/);
  await samples.locator('[role="tab"]', { hasText: 'JavaScript' }).click();
  assert.match(await visibleCode(), /await fetch\("https:\/\/kennel\.example\/api\/dogs"/);
  await samples.locator('[role="tab"]', { hasText: 'Python' }).click();
  assert.match(await visibleCode(), /import requests[\s\S]*requests\.post\(/);
  assert.equal(await samples.locator('[role="tab"][aria-selected="true"]').textContent(), 'Python');

  // Schema tree: nested objects open on demand.
  const owner = page.locator('.api-media').first().locator('.schema-property', { has: page.locator('.schema-name', { hasText: /^owner$/ }) });
  assert.match((await owner.locator('.schema-type').first().textContent()) ?? '', /^(Person|object)$/);
  assert.equal(await owner.locator('.schema-nested').isVisible(), false);
  await owner.locator('summary').click();
  assert.equal(await owner.locator('.schema-nested .schema-name', { hasText: 'email' }).isVisible(), true);
  assert.match((await owner.textContent()) ?? '', /write-only/);

  // Named examples are tabs too.
  const examples = page.locator('.api-media-example').first();
  await examples.locator('[role="tab"]', { hasText: 'A large dog' }).click();
  assert.match(await examples.locator('[role="tabpanel"]:not([hidden])').innerText(), /"Bruno"/);
  assert.deepEqual(await page.locator('.api-response h3 .api-status').allTextContents(), ['201', '400']);

  // In-app navigation to the next operation keeps the chosen language.
  await page.click('.pagination-next');
  await waitForRoute(page, '/docs/api/get-dog');
  assert.equal(await page.textContent('h1'), 'Get a dog');
  assert.equal(await page.locator('.api-samples [role="tab"][aria-selected="true"]').textContent(), 'Python');
  assert.match(await page.locator('.api-samples [role="tabpanel"]:not([hidden]) pre').innerText(), /requests\.get\("https:\/\/kennel\.example\/api\/dogs\/3fa85f64/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the introduction lists every tag with its operations; the sidebar opens a tag and a recursive schema renders', async () => {
  const page = await fixture.browser.newPage();
  const problems = watchConsole(page);
  await page.goto(`${fixture.origin}/docs/api`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  assert.equal(await page.textContent('h1'), 'Kennel API');
  assert.deepEqual(await page.locator('.api-tag h3').allTextContents(), ['Dogs', 'Pens', 'Other operations']);
  assert.equal(await page.locator('.api-operation-list li').count(), 8);
  assert.equal(await page.getAttribute('a:text("Download the OpenAPI document")', 'href'), '/docs/api/openapi.yaml');
  const download = await page.request.get(`${fixture.origin}/docs/api/openapi.yaml`);
  assert.equal(download.status(), 200);

  await page.click('.sidebar-category-button:text("Pens")');
  await page.click('.sidebar-link:has-text("Pen tree")');
  await waitForRoute(page, '/docs/api/get-pen-tree');
  const children = page.locator('.schema-property', { has: page.locator('.schema-name', { hasText: /^children$/ }) });
  assert.equal(await children.locator('.schema-type').first().textContent(), 'Pen[]');
  await children.locator('summary').click();
  assert.match((await children.locator('.schema-recursive').textContent()) ?? '', /same structure as Pen/);
  assert.deepEqual(problems, []);
  await page.close();
});
