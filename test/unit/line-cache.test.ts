import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ensureLanguage, getHighlighter, highlightCode, highlightCodeLines } from '../../src/highlight/highlighter';
import { forgetCachedLines } from '../../src/highlight/line-cache';

// The highlighter answers a line it tokenized before in the same state from a cache (line-cache.ts). A line's
// tokens depend on the state it starts in: the same text inside a string, a comment or a block scalar is coloured
// otherwise, and must not be answered with what it got elsewhere.

/** Blocks sharing lines that each start in other states here than there. */
const BLOCKS: Array<[string, string]> = [
  ['typescript', 'const page = `\n}\nreturn value;\n`;\n'],
  ['typescript', 'function load() {\n  return value;\n}\n'],
  ['typescript', '/*\nreturn value;\n}\n*/\nreturn value;\n'],
  ['yaml', 'script: |\n  name: memora\n  port: 2283\nname: memora\nport: 2283\n'],
  ['yaml', 'name: memora\nport: 2283\n'],
  ['python', 'doc = """\nreturn value\n"""\nreturn value\n'],
  ['python', 'def f():\n    return value\n'],
  ['bash', 'cat <<EOF\nexport PORT=2283\nEOF\nexport PORT=2283\n'],
  ['bash', 'export PORT=2283\n'],
];

/** Each block's HTML, with a line marked and without (the two ways docsite highlights), in the order given. */
async function highlightEach(blocks: Array<[string, string]>): Promise<string[][]> {
  const highlighter = await getHighlighter();
  const out: string[][] = [];
  for (const [requested, code] of blocks) {
    const lang = await ensureLanguage(highlighter, requested);
    out.push([highlightCodeLines(highlighter, code, lang, new Set([2])), highlightCode(highlighter, code, lang)]);
  }
  return out;
}

test('a block highlighted after others that share its lines in other states is the block highlighted alone', async () => {
  // Languages loaded first: loading one drops the caches, which would hide what this test is about.
  await highlightEach(BLOCKS);
  const alone: string[][] = [];
  for (const block of BLOCKS) {
    forgetCachedLines();
    alone.push(...(await highlightEach([block])));
  }
  forgetCachedLines();
  assert.deepEqual(await highlightEach(BLOCKS), alone);
  forgetCachedLines();
  assert.deepEqual(await highlightEach([...BLOCKS].reverse()), [...alone].reverse());
});

test('a block highlighted again, every line from the cache, is the same HTML', async () => {
  forgetCachedLines();
  const first = await highlightEach(BLOCKS);
  assert.deepEqual(await highlightEach(BLOCKS), first);
});
