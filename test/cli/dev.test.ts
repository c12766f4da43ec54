import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { makeSite, removeSite, ROOT } from '../helpers';

// `docsite dev` end to end: serves, rebuilds on change, survives a broken edit and recovers.

let dir: string;
let child: ChildProcess;
let origin: string;
let output = '';

before(async () => {
  dir = makeSite();
  child = spawn(process.execPath, [join(ROOT, 'bin', 'docsite.js'), 'dev', dir, '--port', '0', '--host', '127.0.0.1'], {
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  origin = await waitFor(() => /(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1]);
});

after(() => {
  child.kill('SIGTERM');
  removeSite(dir);
});

async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out; dev output so far:\n${output}`);
}

const page = async (path: string) => (await fetch(origin + path)).text();

test('serves the site with the live-reload client', async () => {
  const response = await fetch(`${origin}/docs/intro`);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('cache-control'), 'no-store');
  assert.match(await response.text(), /__docsite\/events/);
});

test('rebuilds on change, keeps the last good build on a broken edit, and recovers', async () => {
  const file = join(dir, 'docs', 'intro.md');
  const original = readFileSync(file, 'utf8');

  writeFileSync(file, original.replace('Some text.', 'Freshly edited text.'));
  await waitFor(async () => (await page('/docs/intro')).includes('Freshly edited text.'));

  const builds = output.length;
  writeFileSync(file, original.replace('Some text.', 'Broken <span text.'));
  await waitFor(() => output.slice(builds).includes('docs/intro.md'));
  assert.match(output.slice(builds), /docs\/intro\.md:\d+:\d+/, 'the error names the file and position');
  assert.ok((await page('/docs/intro')).includes('Freshly edited text.'), 'the last good build is still served');

  writeFileSync(file, original.replace('Some text.', 'Recovered text.'));
  await waitFor(async () => (await page('/docs/intro')).includes('Recovered text.'));
  assert.equal(child.exitCode, null, 'the server is still running');
});

test('tells open pages to reload after a rebuild', async () => {
  const controller = new AbortController();
  const response = await fetch(`${origin}/__docsite/events`, { signal: controller.signal });
  const reader = response.body!.getReader();
  const file = join(dir, 'docs', 'guides', 'second.mdx');
  writeFileSync(file, readFileSync(file, 'utf8') + '\nOne more line.\n');
  let received = '';
  await waitFor(async () => {
    const { value } = await reader.read();
    received += new TextDecoder().decode(value);
    return received.includes('event: reload');
  });
  controller.abort();
});
