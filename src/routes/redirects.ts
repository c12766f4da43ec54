import { log } from '../core/log';
import type { SiteConfig } from '../config/schema';
import type { RedirectPageData } from '../shared/types';
import { isExternalUrl } from '../shared/url';
import { generatedRoute, type RouteDefinition } from './route';

// The config's redirects (and Docusaurus's plugin-client-redirects options, which the config takes as they are):
// each old path becomes a page that sends the reader on (src/render: a meta refresh and a canonical link), a line
// of `_redirects` (src/emit/redirects-file.ts), and a 301 from `docsite serve`. A target must be a page of the
// site: the link check reports one that is not, at its place in the config (links/chrome-links.ts).

/** One old path and where it leads. */
export interface Redirect {
  from: string;
  /** A path of the site (without the base URL), or an absolute URL. */
  to: string;
}

/** The config's `redirects` in its longer form (the list alone is its `redirects`). */
export function redirectOptions(config: SiteConfig): Exclude<SiteConfig['redirects'], unknown[]> {
  const { redirects } = config;
  return Array.isArray(redirects) ? { redirects, fromExtensions: [], toExtensions: [] } : redirects;
}

/** The redirects `config` asks for, given the site's page paths; those whose old path is a page are left out, with a warning. */
export function configRedirects(config: SiteConfig, pagePaths: string[]): Redirect[] {
  const { redirects, createRedirects, fromExtensions, toExtensions } = redirectOptions(config);
  const pages = new Set(pagePaths.map(normalize));
  const wanted: Redirect[] = [];
  for (const rule of redirects) for (const from of [rule.from].flat()) wanted.push({ from, to: rule.to });
  for (const path of pagePaths) {
    if (path === '/' || path.startsWith('/__')) continue;
    const created = createRedirects?.(path);
    for (const from of [created ?? []].flat()) if (typeof from === 'string' && from) wanted.push({ from, to: path });
    // fromExtensions: `/docs/intro.html` leads to `/docs/intro`.
    for (const extension of fromExtensions) wanted.push({ from: `${path.replace(/\/$/, '')}.${extension.replace(/^\./, '')}`, to: path });
    // toExtensions: `/legacy` leads to the page at `/legacy.html`.
    for (const extension of toExtensions) {
      const suffix = `.${extension.replace(/^\./, '')}`;
      if (path.endsWith(suffix)) wanted.push({ from: path.slice(0, -suffix.length), to: path });
    }
  }
  const seen = new Set<string>();
  const kept: Redirect[] = [];
  const overlapping: string[] = [];
  for (const redirect of wanted) {
    const from = normalize(redirect.from);
    if (seen.has(from)) continue;
    seen.add(from);
    if (pages.has(from)) overlapping.push(redirect.from);
    else kept.push({ from, to: isExternalUrl(redirect.to) ? redirect.to : redirect.to.startsWith('/') ? redirect.to : `/${redirect.to}` });
  }
  if (overlapping.length) log.warn(`redirects: ${overlapping.length === 1 ? 'a redirect from a page is' : `${overlapping.length} redirects from pages are`} left out (the page stays): ${overlapping.slice(0, 5).join(', ')}${overlapping.length > 5 ? ', …' : ''}`);
  return kept;
}

/** The redirects as pages. */
export function redirectRoutes(redirects: Redirect[], href: (path: string) => string, trailingSlash: boolean | undefined): RouteDefinition[] {
  return redirects.map(({ from, to }) => {
    const data: RedirectPageData = { kind: 'redirect', title: 'Redirecting…', to: href(to) };
    const route = generatedRoute(from, data, trailingSlash, { noindex: true, noCanonical: true, configRedirect: true });
    // An old file name (`/docs/intro.html`) is written as that file, where a static host looks for it.
    return /\.[a-z0-9]+$/i.test(from) ? { ...route, outputFile: from.slice(1) } : route;
  });
}

/** `/docs/old/` and `/docs/old` are one path; a path always starts with a slash. */
function normalize(path: string): string {
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}
