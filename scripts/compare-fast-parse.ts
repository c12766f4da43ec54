// Parses every Markdown file under the given folders with the fast path (src/markdown/fast-parse) and, where it
// takes one, with micromark as the compile's processor does; prints how many files the fast path takes and every file
// whose two trees differ (the first difference), and exits 1 if one does.
//
//   node --import tsx scripts/compare-fast-parse.ts content /tmp/docsite-bench/corpus-1000 .cache/compat [...]
//
// What `npm test` checks on its cases (test/unit/fast-parse.test.ts), run on whole sites.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { createProcessor } from '@mdx-js/mdx';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import { parsePlainMarkdown } from '../src/markdown/fast-parse';
import { remarkGfm } from '../src/markdown/plugins/gfm';
import { preprocessMarkdown } from '../src/markdown/preprocess';
import { markdownFilesUnder } from './markdown-files';

const folders = process.argv.slice(2).map((folder) => resolve(folder));
if (!folders.length) {
  console.error('usage: compare-fast-parse <folder>...');
  process.exit(2);
}

/** The path to the first difference of two JSON values, with both sides. */
function firstDifference(a: unknown, b: unknown, path = ''): string | undefined {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return `${path || '(root)'}: ${JSON.stringify(a)?.slice(0, 160)} against micromark's ${JSON.stringify(b)?.slice(0, 160)}`;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
    const found = firstDifference(left[key], right[key], `${path}.${key}`);
    if (found) return found;
  }
  return `${path}: differs`;
}

const micromark = createProcessor({ format: 'mdx', remarkPlugins: [remarkFrontmatter, [remarkGfm, { withUrlLiterals: true }], remarkDirective] });
const plain = (tree: unknown) => JSON.parse(JSON.stringify(tree)) as unknown;
let files = 0;
let fast = 0;
let differ = 0;
let fastMs = 0;
let micromarkMs = 0;
for (const folder of folders) {
  for (const file of markdownFilesUnder(folder)) {
    files++;
    const source = preprocessMarkdown(readFileSync(file, 'utf8'));
    let started = performance.now();
    const tree = parsePlainMarkdown(source);
    if (!tree) continue;
    fastMs += performance.now() - started;
    fast++;
    started = performance.now();
    let expected: unknown;
    try {
      expected = micromark.parse(source);
    } catch (error) {
      differ++;
      console.log(`${file}: the fast path parsed what micromark rejects: ${(error as Error).message.split('\n')[0]}`);
      continue;
    }
    micromarkMs += performance.now() - started;
    const difference = firstDifference(plain(tree), plain(expected));
    if (difference) {
      differ++;
      console.log(`${file}\n  ${difference}`);
    }
  }
}
console.log(`${files} files, ${fast} parsed on the fast path (${Math.round(fastMs)} ms; micromark ${Math.round(micromarkMs)} ms on the same), ${differ} with another tree than micromark's`);
process.exit(differ ? 1 : 0);
