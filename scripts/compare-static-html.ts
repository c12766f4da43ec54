// Compiles every Markdown file under the given folders both ways a build may: to a module whose HTML React renders
// (markdown/static-html.ts), and to HTML written straight from the tree (markdown/react-html.ts, `htmlOnly`). Prints
// how many files each way covers and every file whose two HTMLs differ; exits 1 if one does.
//
//   node --import tsx scripts/compare-static-html.ts content/docs .cache/compat [...]
//
// What `npm test` checks on fragments (test/unit/react-html.test.ts), run on whole sites: the bench corpus, the
// Memora site, the compatibility corpus's real Docusaurus sites.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createMarkdownCompiler } from '../src/markdown/compile';
import { markdownOptionsFrom } from '../src/markdown/compile-setup';
import { markdownFilesUnder } from './markdown-files';

const folders = process.argv.slice(2).map((folder) => resolve(folder));
if (!folders.length) {
  console.error('usage: compare-static-html <folder>...');
  process.exit(2);
}

const compile = createMarkdownCompiler(markdownOptionsFrom({ minHeadingLevel: 2, maxHeadingLevel: 3, siteDir: process.cwd(), contentDirs: folders, baseUrl: '/', trailingSlash: undefined, staticDirs: [], routeOfFile: [] }));
let direct = 0;
let asModule = 0;
/** Static content whose HTML React renders but this writer leaves to it: what it could cover next. */
const notCovered: string[] = [];
let failed = 0;
const differing: string[] = [];
for (const folder of folders) {
  for (const path of markdownFilesUnder(folder)) {
    const source = readFileSync(path, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
    const input = { source, absolutePath: path, file: path };
    let viaReact: string | undefined;
    let written: string | undefined;
    try {
      viaReact = (await compile(input)).html;
      const htmlOnly = await compile({ ...input, htmlOnly: true });
      written = htmlOnly.code === undefined ? htmlOnly.html : undefined;
    } catch {
      failed++;
      continue;
    }
    if (written === undefined) {
      asModule++;
      if (viaReact !== undefined) notCovered.push(path);
      continue;
    }
    direct++;
    if (written !== viaReact) {
      differing.push(path);
      if (differing.length <= 5) {
        let at = 0;
        const reactHtml = viaReact ?? '(no HTML: React could not render the module alone)';
        while (reactHtml[at] === written[at]) at++;
        console.log(`${path}\n  react:   ${JSON.stringify(reactHtml.slice(Math.max(0, at - 60), at + 100))}\n  written: ${JSON.stringify(written.slice(Math.max(0, at - 60), at + 100))}`);
      }
    }
  }
}
if (process.env.SHOW_NOT_COVERED) console.log(notCovered.join('\n'));
console.log(`written straight to HTML: ${direct}; compiled to a module: ${asModule} (of them static, left to React: ${notCovered.length}); not compiled (errors): ${failed}; differing: ${differing.length}`);
process.exit(differing.length ? 1 : 0);
