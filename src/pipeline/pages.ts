import type { CompiledMarkdown } from '../markdown/compile';
import type { PageLinks } from '../links/check-links';
import { pageLinksOf } from '../links/page-links';
import { renderPages, type RenderableRoute, type RenderContext, type RenderedPage } from '../render/render';

// The render step every command shares: routes to HTML, and each page's links with the source positions
// of the ones its Markdown wrote. The build runs it in batches over the whole site, dev for one page.

export interface PagesWithLinks {
  pages: RenderedPage[];
  links: PageLinks[];
}

export function renderWithLinks(routes: RenderableRoute[], context: RenderContext, compiled: ReadonlyMap<string, CompiledMarkdown>, intern?: Map<string, string>): PagesWithLinks {
  const pages = renderPages(routes, context);
  return { pages, links: pages.map((page) => pageLinksOf(page, compiled, intern)) };
}
