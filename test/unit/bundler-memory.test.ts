import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bundlerMemoryLimitFor, limitBundlerMemory, scaleBundlerMemory } from '../../src/core/bundler-memory';

test("esbuild's memory limit: the base one for most sites, growing with a big site's pages", () => {
  assert.equal(bundlerMemoryLimitFor(1000), '512MiB');
  assert.equal(bundlerMemoryLimitFor(5371), '512MiB');
  assert.equal(bundlerMemoryLimitFor(10697), '940MiB');
});

test('the limit is set at start, scaled for a big site, and a change is reported once', () => {
  const before = process.env.GOMEMLIMIT;
  delete process.env.GOMEMLIMIT;
  try {
    limitBundlerMemory();
    assert.equal(process.env.GOMEMLIMIT, '512MiB');
    assert.equal(scaleBundlerMemory(1200), false);
    assert.equal(scaleBundlerMemory(10697), true);
    assert.equal(process.env.GOMEMLIMIT, '940MiB');
    assert.equal(scaleBundlerMemory(10697), false);
  } finally {
    if (before === undefined) delete process.env.GOMEMLIMIT;
    else process.env.GOMEMLIMIT = before;
  }
});
