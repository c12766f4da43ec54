import { DocsiteError } from '../errors';
import type { OutgoingLink } from '../markdown/plugins/links';
import type { RouteDefinition } from '../routes';
import { isExternalUrl, routeKey, stripBase, withBase } from '../shared/url';

// The link checker works on rendered HTML, so links from the navbar, footer, sidebar and
// components are checked as well as those written in Markdown.

export interface PageLinks {
  route: RouteDefinition;
  /** Every href of an <a> in the page body. */
  hrefs: string[];
  /** Every id in the page body. */
  ids: Set<string>;
  /** Links written in the page's source, with positions, to name where a broken link comes from. */
  sourceLinks?: OutgoingLink[];
}

export interface BrokenLink {
  /** "docs/x.md:12:5", or the route for links the theme rendered. */
  source: string;
  href: string;
  reason: string;
  kind: 'link' | 'anchor';
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' };

function decodeEntities(value: string): string {
  return value.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (entity) => ENTITIES[entity]!);
}

/** hrefs and ids of rendered HTML (React's output: attributes always double-quoted). */
export function extractLinks(html: string): { hrefs: string[]; ids: Set<string> } {
  const hrefs: string[] = [];
  for (const match of html.matchAll(/<a\s[^>]*?\bhref="([^"]*)"/g)) hrefs.push(decodeEntities(match[1]!));
  const ids = new Set<string>();
  for (const match of html.matchAll(/\sid="([^"]*)"/g)) ids.add(decodeEntities(match[1]!));
  return { hrefs, ids };
}

export interface CheckOptions {
  base: string;
  /** Paths (no base, leading slash) of files in the output that are not routes: static files, assets. */
  files: Set<string>;
}

export function findBrokenLinks(pages: PageLinks[], options: CheckOptions): BrokenLink[] {
  const byPath = new Map(pages.map((page) => [page.route.path, page]));
  const byLowerPath = new Map(pages.map((page) => [page.route.path.toLowerCase(), page]));
  const broken: BrokenLink[] = [];
  for (const page of pages) {
    if (page.route.data.kind === 'redirect') continue;
    const pageUrl = new URL(withBase(options.base, page.route.path), 'http://docsite.invalid');
    const seen = new Set<string>();
    for (const href of page.hrefs) {
      if (seen.has(href) || !href || isExternalUrl(href) && !href.startsWith('http://docsite.invalid')) continue;
      seen.add(href);
      const url = new URL(href, pageUrl);
      const where = sourceOf(page, href);
      const path = stripBase(options.base, url.pathname);
      if (path === undefined) {
        broken.push({ source: where, href, reason: `outside the base URL ${options.base}`, kind: 'link' });
        continue;
      }
      const key = routeKey(path);
      const target = byPath.get(key) ?? byLowerPath.get(key.toLowerCase());
      if (!target) {
        if (!options.files.has(decodeURI(path))) broken.push({ source: where, href, reason: /\.mdx?$/.test(key) ? 'no doc at this file path' : 'no such page', kind: 'link' });
        continue;
      }
      if (url.hash.length > 1) {
        const id = decodeURIComponent(url.hash.slice(1));
        if (!target.ids.has(id)) broken.push({ source: where, href, reason: `no heading or element with id "${id}" on ${target.route.path}`, kind: 'anchor' });
      }
    }
  }
  return broken;
}

function sourceOf(page: PageLinks, href: string): string {
  const link = page.sourceLinks?.find((candidate) => candidate.href === href);
  if (link && page.route.source) return `${page.route.source}${link.line ? `:${link.line}:${link.column ?? 1}` : ''}`;
  return page.route.source ? `${page.route.source} (theme)` : page.route.path;
}

export function formatBrokenLink(link: BrokenLink): string {
  return `${link.source}  ->  ${link.href}  (${link.reason})`;
}

export function brokenLinksError(links: BrokenLink[]): DocsiteError {
  const first = links[0]!;
  const [file, line, column] = first.source.split(/:(?=\d)/);
  return new DocsiteError(
    `${links.length} broken link${links.length === 1 ? '' : 's'} found`,
    { file: file!.replace(/ \(theme\)$/, ''), ...(line ? { line: Number(line) } : {}), ...(column ? { column: Number(column) } : {}) },
    { details: links.map(formatBrokenLink) },
  );
}
