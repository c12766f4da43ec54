import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createWorkerPool } from '../../src/core/worker-pool';
import { discardPrestartedWorkers, prestartWorker } from '../../src/core/worker-thread';

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

test('a worker started early is the one a pool of its module and options takes; one nothing takes is ended', async () => {
  const early = prestartWorker(WORKER, {});
  assert.equal(prestartWorker(WORKER, {}), early, 'started once');
  const pool = createWorkerPool<number, number>(WORKER, {}, 1);
  try {
    assert.equal(await pool.run(0), early.threadId, 'the pool took the early worker');
  } finally {
    await pool.close();
  }
  // Other options: not taken (the early one would run with limits the pool did not ask for).
  const other = prestartWorker(WORKER, { resourceLimits: { maxOldGenerationSizeMb: 64 } });
  const exited = new Promise((resolve) => other.once('exit', resolve));
  const second = createWorkerPool<number, number>(WORKER, {}, 1);
  try {
    assert.notEqual(await second.run(0), other.threadId);
  } finally {
    await second.close();
  }
  discardPrestartedWorkers();
  await exited;
  // Discarded: the next pool starts its own.
  const third = createWorkerPool<number, number>(WORKER, {}, 1);
  try {
    assert.notEqual(await third.run(0), other.threadId);
  } finally {
    await third.close();
  }
});

test('a worker started early that failed before it was taken is replaced', async () => {
  const FAILING = new URL('../fixtures/workers/failing-start-worker.ts', import.meta.url);
  const early = prestartWorker(FAILING, {});
  // An early worker keeps no process alive: this test waits for it.
  early.ref();
  await new Promise((resolve) => early.once('exit', resolve));
  const pool = createWorkerPool<number, number>(FAILING, {}, 1);
  try {
    await assert.rejects(pool.run(0), /failed at its start/, 'a new worker, which fails as it starts too');
  } finally {
    await pool.close().catch(() => undefined);
  }
});
