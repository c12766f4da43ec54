import type { SiteConfig } from './config/schema';
import type { DocSource } from './content/docs';
import type { DocSidebarInfo } from './content/sidebars';
import type { CompiledMarkdown } from './markdown/compile';
import type { DocPageData, LastUpdate, PageData } from './shared/types';

// Site data -> the route table. One entry per page the build writes; each names its page kind,
// the data its template gets, and (for content pages) the compiled module that renders the body.

export interface RouteDefinition {
  /** Route key: no base URL, no trailing slash, "/" for home. */
  path: string;
  /** File stem of the route's chunk (readable, unique). */
  chunkName: string;
  data: PageData;
  /** Absolute path of the MDX module rendering the body, for content pages. */
  contentFile?: string;
  sidebarId?: string;
  /** Site-relative source file, for messages. */
  source?: string;
  description?: string;
  noindex?: boolean;
  /** Output file relative to the out dir. */
  outputFile: string;
}

export interface RouteInputs {
  config: SiteConfig;
  docs: DocSource[];
  compiled: Map<string, CompiledMarkdown>;
  docSidebars: Map<string, DocSidebarInfo>;
  lastUpdates: Map<string, LastUpdate>;
  href: (path: string) => string;
  /** The first doc of the docs sidebar, where `/docs` leads. */
  docsHome?: string;
}

export const NOT_FOUND_PATH = '/404';

export function createRoutes(inputs: RouteInputs): RouteDefinition[] {
  const { config } = inputs;
  const routes: RouteDefinition[] = inputs.docs.map((doc) => docRoute(doc, inputs));
  const docsBase = `/${config.docs.routeBasePath.replace(/^\/+|\/+$/g, '')}`;
  if (inputs.docsHome && docsBase !== '/' && !routes.some((route) => route.path === docsBase)) {
    const to = inputs.href(inputs.docsHome);
    routes.push({ path: docsBase, chunkName: chunkName(docsBase), data: { kind: 'redirect', title: 'Redirecting…', to }, noindex: true, outputFile: outputFile(docsBase, config.trailingSlash) });
  }
  // A site without its own home page sends "/" to the docs, so the logo and breadcrumbs lead somewhere.
  if (inputs.docsHome && !routes.some((route) => route.path === '/')) {
    routes.push({ path: '/', chunkName: 'index', data: { kind: 'redirect', title: 'Redirecting…', to: inputs.href(inputs.docsHome) }, noindex: true, outputFile: 'index.html' });
  }
  // The full search results page (the navbar box links to it with ?q=).
  if (!routes.some((route) => route.path === '/search')) {
    routes.push({ path: '/search', chunkName: 'search', data: { kind: 'search', title: 'Search' }, noindex: true, outputFile: outputFile('/search', config.trailingSlash) });
  }
  routes.push({ path: NOT_FOUND_PATH, chunkName: 'not-found', data: { kind: 'notFound', title: 'Page Not Found' }, noindex: true, outputFile: '404.html' });
  return routes;
}

function docRoute(doc: DocSource, inputs: RouteInputs): RouteDefinition {
  const { config, href } = inputs;
  const compiled = inputs.compiled.get(doc.id);
  const sidebar = inputs.docSidebars.get(doc.id);
  const lastUpdate = inputs.lastUpdates.get(doc.absolutePath);
  const fm = doc.frontMatter;
  const description = fm.description ?? truncate(compiled?.excerpt, 160);
  const data: DocPageData = {
    kind: 'doc',
    id: doc.id,
    title: doc.title,
    ...(description ? { description } : {}),
    permalink: href(doc.path),
    source: doc.source,
    hasOwnTitle: doc.hasOwnTitle,
    toc: compiled?.toc ?? [],
    hideTableOfContents: fm.hide_table_of_contents === true,
    ...(lastUpdate && (config.docs.showLastUpdateTime || config.docs.showLastUpdateAuthor)
      ? { lastUpdate: { date: lastUpdate.date, ...(config.docs.showLastUpdateAuthor && lastUpdate.author ? { author: lastUpdate.author } : {}) } }
      : {}),
    tags: [],
    ...(sidebar ? { sidebarId: sidebar.sidebarId } : {}),
    breadcrumbs: sidebar?.breadcrumbs ?? [],
    ...(sidebar?.previous ? { previous: sidebar.previous } : {}),
    ...(sidebar?.next ? { next: sidebar.next } : {}),
    versionLabel: config.docs.versions.current.label,
    ...(config.docs.editUrl ? { editUrl: `${config.docs.editUrl.replace(/\/$/, '')}/${doc.source}` } : {}),
    unlisted: doc.unlisted,
  };
  return {
    path: doc.path,
    chunkName: chunkName(doc.path),
    data,
    contentFile: doc.absolutePath,
    ...(sidebar ? { sidebarId: sidebar.sidebarId } : {}),
    source: doc.source,
    ...(description ? { description } : {}),
    ...(doc.unlisted ? { noindex: true } : {}),
    outputFile: outputFile(doc.path, config.trailingSlash),
  };
}

/** "/docs/install/docker-compose" -> "docs/install/docker-compose/index.html" (or ".html" with trailingSlash: false). */
export function outputFile(path: string, trailingSlash: boolean | undefined): string {
  if (path === '/') return 'index.html';
  const relative = path.replace(/^\//, '');
  return trailingSlash === false ? `${relative}.html` : `${relative}/index.html`;
}

function chunkName(path: string): string {
  return path === '/' ? 'index' : path.replace(/^\//, '').replace(/[^a-zA-Z0-9_-]+/g, '-').slice(0, 80);
}

function truncate(text: string | undefined, max: number): string | undefined {
  if (!text) return undefined;
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}
