import { checkPageLinks, extractLinks, formatBrokenLink, type PageLinks } from '../links/check-links';
import { log } from '../core/log';
import type { RouteDefinition } from '../routes';

// In dev, each rendered page's links are checked against the route table; a broken one is a
// warning (once per page and link), never an error: the author is in the middle of writing.

const reported = new Set<string>();

export function warnBrokenLinks(route: RouteDefinition, appHtml: string, routes: RouteDefinition[], options: { base: string; files: Set<string>; extraFiles: string[] }): void {
  const { hrefs, ids } = extractLinks(appHtml);
  // Other pages are not rendered, so their ids are unknown: only this page's own anchors are checked.
  const pages: PageLinks[] = routes.map((candidate) => (candidate === route ? { route, hrefs, ids } : { route: candidate, hrefs: [], ids: new Set() }));
  const { broken, warnings } = checkPageLinks(pages, { base: options.base, files: new Set([...options.files, ...options.extraFiles]) });
  const problems = [...broken.filter((link) => link.kind === 'link' || link.href.startsWith('#')), ...warnings];
  for (const link of problems) {
    const key = `${route.path}\0${link.href}`;
    if (reported.has(key)) continue;
    reported.add(key);
    log.warn(warnings.includes(link) ? formatBrokenLink(link) : `broken ${link.kind}: ${formatBrokenLink(link)}`);
  }
}
