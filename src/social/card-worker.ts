import { writeFileAtomically } from '../core/fs-utils';
import { serveJobs } from '../core/worker-pool';
import { drawCard, type CardInput } from './draw-card';

// A social-card worker: draws the cards it is given and writes each to its file (cards.ts hands them out), never in
// place: builds link the cached card into their output.
serveJobs(async (jobs: { input: CardInput; file: string }[]): Promise<number> => {
  for (const { input, file } of jobs) await writeFileAtomically(file, await drawCard(input));
  return jobs.length;
});
