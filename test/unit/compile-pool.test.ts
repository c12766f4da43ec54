import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { isDocsiteError } from '../../src/core/errors';
import { createCompilePool } from '../../src/markdown/compile-pool';
import type { CompileSetup } from '../../src/markdown/compile-setup';

// A compile worker has a bounded heap (compile-pool.ts COMPILE_WORKER_HEAP_MB): a page whose compile outgrows it
// fails with an error that names the page, and the process lives on, where an unbounded worker took the whole
// process down with V8's "heap limit" abort.

const setup: CompileSetup = { minHeadingLevel: 2, maxHeadingLevel: 3, siteDir: process.cwd(), contentDirs: [], baseUrl: '/', trailingSlash: undefined, staticDirs: [], routeOfFile: [] };

test('a page too large for a compile worker: an error naming it, not an abort', async () => {
  const pool = createCompilePool(setup, 1, { heapMb: 48 });
  try {
    const small = await pool.compile({ source: '# Small\n\nFits.\n', absolutePath: '/site/docs/small.md', file: 'docs/small.md' });
    assert.equal(small.toc.length, 0);
    const huge = Array.from({ length: 60_000 }, (_, index) => `- item **${index}** with _emphasis_ and \`code\``).join('\n');
    await assert.rejects(pool.compile({ source: huge, absolutePath: '/site/docs/huge.md', file: 'docs/huge.md' }), (error: unknown) => {
      assert.ok(isDocsiteError(error));
      assert.equal(error.file, 'docs/huge.md');
      assert.match(error.message, /too large to compile: .* 48 MB of heap/);
      return true;
    });
  } finally {
    await pool.close();
  }
});

/** The nice value of each thread of this process (Linux: a thread's own). */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((thread) => {
    const stat = readFileSync(`/proc/self/task/${thread}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

test('a background pool compiles at the lowest priority, on its own thread only', { skip: process.platform !== 'linux' }, async () => {
  const before = threadNiceValues().filter((nice) => nice === 19).length;
  const pool = createCompilePool(setup, 1, { background: true });
  try {
    await pool.compile({ source: '# Page\n\nText.\n', absolutePath: '/site/docs/page.md', file: 'docs/page.md' });
    assert.equal(threadNiceValues().filter((nice) => nice === 19).length, before + 1, 'one thread more at nice 19: the worker');
    assert.equal(Number(readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')[16]), 0, 'the main thread keeps its priority');
  } finally {
    await pool.close();
  }
  const build = createCompilePool(setup, 1);
  try {
    await build.compile({ source: '# Page\n\nText.\n', absolutePath: '/site/docs/page.md', file: 'docs/page.md' });
    assert.equal(threadNiceValues().filter((nice) => nice === 19).length, before, "a build's workers keep theirs");
  } finally {
    await build.close();
  }
});
