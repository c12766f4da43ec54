import type { SourcedLink } from '../config/locate';
import type { SiteConfig } from '../config/schema';
import type { Sidebars } from '../content/sidebars';
import { checkPageLinks, formatLocation, type LinkProblem, type PageLinks } from '../links/check-links';
import { chromeLinksOf } from '../links/chrome-links';
import { log } from '../core/log';
import { applyLinkPolicy } from '../links/policy';
import type { RouteDefinition } from '../routes';

// In dev, each rendered page's links are checked against the route table with the build's checker and
// reported in the build's words (file:line:column for links written in Markdown, the config's or sidebars
// file's line for the navbar's, footer's and sidebars' links), but as warnings, never errors: the author is
// in the middle of writing. Each problem is printed once: a link a page wrote once per page, a link of the
// chrome or the theme, which every page shows, once in all.

const reported = new Set<string>();

export interface DevLinkOptions {
  base: string;
  files: Set<string>;
  /** The chrome's links with their sources (`devChromeLinks`). */
  chromeLinks?: readonly SourcedLink[];
}

export function warnBrokenLinks(page: PageLinks, routes: RouteDefinition[], options: DevLinkOptions): void {
  // Other pages are not rendered, so their ids are unknown: only this page's own anchors are checked.
  const pages: PageLinks[] = routes.map((candidate) => (candidate === page.route ? page : { route: candidate, hrefs: [], ids: new Set() }));
  const { broken, warnings } = checkPageLinks(pages, options);
  const checkable = broken.filter((link) => link.kind === 'link' || link.href.startsWith('#'));
  applyLinkPolicy({ broken: checkable, warnings }, 'warn', 'warn', (message, link) => {
    const key = reportKey(page, link);
    if (reported.has(key)) return;
    reported.add(key);
    log.warn(message);
  });
}

/** Once per page for a link the page wrote; once in all for one the chrome or the theme shows on every page. */
function reportKey(page: PageLinks, link: LinkProblem): string {
  if (link.chrome) return `${formatLocation(link)}\0${link.href}\0${link.reason}`;
  const sameOnEveryPage = link.href.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(link.href);
  if (!link.line && sameOnEveryPage) return `theme\0${link.href}\0${link.reason}`;
  return `${page.route.path}\0${link.href}`;
}

let chromeCache: { siteDir: string; config: SiteConfig; sidebars: Sidebars; links: SourcedLink[] } | undefined;

/** The chrome's links of the site as dev holds it, read again only when the config or the sidebars change. */
export function devChromeLinks(siteDir: string, config: SiteConfig, sidebars: Sidebars): SourcedLink[] {
  if (chromeCache?.siteDir !== siteDir || chromeCache.config !== config || chromeCache.sidebars !== sidebars) {
    chromeCache = { siteDir, config, sidebars, links: chromeLinksOf(siteDir, config, sidebars) };
  }
  return chromeCache.links;
}
