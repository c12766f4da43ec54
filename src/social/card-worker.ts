import { workerData } from 'node:worker_threads';
import { writeFileAtomically } from '../core/fs-utils';
import { serveJobs } from '../core/worker-pool';
import { runAtLowestPriority } from '../core/worker-thread';
import type { CardWorkerData } from './cards';
import { drawCard, type CardInput } from './draw-card';

// A social-card worker: draws the cards it is given and writes each to its file (cards.ts hands them out), never in
// place: builds link the cached card into their output. A card's write goes on while the next is drawn: awaited one
// by one, the writes left the worker idle for a quarter of its time (0.7 s of 2.9 s at 1000 cards).
if ((workerData as CardWorkerData | undefined)?.background) runAtLowestPriority();

serveJobs(async (jobs: { input: CardInput; file: string }[]): Promise<number> => {
  const writes: Promise<void>[] = [];
  try {
    for (const { input, file } of jobs) writes.push(writeFileAtomically(file, await drawCard(input)));
  } finally {
    // Every write settles before the batch answers, a failed drawing's batch too.
    const settled = await Promise.allSettled(writes);
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }
  return jobs.length;
});
