import { rename, writeFile } from 'node:fs/promises';
import { threadId } from 'node:worker_threads';
import { serveJobs } from '../core/worker-pool';
import { drawCard, type CardInput } from './draw-card';

// A social-card worker: draws the cards it is given and writes each to its file (cards.ts hands them out). Written
// then renamed: builds link the cached card into their output, so a file there is never written in place.
serveJobs(async (jobs: { input: CardInput; file: string }[]): Promise<number> => {
  for (const { input, file } of jobs) {
    const temporary = `${file}.${process.pid}-${threadId}.tmp`;
    await writeFile(temporary, await drawCard(input));
    await rename(temporary, file);
  }
  return jobs.length;
});
