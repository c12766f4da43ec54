import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { makeSite, removeSite, runCli } from '../helpers';

// Bad blog and page input fails the build with the file named, and leaves the last good output.

let dir = '';
let goodHome = '';
before(async () => {
  dir = makeSite({}, 'blog');
  const result = await runCli(['build', dir]);
  assert.equal(result.code, 0, result.stderr);
  goodHome = readFileSync(join(dir, 'build', 'blog', 'index.html'), 'utf8');
});
after(() => removeSite(dir));

const cases: [name: string, file: string, content: string, expected: RegExp][] = [
  ['an unparseable date', 'blog/2023-09-01-bad-date.md', '---\ntitle: X\ndate: someday soon\n---\n\nText.\n', /blog\/2023-09-01-bad-date\.md:3.*"date" is not a date/],
  ['a tag key missing from tags.yml', 'blog/2023-09-01-bad-tag.md', '---\ntitle: X\ntags: [nwes]\n---\n\nText.\n', /blog\/2023-09-01-bad-tag\.md:3.*unknown tag "nwes"/],
  ['an author key missing from authors.yml', 'blog/2023-09-01-bad-author.md', '---\ntitle: X\nauthors: [bob]\n---\n\nText.\n', /blog\/2023-09-01-bad-author\.md:3.*unknown author "bob"/],
  ['two posts on one route', 'blog/2023-09-01-clash.md', '---\ntitle: X\nslug: release-1-36\n---\n\nText.\n', /two blog posts share the route \/blog\/release-1-36/],
  ['a page module without a default export', 'pages/broken.tsx', 'export const meta = { title: "x" };\nexport function Page() { return null; }\n', /pages\/broken\.tsx.*default export/],
  ['a page and a doc on one route', 'pages/docs/intro.mdx', '# Clash\n', /two pages share the route \/docs\/intro/],
];

for (const [name, file, content, expected] of cases) {
  test(`${name}: exit 1, the file named, the previous build untouched`, async () => {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), content);
    try {
      const result = await runCli(['build', dir]);
      assert.equal(result.code, 1, result.stdout + result.stderr);
      assert.match(result.stderr, expected);
      assert.equal(readFileSync(join(dir, 'build', 'blog', 'index.html'), 'utf8'), goodHome);
    } finally {
      removeSite(join(dir, file));
    }
  });
}
