import { writeFile } from 'node:fs/promises';
import { serveJobs } from '../core/worker-pool';
import { drawCard, type CardInput } from './draw-card';

// A social-card worker: draws the cards it is given and writes each to its file (cards.ts hands them out).
serveJobs(async (jobs: { input: CardInput; file: string }[]): Promise<number> => {
  for (const { input, file } of jobs) await writeFile(file, await drawCard(input));
  return jobs.length;
});
