import { checkPageLinks, type PageLinks } from '../links/check-links';
import { log } from '../core/log';
import { applyLinkPolicy } from '../links/policy';
import type { RouteDefinition } from '../routes';

// In dev, each rendered page's links are checked against the route table with the build's checker and
// reported in the build's words (file:line:column for links written in Markdown), but as warnings (once
// per page and link), never errors: the author is in the middle of writing.

const reported = new Set<string>();

export function warnBrokenLinks(page: PageLinks, routes: RouteDefinition[], options: { base: string; files: Set<string> }): void {
  // Other pages are not rendered, so their ids are unknown: only this page's own anchors are checked.
  const pages: PageLinks[] = routes.map((candidate) => (candidate === page.route ? page : { route: candidate, hrefs: [], ids: new Set() }));
  const { broken, warnings } = checkPageLinks(pages, options);
  const checkable = broken.filter((link) => link.kind === 'link' || link.href.startsWith('#'));
  applyLinkPolicy({ broken: checkable, warnings }, 'warn', 'warn', (message, link) => {
    const key = `${page.route.path}\0${link.href}`;
    if (reported.has(key)) return;
    reported.add(key);
    log.warn(message);
  });
}
