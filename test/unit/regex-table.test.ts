import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import * as onigurumaToEs from 'oniguruma-to-es';
import { buildRegexTable, tableRegexConstructor } from '../../src/highlight/regex-table';

// shiki's grammar regexes come translated from a table made at compile time (src/highlight/regex-table.ts): a
// regex from the table must be the one shiki would have made, and a table made elsewhere must not be used.

const SHIKI_OPTIONS = { global: true, hasIndices: true, lazyCompileLength: 3e3, rules: { allowOrphanBackrefs: true, asciiWordBoundaries: true, captureGroup: true, recursionLimit: 5, singleline: true }, target: 'auto' } as const;

test('the table holds every match/begin/end/while of a grammar, with the \\A and \\G variants, translated as shiki does', async () => {
  const table = await buildRegexTable(['yaml']);
  const patterns = Object.keys(table.patterns);
  assert.ok(patterns.length > 50, `${patterns.length} patterns`);
  assert.ok(patterns.some((pattern) => pattern.includes('\\\uFFFF')), 'anchor variants, as vscode-textmate writes them');
  const dir = mkdtempSync(join(tmpdir(), 'regex-table-'));
  try {
    const file = join(dir, 'table.json');
    writeFileSync(file, JSON.stringify(table));
    const construct = tableRegexConstructor(pathToFileURL(file), onigurumaToEs);
    for (const pattern of patterns) {
      const ours = construct(pattern);
      const shikis = onigurumaToEs.toRegExp(pattern, SHIKI_OPTIONS);
      assert.equal(ours.source, shikis.source, pattern);
      assert.equal(ours.flags, shikis.flags, pattern);
      assert.equal(ours.constructor, shikis.constructor, pattern);
      // Compiled ahead by a search of a long blank subject: nothing of that search is left behind.
      assert.equal(ours.lastIndex, 0, pattern);
    }
    // ... and they find what shiki's find, from where the tokenizer asks.
    const line = 'key: [1, "two", {three: 4}] # note\n';
    for (const pattern of patterns) {
      const ours = construct(pattern);
      const shikis = onigurumaToEs.toRegExp(pattern, SHIKI_OPTIONS);
      for (const from of [0, 5, 11]) {
        ours.lastIndex = shikis.lastIndex = from;
        assert.deepEqual(ours.exec(line)?.indices, shikis.exec(line)?.indices, `${pattern} from ${from}`);
      }
    }
    // A pattern the table lacks is translated on the spot.
    assert.equal(construct('(?i)docsite\\b').source, onigurumaToEs.toRegExp('(?i)docsite\\b', SHIKI_OPTIONS).source);
    // A table made by another translator or V8 is ignored: its translations might not hold here.
    writeFileSync(file, JSON.stringify({ key: 'another machine', patterns: { a: { pattern: 'wrong', flags: 'dg' } } }));
    assert.equal(tableRegexConstructor(pathToFileURL(file), onigurumaToEs)('a').source, onigurumaToEs.toRegExp('a', SHIKI_OPTIONS).source);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
