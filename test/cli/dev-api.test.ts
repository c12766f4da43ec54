import assert from 'node:assert/strict';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { makeSite, removeSite, startDev, waitFor } from '../helpers';

// A page's content never depends on which other files the dev server happened to have compiled: the API
// introduction shows its Markdown from the first request on, and keeps it when other pages come and go
// (adding a page changes the site's link table, which recompiles everything compiled so far); a page that
// quotes other pages (a docs tag page's cards) shows their excerpts on its first request.

const INTRODUCTION_TEXT = 'Send your key in the';

test('docsite dev: the API introduction keeps its text from start-up on, through pages added, renamed and deleted', async () => {
  const dir = makeSite({}, 'api');
  const dev = await startDev(dir);
  const apiPage = async () => (await fetch(`${dev.origin}/docs/api`)).text();
  const showsIntroduction = async (step: string) => {
    // The change is picked up by the watcher first: wait for the new page to exist (or be gone), then look.
    assert.ok((await apiPage()).includes(INTRODUCTION_TEXT), `${step}: /docs/api shows the introduction`);
  };
  try {
    await showsIntroduction('right after start-up');
    writeFileSync(join(dir, 'docs', 'added.md'), '# Added\n\nA new page.\n');
    await waitFor(async () => ((await fetch(`${dev.origin}/docs/added`)).status === 200 ? true : undefined), () => dev.output());
    await showsIntroduction('after a page was added');
    renameSync(join(dir, 'docs', 'added.md'), join(dir, 'docs', 'renamed.md'));
    await waitFor(async () => ((await fetch(`${dev.origin}/docs/renamed`)).status === 200 ? true : undefined), () => dev.output());
    await showsIntroduction('after a page was renamed');
    rmSync(join(dir, 'docs', 'renamed.md'));
    await waitFor(async () => ((await fetch(`${dev.origin}/docs/renamed`)).status === 404 ? true : undefined), () => dev.output());
    await showsIntroduction('after a page was deleted');
  } finally {
    await dev.stop();
    removeSite(dir);
  }
});

test('docsite dev: a docs tag page shows the tagged docs\' excerpts on its first request', async () => {
  const docs = Object.fromEntries(
    ['alpha', 'beta', 'gamma'].map((name) => [`docs/tagged/${name}.md`, `---\ntags: [shelter]\n---\n\n# ${name}\n\nThe ${name} page explains kennel rule number ${name.length}.\n`]),
  );
  const dir = makeSite(docs);
  const dev = await startDev(dir);
  try {
    const html = await (await fetch(`${dev.origin}/docs/tags/shelter`)).text();
    for (const name of ['alpha', 'beta', 'gamma']) assert.ok(html.includes(`The ${name} page explains kennel rule number ${name.length}.`), `${name}'s excerpt is on the tag page`);
  } finally {
    await dev.stop();
    removeSite(dir);
  }
});
