import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createWorkerPool } from '../../src/core/worker-pool';

const WORKER = new URL('../fixtures/workers/thread-id-worker.ts', import.meta.url);

test('a pool grown while jobs wait gives them to its new workers too', async () => {
  const pool = createWorkerPool<number, number>(WORKER, {}, 1);
  try {
    const jobs = Array.from({ length: 8 }, () => pool.run(150));
    assert.equal(pool.queued, 7, 'one job started, the rest wait');
    pool.grow(2);
    const threads = new Set(await Promise.all(jobs));
    assert.equal(threads.size, 2, 'two workers answered');
    assert.equal(pool.queued, 0);
    pool.grow(1);
    assert.equal(new Set(await Promise.all([pool.run(0), pool.run(0), pool.run(0)])).size <= 2, true, 'growing to fewer workers starts none');
  } finally {
    await pool.close();
  }
});
