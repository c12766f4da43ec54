import { workerData } from 'node:worker_threads';
import { serveJobs } from '../core/worker-pool';
import { readKeptSearch, searchFilesOf, type PrereadSearch, type SearchFilesJob, type SearchFilesWritten } from './search-files';

// Packs the search index and writes its files off the main thread (search-files.ts): the main thread answers
// esbuild's plugin calls while the bundles are made, and a second of lunr there held the bundle stage up by as much.
// An edit build's worker starts with the build and reads the previous index before its job comes (startSearchWorker).

const previous = (workerData as { previous?: string } | null)?.previous;
const preread: PrereadSearch | undefined = previous === undefined ? undefined : { file: previous, kept: readKeptSearch(previous) };
serveJobs((job: SearchFilesJob): Promise<SearchFilesWritten> => searchFilesOf(job, preread));
