// Markdown plugins tested by fragments: every `__fragments__` folder under src/ (one per plugin, beside its
// index.ts) holds cases `<case>.md` (Markdown in) and `<case>.html` (the HTML a build makes of it).
// Each case is compiled through the real pipeline and rendered with react-dom/server (test/render-fragment.ts),
// and the result must equal the .html file byte for byte.
//
// To write the .html files from what the code renders now (a new case, or a deliberate change of output):
//
//   UPDATE_FRAGMENTS=1 node --import tsx --test test/unit/markdown-fragments.test.ts
//
// then read every changed .html (git diff): it is the expectation, so it must show correct behaviour.
// See src/markdown/plugins/README.md.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { ROOT } from '../helpers';
import { fragmentCases, renderFragmentFolder } from '../render-fragment';

const UPDATE = Boolean(process.env.UPDATE_FRAGMENTS);

const folders = readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((path) => path.split(/[\\/]/).at(-1) === '__fragments__')
  .sort()
  .map((path) => join(ROOT, 'src', path));

test('every Markdown plugin has fragments', () => {
  const plugins = readdirSync(join(ROOT, 'src/markdown/plugins'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const without = plugins
    .filter((plugin) => {
      const folder = join(ROOT, 'src/markdown/plugins', plugin.name, '__fragments__');
      return !existsSync(folder) || !fragmentCases(folder).length;
    })
    .map((plugin) => plugin.name);
  assert.deepEqual(without, []);
});

for (const folder of folders) {
  describe(relative(ROOT, folder), async () => {
    const rendered = await renderFragmentFolder(folder);
    for (const fragment of rendered) {
      test(fragment.name, () => {
        if (UPDATE) {
          writeFileSync(fragment.htmlFile, fragment.html);
          return;
        }
        assert.ok(existsSync(fragment.htmlFile), `${relative(ROOT, fragment.htmlFile)} is missing: run with UPDATE_FRAGMENTS=1 to write it, then read it`);
        assert.equal(fragment.html, readFileSync(fragment.htmlFile, 'utf8'));
      });
    }
    test('no .html without its .md', () => {
      const orphans = readdirSync(folder).filter((name) => name.endsWith('.html') && !existsSync(join(folder, name.replace(/\.html$/, '.md'))));
      assert.deepEqual(orphans, []);
    });
  });
}
