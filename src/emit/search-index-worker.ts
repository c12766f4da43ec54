import { serveJobs } from '../core/worker-pool';
import { searchFilesOf, type SearchFilesJob } from './search-files';

// Packs the search index and writes its files off the main thread (search-files.ts): the main thread answers
// esbuild's plugin calls while the bundles are made, and a second of lunr there held the bundle stage up by as much.
serveJobs((job: SearchFilesJob): Promise<number> => searchFilesOf(job));
