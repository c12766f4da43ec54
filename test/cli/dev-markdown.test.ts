import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { makeSite, removeSite, startDev, waitFor } from '../helpers';

// `docsite dev` answers a doc's `.md` twin as the build writes it, and with the latest save.

const sites: string[] = [];
after(() => sites.forEach(removeSite));

test('docsite dev serves the Markdown twin of a doc, made from its current source', async () => {
  const dir = makeSite({});
  sites.push(dir);
  const dev = await startDev(dir);
  try {
    const response = await fetch(`${dev.origin}/docs/intro.md`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/markdown/);
    const text = await response.text();
    assert.match(text, /^# Introduction\n\nWelcome to the fixture\./);
    assert.doesNotMatch(text, /^---/m);
    const file = join(dir, 'docs', 'intro.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Welcome to the fixture.', 'Welcome, edited.'));
    await waitFor(async () => ((await (await fetch(`${dev.origin}/docs/intro.md`)).text()).includes('Welcome, edited.') ? true : undefined), () => dev.output());
    assert.equal((await fetch(`${dev.origin}/docs/no-such-page.md`)).status, 404);
  } finally {
    await dev.stop();
  }
});
