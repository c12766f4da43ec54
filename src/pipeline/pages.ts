import type { PageLinks } from '../links/check-links';
import { pageLinksOf, type CompiledSources } from '../links/page-links';
import { renderPages, type RenderableRoute, type RenderContext, type RenderedPage } from '../render/render';

// The render step every command shares: routes to HTML, and each page's links with the source positions
// of the ones its Markdown wrote. The build runs it in batches over the whole site, dev for one page.

export interface PagesWithLinks {
  pages: RenderedPage[];
  links: PageLinks[];
}

/** `compiled` has the compile results of pages and of the partials they import (their links are theirs). */
export function renderWithLinks(routes: RenderableRoute[], context: RenderContext, compiled: CompiledSources, intern?: Map<string, string>): PagesWithLinks {
  const pages = renderPages(routes, context);
  return { pages, links: pages.map((page) => pageLinksOf(page, compiled, context.siteDir, intern)) };
}
