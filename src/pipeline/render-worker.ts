import { threadId, workerData } from 'node:worker_threads';
import { serveJobs } from '../core/worker-pool';
import { createApiTwinWriter } from '../emit/markdown-twins';
import { writePages } from '../emit/pages';
import { attributeValueAt, decodeEntities, idStarts } from '../links/check-links';
import { loadServerBundle, renderPages, withContentHtml } from '../render/render';
import { HrefNumbers } from './href-numbers';
import type { RenderedBatch, RenderJob, RenderWorkerSetup } from './render-pool';

// A render worker: the build's server bundle, loaded once, renders batches of pages, writes them and answers
// with each page's hrefs and ids (all the build keeps of a page): the hrefs as numbers, each href sent once.

/** Every href sent so far, by its number (href-numbers.ts). */
const hrefNumbers = new HrefNumbers();

const setup = workerData as RenderWorkerSetup;
const server = loadServerBundle(setup.serverFile, setup.context.siteDir);

serveJobs(async (pages: RenderJob[]): Promise<RenderedBatch> => {
  const theme = await server;
  const rendered = renderPages(
    pages.map(({ route, assets, contentHtml }) => ({ route, module: withContentHtml(theme.pages[route.path]!(route.data), contentHtml), assets })),
    { ...setup.context, theme },
  );
  if (setup.outDir) {
    const twins = setup.markdownTwins ? createApiTwinWriter(setup.outDir, setup.markdownTwins, 'here') : undefined;
    await writePages(setup.outDir, rendered.filter((_, index) => pages[index]!.write), { twins });
    await twins?.done();
  }
  const newHrefs: string[] = [];
  const found = rendered.map(({ appHtml }) => {
    // Strings posted to the main thread are copied: the ids need no detaching from the page's HTML.
    const ids = new Set(idStarts(appHtml).map((start) => decodeEntities(attributeValueAt(appHtml, start))));
    return { hrefs: hrefNumbers.page(appHtml, newHrefs), ids: [...ids] };
  });
  return { worker: threadId, newHrefs, pages: found };
});
