import { availableParallelism } from 'node:os';
import type { RouteAssets } from '../bundle/bundle';
import { createWorkerPool } from '../core/worker-pool';
import { workerUrl } from '../core/worker-thread';
import type { RenderContext } from '../render/render';
import type { RouteDefinition } from '../routes';

// Rendering a large site in worker threads. React's server renderer is single-threaded, and the render stage was
// the longest one on one core while the others idled (Kubernetes' API reference: 1,886 pages of ~150 KB). Each
// worker imports the build's server bundle once; the main thread hands out batches of routes and keeps what
// the link check needs of each page: its hrefs and ids. Workers write the pages themselves, so HTML never
// crosses back. The HTML is the same as the main thread's: the same bundle renders the same data.

export interface RenderWorkerSetup {
  serverFile: string;
  /** The staged output folder pages are written to; none when nothing is written (check-links). */
  outDir?: string;
  /** The cache folder of API pages' `.md` twins, when they are written (the config's `llms.markdownPages`). */
  markdownTwins?: string;
  /** Everything of the render context but the theme, which each worker imports itself. */
  context: Omit<RenderContext, 'theme'>;
}

export interface RenderJob {
  route: RouteDefinition;
  assets: RouteAssets;
  /** false for a page that is rendered for its links but not written (a case twin on a case-insensitive disk). */
  write: boolean;
  /** The HTML of its static content, when compiled to HTML (the server bundle has no module of it then). */
  contentHtml?: string;
}

export interface RenderedLinks {
  hrefs: string[];
  ids: string[];
}

/**
 * A worker's answer to a batch. Most of a page's hrefs are its sidebar's, the same on every page, so a worker sends
 * each href once and a page's hrefs as positions in what it sent: sent as strings, a thousand per page were copied into
 * the main thread for every page and dropped there (the render stage's memory grew by ~120 KB a page at 10,000 pages).
 */
export interface RenderedBatch {
  /** The worker's thread id: each worker numbers its hrefs on its own. */
  worker: number;
  /** Hrefs this worker had not sent before, numbered on from the last. */
  newHrefs: string[];
  pages: Array<{ hrefs: number[]; ids: string[] }>;
}

export interface RenderPool {
  /** Renders (and writes) the pages, answering with their links in the same order. */
  render(pages: RenderJob[]): Promise<RenderedLinks[]>;
  close(): Promise<void>;
}

/**
 * A big site: from this many pages it renders in workers, and the build bounds what its main thread holds
 * (pipeline/build.ts). Below it, starting workers and loading the bundle in each costs about what it saves, and adds
 * a bundle's worth of memory per worker. Measured on 2 cores: Memora's 368 pages rendered in 0.88 s alone and 1.1 s
 * with two workers; the 1,000-page bench corpus in 2.65 s and 2.3 s (peak RSS 354 -> 560 MB); Kubernetes' 1,886
 * API pages in 8.5-9.3 s and 6.5-6.7 s.
 */
export const BIG_SITE_PAGES = 1500;

export function renderWorkersFor(pages: number): number {
  const cores = availableParallelism();
  if (pages < BIG_SITE_PAGES || cores < 2) return 0;
  return Math.min(cores, 4);
}

const WORKER_URL = workerUrl('render-worker', import.meta.url);

/**
 * A worker's young generation: pages of ~150 KB of HTML each, with React's render tree, churn through the default
 * one (Kubernetes' pages rendered 40% slower per page in a worker than on the main thread); 64 MB, as the compile
 * workers have, brings them level.
 */
const RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 64 };


export function createRenderPool(setup: RenderWorkerSetup, size: number): RenderPool {
  const pool = createWorkerPool<RenderJob[], RenderedBatch>(WORKER_URL, { workerData: setup, resourceLimits: RESOURCE_LIMITS }, size);
  // Each worker's hrefs by their number. A worker's answers arrive, and their promises settle, in the order it sent them.
  const sent = new Map<number, string[]>();
  const decode = ({ worker, newHrefs, pages }: RenderedBatch): RenderedLinks[] => {
    let hrefs = sent.get(worker);
    if (!hrefs) sent.set(worker, (hrefs = []));
    for (const href of newHrefs) hrefs.push(href);
    return pages.map((page) => ({ hrefs: page.hrefs.map((position) => hrefs[position]!), ids: page.ids }));
  };
  return { render: (pages) => pool.run(pages).then(decode), close: () => pool.close() };
}
