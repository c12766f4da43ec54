import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { HtmlValidate } from 'html-validate';
import config from '../../.htmlvalidate.mjs';
import { builtMemoraSite, FIXTURES, makeSite, removeSite, runCli } from '../helpers';

// Every page docsite builds is valid HTML: html-validate with the repository's config (.htmlvalidate.mjs:
// the recommended rules less the stylistic ones), duplicate ids included. The bundled Memora site and the
// Docusaurus-style fixture between them use every page kind and theme component.

const validator = new HtmlValidate(config);
const memora = builtMemoraSite();
let docusaurus = '';
const sites: string[] = [];
before(async () => {
  docusaurus = makeSite({}, join(FIXTURES, 'docusaurus'));
  const [memoraDir, result] = await Promise.all([memora.ready(), runCli(['build', docusaurus])]);
  assert.equal(result.code, 0, result.stderr);
  sites.push(memoraDir, docusaurus);
});
after(() => removeSite(docusaurus));

function pagesOf(dir: string): string[] {
  return readdirSync(join(dir, 'build'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
}

for (const [index, name] of ['the Memora site', 'the Docusaurus fixture'].entries()) {
  test(`every page of ${name} passes html-validate`, async () => {
    const pages = pagesOf(sites[index]!);
    assert.ok(pages.length > 10, `pages: ${pages.length}`);
    const problems: string[] = [];
    for (const page of pages) {
      const report = await validator.validateString(readFileSync(join(sites[index]!, 'build', page), 'utf8'), page);
      for (const result of report.results) for (const message of result.messages) problems.push(`${page}:${message.line}:${message.column} ${message.ruleId}: ${message.message} (${message.selector ?? ''})`);
    }
    assert.deepEqual(problems, []);
  });
}

test('every link that opens a new tab has rel="noopener noreferrer"', () => {
  const offending: string[] = [];
  for (const dir of sites) {
    for (const page of pagesOf(dir)) {
      for (const [tag] of readFileSync(join(dir, 'build', page), 'utf8').matchAll(/<a\s[^>]*target="_blank"[^>]*>/g)) {
        const rel = /\srel="([^"]*)"/.exec(tag)?.[1]?.split(/\s+/) ?? [];
        if (!rel.includes('noopener') || !rel.includes('noreferrer')) offending.push(`${page}: ${tag}`);
      }
    }
  }
  assert.deepEqual(offending, []);
});
