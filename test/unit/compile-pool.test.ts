import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isDocsiteError } from '../../src/core/errors';
import { createCompilePool } from '../../src/markdown/compile-pool';
import type { CompileSetup } from '../../src/markdown/compile-setup';

// A compile worker has a bounded heap (compile-pool.ts COMPILE_WORKER_HEAP_MB): a page whose compile outgrows it
// fails with an error that names the page, and the process lives on, where an unbounded worker took the whole
// process down with V8's "heap limit" abort.

const setup: CompileSetup = { minHeadingLevel: 2, maxHeadingLevel: 3, siteDir: process.cwd(), contentDirs: [], baseUrl: '/', trailingSlash: undefined, staticDirs: [], routeOfFile: [] };

test('a page too large for a compile worker: an error naming it, not an abort', async () => {
  const pool = createCompilePool(setup, 1, 48);
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
