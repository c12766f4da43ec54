import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createWorkerPool } from '../../src/core/worker-pool';

const WORKER = new URL('../fixtures/workers/thread-id-worker.ts', import.meta.url);

test('a pool grown while jobs wait gives them to its new workers too', async () => {
  const pool = createWorkerPool<number, number>(WORKER, {}, 1);
  try {
    const jobs = Array.from({ length: 8 }, () => pool.run(150));
    assert.equal(pool.queued, 6, 'the worker holds two jobs (the one it is on and the next), the rest wait');
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

const FINISH_TIME_WORKER = new URL('../fixtures/workers/finish-time-worker.ts', import.meta.url);

test("a worker goes on to its next job while the pool's thread is busy, without waiting for it to take the answer", async () => {
  const pool = createWorkerPool<number, number>(FINISH_TIME_WORKER, {}, 1);
  try {
    await pool.run(0); // started
    const jobs = [pool.run(100), pool.run(100)];
    // This thread is busy (compiling, rendering) while the worker works: it takes no answer for 400 ms.
    const busyUntil = Date.now() + 400;
    while (Date.now() < busyUntil);
    const [first, second] = await Promise.all(jobs);
    assert.ok(second! - first! < 200, `the second job waited for this thread: it finished ${second! - first!} ms after the first`);
  } finally {
    await pool.close();
  }
});

const COUNTING_WORKER = new URL('../fixtures/workers/counting-worker.ts', import.meta.url);

for (const closeGracefully of [true, false]) {
  test(`closed ${closeGracefully ? 'gracefully, a worker finishes the job it is on and drops the rest' : 'otherwise, a worker is stopped in the middle of its job'}`, async () => {
    const counts = new Int32Array(new SharedArrayBuffer(8));
    const pool = createWorkerPool<number, number>(COUNTING_WORKER, { workerData: { counts: counts.buffer } }, 1, { jobsPerWorker: Infinity, closeGracefully });
    const jobs = [pool.run(300), pool.run(300), pool.run(300)].map((job) => job.catch((error: Error) => error.message));
    while (Atomics.load(counts, 0) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await pool.close();
    assert.deepEqual([Atomics.load(counts, 0), Atomics.load(counts, 1)], closeGracefully ? [1, 1] : [1, 0], 'jobs started, jobs finished');
    // The job a worker finished is answered; the others are refused.
    const closed = 'the worker pool was closed';
    assert.deepEqual(await Promise.all(jobs), closeGracefully ? [1, closed, closed] : [closed, closed, closed]);
  });
}
