import type { PageData } from '../shared/types';

// The route table's entry type and the helpers every page family uses to build one.

export interface RouteDefinition {
  /** Route key: no base URL, no trailing slash, "/" for home. */
  path: string;
  /** File stem of the route's chunk (readable, unique). */
  chunkName: string;
  data: PageData;
  /** Compiled-markdown key (the absolute path) of the MDX module rendering the body. */
  contentFile?: string;
  /** For blog lists: compiled-markdown keys of each listed post's excerpt, in list order. */
  excerptFiles?: string[];
  /**
   * Other pages' compiled-markdown keys whose results this page's data quotes (their excerpt as a card's or
   * list item's description). The dev server compiles them before rendering the page, so what it shows never
   * depends on what happened to be compiled at that moment.
   */
  readsFrom?: string[];
  /** A React page module (pages/*.tsx) rendering the whole page. */
  reactPage?: { file: string; hasMeta: boolean };
  sidebarId?: string;
  /** Site-relative source file, for messages. */
  source?: string;
  description?: string;
  noindex?: boolean;
  /** Output file relative to the out dir. */
  outputFile: string;
  /**
   * The lowercase twin of a mixed-case route: written only where file names are case-sensitive,
   * because elsewhere the canonical page's own file already answers the lowercase path.
   */
  caseAliasOf?: string;
  /** A redirect the config asks for (routes/redirects.ts): a line of `_redirects` too. */
  configRedirect?: boolean;
  /** Social card and search engine details beyond title and description. */
  seo?: RouteSeo;
  /** Last change, for the sitemap (ms since epoch). */
  lastmod?: number;
  /** The page links the blog feeds in its head. */
  feeds?: boolean;
  /**
   * How the page appears in search: the group its results are listed under, and (for pages without a
   * Markdown body, or whose body is not compiled) its text. Pages without it are not indexed.
   */
  search?: RouteSearch;
  /** Redirects and the not-found and search pages stand for no URL of their own: no canonical link, no alternates. */
  noCanonical?: boolean;
}

export interface RouteSearch {
  kind: 'doc' | 'blog' | 'api' | 'page';
  /** The docs version of a page of versioned docs: search shows the reader the version they read first. */
  version?: { pluginId: string; name: string };
  /** Used when the route has no compiled Markdown body: the intro (no heading) and sections as plain text. */
  sections?: { heading: string; id: string; text: string }[];
}

export interface RouteSeo {
  ogType?: 'website' | 'article';
  /** ms since epoch */
  publishedTime?: number;
  modifiedTime?: number;
  /** Site path ("/img/card.png") or absolute URL. */
  image?: string;
  keywords?: string[];
  tags?: string[];
  authors?: string[];
}

/** "/docs/install/docker-compose" -> "docs/install/docker-compose/index.html" (or ".html" with trailingSlash: false). */
export function outputFile(path: string, trailingSlash: boolean | undefined): string {
  if (path === '/') return 'index.html';
  const relative = path.replace(/^\//, '');
  return trailingSlash === false ? `${relative}.html` : `${relative}/index.html`;
}

export function chunkName(path: string): string {
  return path === '/' ? 'index' : path.replace(/^\//, '').replace(/[^a-zA-Z0-9_-]+/g, '-').slice(0, 80);
}

/** A route of a generated page (no source file): chunk and output file follow from the path. */
export function generatedRoute(path: string, data: PageData, trailingSlash: boolean | undefined, extra: Partial<RouteDefinition> = {}): RouteDefinition {
  return { path, chunkName: chunkName(path), data, outputFile: outputFile(path, trailingSlash), ...extra };
}

export function truncate(text: string | undefined, max: number): string | undefined {
  if (!text) return undefined;
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** Splits items into pages: page 1 at `base`, page n at `base/page/n` (`base/<pageSegment>/n`: author pages use `authors`, as Docusaurus does). */
export function paginate<T>(items: T[], perPage: number | 'ALL', base: string, pageSegment = 'page'): { items: T[]; page: number; totalPages: number; path: string; pathOf: (page: number) => string }[] {
  const size = perPage === 'ALL' ? Math.max(items.length, 1) : perPage;
  const totalPages = Math.max(1, Math.ceil(items.length / size));
  const pathOf = (page: number) => (page === 1 ? base : `${base === '/' ? '' : base}/${pageSegment}/${page}`);
  return Array.from({ length: totalPages }, (_, index) => ({ items: items.slice(index * size, (index + 1) * size), page: index + 1, totalPages, path: pathOf(index + 1), pathOf }));
}
