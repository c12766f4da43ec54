import { parentPort, workerData } from 'node:worker_threads';
import { writePages } from '../emit/pages';
import { extractLinks } from '../links/check-links';
import { serializeError } from '../markdown/worker-errors';
import { loadServerBundle, renderPages } from '../render/render';
import type { RenderBatch, RenderReply, RenderWorkerSetup } from './render-pool';

// A render worker: the build's server bundle, loaded once, renders batches of pages, writes them and answers
// with each page's hrefs and ids (all the build keeps of a page).

const setup = workerData as RenderWorkerSetup;
const server = loadServerBundle(setup.serverFile, setup.context.siteDir);

parentPort!.on('message', async ({ id, pages }: RenderBatch) => {
  let reply: RenderReply;
  try {
    const theme = await server;
    const rendered = renderPages(
      pages.map(({ route, assets }) => ({ route, module: theme.pages[route.path]!(route.data), assets })),
      { ...setup.context, theme },
    );
    if (setup.outDir) await writePages(setup.outDir, rendered.filter((_, index) => pages[index]!.write));
    reply = { id, links: rendered.map((page) => { const { hrefs, ids } = extractLinks(page.appHtml, undefined, { detach: false }); return { hrefs, ids: [...ids] }; }) };
  } catch (error) {
    reply = { id, error: serializeError(error) };
  }
  parentPort!.postMessage(reply);
});
