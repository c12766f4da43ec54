import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { serveFixture, watchConsole } from './harness';

// The API reference's Try it panel in Chromium, sending to a local echo server: `/open/...` answers with CORS
// headers for the site's origin, `/closed/...` without them, `/slow/...` never. The fixture's second server is
// `http://{host}/{base}`, so the test points it at the echo server by its variables.

const fixture = serveFixture('api-try-it');

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let echo: Server;
let echoHost = '';
const received: Received[] = [];

function answer(request: IncomingMessage, response: ServerResponse, body: string): void {
  const cors = request.url!.startsWith('/open/');
  if (request.url!.startsWith('/slow/')) return; // never answers: the panel's Cancel stops it
  if (cors) {
    response.setHeader('Access-Control-Allow-Origin', fixture.origin);
    response.setHeader('Access-Control-Expose-Headers', 'X-Echo');
  }
  if (request.method === 'OPTIONS') {
    if (cors) {
      response.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE');
      response.setHeader('Access-Control-Allow-Headers', request.headers['access-control-request-headers'] ?? '');
    }
    response.writeHead(204).end();
    return;
  }
  received.push({ method: request.method!, url: request.url!, headers: request.headers, body });
  response.writeHead(200, { 'Content-Type': 'application/json', 'X-Echo': 'served' }).end(JSON.stringify({ served: true, bytes: body.length }));
}

before(async () => {
  echo = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => answer(request, response, body));
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  echoHost = `127.0.0.1:${(echo.address() as AddressInfo).port}`;
});

after(async () => {
  echo.closeAllConnections();
  await new Promise((resolve) => echo.close(resolve));
});

test('Try it: loads its chunk on demand, sends exactly what was typed to the chosen server, shows the answer, explains CORS, cancels', async () => {
  const page = await fixture.browser.newPage();
  const problems = watchConsole(page);
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(request.url()));
  await page.goto(`${fixture.origin}/docs/api/feed-bird`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const panelChunk = (url: string) => /\/assets\/chunks\/TryItPanel-[\w-]+\.js$/.test(url);
  assert.deepEqual(fetched.filter(panelChunk), [], 'the panel is not part of the first load');

  const button = page.getByRole('button', { name: 'Try it' });
  assert.equal(await button.getAttribute('aria-expanded'), 'false');
  await button.click();
  const panel = page.locator('section.api-try');
  await panel.locator('form').waitFor();
  assert.equal(fetched.filter(panelChunk).length, 1, 'opening the panel fetches its chunk');
  assert.equal(await button.getAttribute('aria-expanded'), 'true');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Try it', 'focus moves to the panel heading');

  // Server: the second, its variables pointing at the echo server.
  assert.equal(await panel.getByLabel('URL').inputValue(), '0', 'the first server is the default');
  await panel.getByLabel('URL').selectOption({ index: 1 });
  await panel.getByLabel('host').fill(echoHost);
  // Credentials: the first alternative, an API key in a header.
  await panel.getByLabel('API key in header X-Feeder-Key').fill('key-123');
  // Parameters: required ones are marked and required by the form; the cookie parameter is not offered.
  const birdId = panel.getByLabel(/^birdId/);
  assert.equal(await birdId.getAttribute('required'), '');
  assert.equal(await birdId.getAttribute('placeholder'), 'robin-7');
  assert.equal(await panel.getByLabel(/^session/).count(), 0);
  await birdId.fill('robin 7/b');
  await panel.getByLabel(/^portion/).fill('3');
  await panel.getByLabel(/^seeds/).fill('millet, oats');
  await panel.getByLabel(/^x-trace/).fill('trace-9');
  // Body: prefilled with the example of the first content type.
  const body = panel.getByLabel(/^Body/);
  assert.deepEqual(JSON.parse(await body.inputValue()), { food: 'sunflower', grams: 12 });
  await body.fill('{"food":"millet","grams":5}');

  await panel.getByRole('button', { name: 'Send' }).click();
  await panel.locator('.api-try-status').waitFor();
  assert.equal(received.length, 1);
  const [request] = received;
  assert.equal(request!.method, 'POST');
  assert.equal(request!.url, '/open/birds/robin%207%2Fb/meals?portion=3&seeds=millet&seeds=oats');
  assert.equal(request!.headers['x-feeder-key'], 'key-123');
  assert.equal(request!.headers['x-trace'], 'trace-9');
  assert.equal(request!.headers['content-type'], 'application/json');
  assert.equal(request!.headers.authorization, undefined);
  assert.equal(request!.headers.cookie, undefined);
  assert.equal(request!.body, '{"food":"millet","grams":5}');

  assert.match((await panel.locator('.api-try-status').textContent()) ?? '', /^200 OK · \d+ ms$/);
  assert.equal(await panel.locator('.api-try-headers div', { has: page.locator('dt', { hasText: /^x-echo$/ }) }).locator('dd').textContent(), 'served');
  assert.equal(await panel.locator('.api-try-response-body').textContent(), JSON.stringify({ served: true, bytes: 27 }, null, 2));

  // The key is in this tab's sessionStorage only, and comes back when the panel opens again.
  const stored = await page.evaluate(() => ({ session: sessionStorage.getItem('docsite.api.credential.key'), local: JSON.stringify({ ...localStorage }) }));
  assert.equal(stored.session, 'key-123');
  assert.doesNotMatch(stored.local, /key-123|credential/);
  await panel.getByRole('button', { name: 'Close' }).click();
  assert.equal(await panel.count(), 0);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'try-it-button', 'closing returns focus to the button');
  await button.click();
  assert.equal(await panel.getByLabel('API key in header X-Feeder-Key').inputValue(), 'key-123');
  assert.deepEqual(problems, []);

  // A server that sends no CORS headers: the panel says why the browser refused, in plain words.
  await panel.getByLabel('URL').selectOption({ index: 1 });
  await panel.getByLabel('host').fill(echoHost);
  await panel.getByLabel('base').selectOption('closed');
  await panel.getByLabel(/^birdId/).fill('wren');
  await panel.getByLabel(/^portion/).fill('1');
  await panel.getByRole('button', { name: 'Send' }).click();
  const failure = panel.locator('.api-try-failure');
  await failure.waitFor();
  assert.match((await failure.textContent()) ?? '', new RegExp(`allow the origin ${fixture.origin.replace(/[.]/g, '\\.')} through CORS headers`));
  assert.match((await failure.textContent()) ?? '', /curl sample/);

  // A server that never answers: Cancel stops the request.
  await panel.getByLabel('base').selectOption('slow');
  await panel.getByRole('button', { name: 'Send' }).click();
  await panel.getByRole('button', { name: 'Cancel' }).click();
  assert.equal(await failure.textContent(), 'The request was cancelled.');
  assert.equal(await panel.getByRole('button', { name: 'Send' }).isEnabled(), true);
  await page.close();
});

test('Try it on an operation without parameters, body or security: the server and Send only', async () => {
  const page = await fixture.browser.newPage();
  await page.goto(`${fixture.origin}/docs/api/get-status`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.getByRole('button', { name: 'Try it' }).click();
  const panel = page.locator('section.api-try');
  await panel.locator('form').waitFor();
  assert.deepEqual(await panel.locator('legend').allTextContents(), ['Server']);
  assert.equal(await panel.locator('.api-try-url').textContent(), 'GET https://feeder.example/v1/status');
  await page.close();
});
