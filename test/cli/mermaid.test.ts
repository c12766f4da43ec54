import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { MERMAID_RENDERER, MERMAID_RENDERER_DIR } from '../../src/shared/mermaid';
import { linkSitePackages, makeSite, MATH_PACKAGES, removeSite, runCli } from '../helpers';

// A Mermaid diagram with a syntax error: the build warns at the fence's file:line and the page shows the
// error text in its place; a valid diagram is written as its source, for the browser to draw with mermaid's
// renderer, which the build copies only into a site that has a diagram to draw.

let dir = '';
let stderr = '';
before(async () => {
  dir = makeSite({}, 'extensions');
  linkSitePackages(dir, MATH_PACKAGES);
  const result = await runCli(['build', dir]);
  assert.equal(result.code, 0, result.stderr);
  stderr = result.stderr;
});
after(() => removeSite(dir));

test('an invalid diagram is a warning at its fence line', () => {
  assert.match(stderr, /docs\/broken\.md:7: Mermaid diagram not drawn .*Expecting/);
  assert.equal(stderr.match(/Mermaid diagram not drawn/g)?.length, 1, 'the valid diagram is not reported');
});

test('the page shows the syntax error in place, the source kept', () => {
  const html = readFileSync(join(dir, 'build/docs/broken/index.html'), 'utf8');
  assert.match(html, /<div class="mermaid-diagram mermaid-invalid"><pre class="mermaid-source">flowchart LR\n {2}Draft --&gt;/);
  assert.match(html, /<pre class="mermaid-error" role="alert">Mermaid syntax error: Parse error/);
});

test('a valid diagram is written as its source text', () => {
  const html = readFileSync(join(dir, 'build/docs/diagram/index.html'), 'utf8');
  assert.match(html, /<div class="mermaid-diagram"><pre class="mermaid-source">flowchart LR\n {2}Draft --&gt; Review --&gt; Publish<\/pre><\/div>/);
});

test('a site with a diagram to draw gets mermaid\'s renderer, as prebuilt files', () => {
  const entry = readFileSync(join(dir, 'build', MERMAID_RENDERER), 'utf8');
  const chunk = /"\.\/(chunks\/mermaid\.esm\.min\/[^"]+\.mjs)"/.exec(entry)?.[1];
  assert.ok(chunk && existsSync(join(dir, 'build', MERMAID_RENDERER_DIR, chunk)), 'the chunks the entry imports are beside it');
});

test('a site whose only diagram is invalid gets no renderer', async () => {
  // The diagram page keeps its title and loses its diagram (plain.md links to it).
  const site = makeSite({ 'docs/diagram.md': '# Diagram page\n\nNo diagram any more.\n' }, 'extensions');
  try {
    linkSitePackages(site, MATH_PACKAGES);
    const result = await runCli(['build', site]);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(existsSync(join(site, 'build', MERMAID_RENDERER_DIR)), false);
  } finally {
    removeSite(site);
  }
});
