import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { makeSite, removeSite, runCli } from '../helpers';

// The API introduction has one heading per subject: a site's own Authentication section is not repeated by the
// generated list of security schemes, which goes under it (`<ApiSecuritySchemes />`) or takes another title.

const INTRO_HEAD = '---\ndescription: Call the Kennel API.\n---\n\n';
const AUTH_SECTION = '## Authentication\n\nSend an API key in the `x-api-key` header, or a bearer token.\n';

async function buildIntroduction(introduction: string): Promise<{ html: string; headings: string[] }> {
  const dir = makeSite({ 'api/introduction.md': INTRO_HEAD + introduction }, 'api');
  try {
    const result = await runCli(['build', dir]);
    assert.equal(result.code, 0, result.stderr);
    const html = readFileSync(join(dir, 'build', 'docs', 'api', 'index.html'), 'utf8');
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    const headings = [...main.matchAll(/<h2[^>]*>(.*?)<\/h2>/g)].map((match) => match[1]!.replace(/<[^>]+>.*?<\/a>|<[^>]+>/g, ''));
    return { html: main, headings };
  } finally {
    removeSite(dir);
  }
}

const count = (list: string[], value: string) => list.filter((item) => item === value).length;

test('without a section of its own, the introduction gets the generated Authentication section', async () => {
  const { headings, html } = await buildIntroduction('## Getting started\n\nList the dogs.\n');
  assert.equal(count(headings, 'Authentication'), 1);
  assert.match(html, /<h2 id="authentication">Authentication<\/h2>\s*<ul class="api-servers"><li><strong>API key in header x-api-key<\/strong>/);
});

test('an Authentication section of its own: the generated list is titled Security schemes', async () => {
  const { headings, html } = await buildIntroduction(AUTH_SECTION);
  assert.equal(count(headings, 'Authentication'), 1, headings.join(' | '));
  assert.equal(count(headings, 'Security schemes'), 1, headings.join(' | '));
  assert.match(html, /<h2 id="security-schemes">Security schemes<\/h2>/, 'an id of its own');
  assert.match(html, /href="#security-schemes"[^>]*>Security schemes</, 'the TOC entry has the same title');
});

test('<ApiSecuritySchemes /> places the list inside the section that explains authentication', async () => {
  const { headings, html } = await buildIntroduction(`${AUTH_SECTION}\n<ApiSecuritySchemes />\n\n## Errors\n\nErrors are JSON.\n`);
  assert.deepEqual(headings.filter((heading) => /Authentication|Security schemes/.test(heading)), ['Authentication']);
  const section = html.slice(html.indexOf('>Authentication<'), html.indexOf('>Errors<'));
  assert.match(section, /<strong>API key in header x-api-key<\/strong> <code>api_key<\/code>/);
  assert.match(section, /<strong>Bearer token/);
  assert.doesNotMatch(html, /href="#security-schemes"|Security schemes/, 'no generated section, nor its TOC entry');
});
