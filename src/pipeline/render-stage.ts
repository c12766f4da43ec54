import type { RouteAssets } from '../bundle/bundle';
import { checkMemory } from '../core/memory-guard';
import { createApiTwinWriter } from '../emit/markdown-twins';
import { writePages } from '../emit/pages';
import type { PageLinks } from '../links/check-links';
import { withSourceLinks, type CompiledSources } from '../links/page-links';
import type { RenderableRoute, RenderContext } from '../render/render';
import type { RouteDefinition } from '../routes';
import { renderWithLinks } from './pages';
import { createRenderPool, renderWorkersFor, type RenderJob } from './render-pool';

// The build's render stage: every route to HTML, written out as it is made, keeping only each page's links.
// On the main thread a few pages at a time; with workers (render-pool.ts), in batches spread over the cores.

export interface RenderStageInput {
  routes: RouteDefinition[];
  assets: ReadonlyMap<string, RouteAssets>;
  /** Each route's page module, from the main thread's server bundle. */
  pageModule(route: RouteDefinition): RenderableRoute['module'];
  /** The HTML a route's content was compiled to, when the page uses it (workers add it to their page module). */
  contentHtml(route: RouteDefinition): string | undefined;
  context: RenderContext;
  /** The server bundle's file, which workers import. */
  serverFile: string;
  compiled: CompiledSources;
  /** The staged output folder; none when nothing is written (check-links). */
  outDir?: string;
  /** Whether the lowercase twins of mixed-case routes are written (only where file names are case-sensitive). */
  writeTwins: boolean;
  /** The cache folder of API pages' `.md` twins, when they are written. */
  markdownTwins?: string;
  /** Render workers to use; 0 renders on the main thread. */
  workers: number;
  onProgress(done: number): void;
  /** Pages the previous build wrote that are still current: taken from its output instead of rendered. */
  reuse?: PageReuse;
}

/** A page taken from the previous output: the links found in it then. */
export interface ReusedPage {
  hrefs: string[];
  ids: string[];
}

/** The previous build's pages (build-record.ts says which are still current). */
export interface PageReuse {
  /** Whether the route's page was rendered from what it would be rendered from now. */
  has(route: RouteDefinition): boolean;
  /**
   * Such a page, taken into this build's output (with its `.md` twin, if it has one) when `write`; undefined when it
   * cannot be taken after all (it is rendered).
   */
  take(route: RouteDefinition, write: boolean): ReusedPage | undefined;
}

/**
 * Pages rendered (and written) at a time on the main thread. Few: a page's HTML is often over 128 KB, which V8
 * keeps in its large-object space; strings that die before the next scavenge are freed at once, but ones held
 * across the writes' awaits reach the old generation and pile up until a full collection. On the 5,000-page
 * bench corpus, batches of 128 peaked at 2.5 GB RSS, batches of 4 at 1.1 GB, and rendered faster.
 */
const RENDER_BATCH = 4;
/** Pages per message to a worker: enough to make a message worth it, few enough to share the work evenly. */
const WORKER_BATCH = 16;

export async function renderSite(input: RenderStageInput): Promise<PageLinks[]> {
  if (input.reuse) return renderChanged(input, input.reuse);
  return input.workers > 0 ? renderInWorkers(input) : renderHere(input);
}

/** Pages taken between two turns of the event loop (workers' messages wait meanwhile). */
const REUSE_BATCH = 64;

/**
 * Takes the pages still current from the previous output and renders the others; the links in route order. The
 * taken pages are taken synchronously: a thousand small files go several times faster so than through the thread
 * pool, which the social cards' and search index's workers keep busy at the same time.
 */
async function renderChanged(input: RenderStageInput, reuse: PageReuse): Promise<PageLinks[]> {
  const { routes, compiled, context, outDir, writeTwins, onProgress } = input;
  const links = new Map<RouteDefinition, PageLinks>();
  const toRender = routes.filter((route) => !reuse.has(route));
  const reusable = routes.filter((route) => reuse.has(route));
  for (let first = 0; first < reusable.length; first += REUSE_BATCH) {
    for (const route of reusable.slice(first, first + REUSE_BATCH)) {
      const page = reuse.take(route, outDir !== undefined && (writeTwins || !route.caseAliasOf));
      if (!page) {
        toRender.push(route);
        continue;
      }
      links.set(route, withSourceLinks({ route, hrefs: page.hrefs, ids: new Set(page.ids) }, compiled, context.siteDir));
    }
    onProgress(links.size);
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (toRender.length) {
    const reused = links.size;
    const rest = { ...input, routes: toRender, workers: Math.min(input.workers, renderWorkersFor(toRender.length)), onProgress: (done: number) => onProgress(reused + done) };
    const rendered = await (rest.workers > 0 ? renderInWorkers(rest) : renderHere(rest));
    rendered.forEach((pageLinks) => links.set(pageLinks.route, pageLinks));
  }
  return routes.map((route) => links.get(route)!);
}

async function renderHere({ routes, assets, pageModule, context, compiled, outDir, writeTwins, markdownTwins, onProgress }: RenderStageInput): Promise<PageLinks[]> {
  const renderable: RenderableRoute[] = routes.map((route) => ({ route, module: pageModule(route), assets: assets.get(route.path)! }));
  const links: PageLinks[] = [];
  const internedHrefs = new Map<string, string>();
  // API pages' twins are converted on a thread of their own while the main thread renders on.
  const twins = outDir && markdownTwins ? createApiTwinWriter(outDir, markdownTwins, 'worker') : undefined;
  try {
    for (let first = 0; first < renderable.length; first += RENDER_BATCH) {
      // A site that does not fit in memory stops with a message naming the page, not with a heap abort.
      checkMemory('the site', `rendering ${renderable[first]!.route.path}`, renderable[first]!.route.source ? { file: renderable[first]!.route.source } : undefined);
      const batch = renderWithLinks(renderable.slice(first, first + RENDER_BATCH), context, compiled, internedHrefs);
      links.push(...batch.links);
      if (outDir) await writePages(outDir, writeTwins ? batch.pages : batch.pages.filter((page) => !page.route.caseAliasOf), { twins });
      onProgress(links.length);
      // The pages are written synchronously: a turn of the event loop per batch lets what runs beside the render
      // (the card workers, fed a batch per reply; the twins' thread) go on.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    await twins?.done();
  }
  return links;
}

async function renderInWorkers({ routes, assets, contentHtml, context, serverFile, compiled, outDir, writeTwins, markdownTwins, workers, onProgress }: RenderStageInput): Promise<PageLinks[]> {
  const { theme: _theme, ...plainContext } = context;
  const pool = createRenderPool({ serverFile, context: plainContext, ...(markdownTwins ? { markdownTwins } : {}), ...(outDir ? { outDir } : {}) }, workers);
  try {
    const links = new Array<PageLinks>(routes.length);
    const internedHrefs = new Map<string, string>();
    const intern = (href: string) => {
      let shared = internedHrefs.get(href);
      if (shared === undefined) internedHrefs.set(href, (shared = href));
      return shared;
    };
    let done = 0;
    // Batches are made as workers take them, two per worker in flight: made all at once, the queue held every
    // page's job, its content's HTML included, until a worker got to it (some 130 MB at 5,000 pages).
    let next = 0;
    const lane = async () => {
      while (next < routes.length) {
        const first = next;
        const batch = routes.slice(first, (next = Math.min(routes.length, first + WORKER_BATCH)));
        const jobs: RenderJob[] = batch.map((route) => {
          const html = contentHtml(route);
          return { route, assets: assets.get(route.path)!, write: writeTwins || !route.caseAliasOf, ...(html !== undefined ? { contentHtml: html } : {}) };
        });
        const found = await pool.render(jobs);
        found.forEach(({ hrefs, ids }, index) => {
          links[first + index] = withSourceLinks({ route: batch[index]!, hrefs: hrefs.map(intern), ids: new Set(ids) }, compiled, context.siteDir);
        });
        done += batch.length;
        onProgress(done);
      }
    };
    await Promise.all(Array.from({ length: workers * 2 }, lane));
    return links;
  } finally {
    await pool.close();
  }
}
