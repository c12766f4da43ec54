import type { CompiledMarkdown } from '../markdown/compile';
import type { RenderedPage } from '../render/render';
import { extractLinks, type PageLinks } from './check-links';

/**
 * A rendered page's hrefs and ids, and the positions of the links its source wrote, so that a broken
 * link is reported at its file:line:column wherever it is found (build, check-links and dev alike).
 * `intern` (one map per build) makes pages share one string per distinct href.
 */
export function pageLinksOf(page: Pick<RenderedPage, 'route' | 'appHtml'>, compiled: ReadonlyMap<string, Pick<CompiledMarkdown, 'links'>>, intern?: Map<string, string>): PageLinks {
  const { route } = page;
  const { hrefs, ids } = extractLinks(page.appHtml, intern);
  const sourceLinks = route.contentFile ? compiled.get(route.contentFile)?.links : undefined;
  return { route, hrefs, ids, ...(sourceLinks ? { sourceLinks } : {}) };
}
