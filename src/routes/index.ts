import { pageStringsFor } from '../config/theme-strings';
import type { SiteConfig } from '../config/schema';
import type { BlogPostSource } from '../content/blog';
import type { DocSource } from '../content/docs';
import type { PageSource } from '../content/pages';
import type { DocSidebarInfo, GeneratedIndex } from '../content/sidebars';
import type { TagDefinition } from '../content/tags';
import { DocsiteError } from '../core/errors';
import type { CompiledMarkdown } from '../markdown/compile';
import type { SiteContent } from '../content';
import type { LastUpdate, NotFoundPageData } from '../shared/types';
import type { ApiReference } from '../content/openapi';
import { apiRoutes } from './api';
import { blogRoutes } from './blog';
import { docsBasePath, docsRoutes } from './docs';
import { routeBaseOf, sidebarsOfInstance, type DocsInstance } from '../content/docs-instances';
import { firstDocPath } from '../content/nav-targets';
import { pageRoutes } from './pages';
import { configRedirects, redirectRoutes } from './redirects';
import { generatedRoute, type RouteDefinition } from './route';

// Site data -> the route table. One entry per page the build writes; each names its page kind,
// the data its template gets, and (for content pages) the compiled module that renders the body.
// Each page family has its own module; a new one adds a module and a line below.

export { outputFile, type RouteDefinition } from './route';

export interface RouteInputs {
  config: SiteConfig;
  /** The site's own theme translations (`i18n/<locale>/code.json`), for the titles of generated pages. */
  themeTranslations?: Record<string, string>;
  docs: DocSource[];
  posts: BlogPostSource[];
  pages: PageSource[];
  compiled: Map<string, CompiledMarkdown>;
  docSidebars: Map<string, DocSidebarInfo>;
  generatedIndexes?: GeneratedIndex[];
  lastUpdates: Map<string, LastUpdate>;
  href: (path: string) => string;
  docsTagsFiles?: Map<string, { tags: Map<string, TagDefinition>; source: string }>;
  /** The first doc of the docs sidebar, where `/docs` leads. */
  docsHome?: string;
  /** Where each extra docs instance's route base leads (its first doc), by route base. */
  instanceHomes?: Map<string, string>;
  api?: ApiReference;
}

export const NOT_FOUND_PATH = '/404';

/** The route stage: the site's content and its compiled Markdown in, every page the site has out. */
export function routeTableOf(config: SiteConfig, content: SiteContent, compiled: Map<string, CompiledMarkdown>, href: (path: string) => string): RouteDefinition[] {
  const [main, ...extra] = content.docsInstances;
  const homeOf = (instance: DocsInstance) => firstDocPath(sidebarsOfInstance(content.sidebars, instance.id), content.docs.filter((doc) => doc.instance === instance.id));
  const docsHome = homeOf(main!);
  const instanceHomes = new Map(extra.flatMap((instance) => {
    const home = homeOf(instance);
    return home ? [[routeBaseOf(instance.options), home] as const] : [];
  }));
  return createRoutes({ config, ...content, compiled, href, ...(docsHome ? { docsHome } : {}), instanceHomes });
}

export function createRoutes(inputs: RouteInputs): RouteDefinition[] {
  const { config, href } = inputs;
  const pageString = pageStringsFor(config.i18n.defaultLocale, inputs.themeTranslations);
  const routes: RouteDefinition[] = [
    ...pageRoutes(inputs.pages, config, inputs.compiled, href),
    ...docsRoutes({ ...inputs, ...(inputs.docsTagsFiles ? { tagsFiles: inputs.docsTagsFiles } : {}) }),
    ...blogRoutes(inputs),
    ...apiRoutes(inputs.api, config, inputs.compiled),
  ];
  assertUniquePaths(routes);
  const taken = (path: string) => routes.some((route) => route.path === path);
  const docsBase = docsBasePath(config);
  const homes = [...(inputs.docsHome ? [[docsBase, inputs.docsHome] as const] : []), ...(inputs.instanceHomes ?? [])];
  for (const [base, home] of homes) {
    if (base !== '/' && !taken(base)) routes.push(generatedRoute(base, { kind: 'redirect', title: 'Redirecting…', to: href(home) }, config.trailingSlash, { noindex: true, noCanonical: true }));
  }
  // A site without its own home page sends "/" to the docs, so the logo and breadcrumbs lead somewhere.
  if (inputs.docsHome && !taken('/')) {
    routes.push(generatedRoute('/', { kind: 'redirect', title: 'Redirecting…', to: href(inputs.docsHome) }, config.trailingSlash, { noindex: true, noCanonical: true }));
  }
  routes.push(...redirectRoutes(configRedirects(config, routes.map((route) => route.path)), href, config.trailingSlash));
  routes.push(...caseAliases(routes, config.trailingSlash, href));
  // The full search results page (the navbar box links to it with ?q=).
  if (!taken('/search')) routes.push(generatedRoute('/search', { kind: 'search', title: pageString('Search') }, config.trailingSlash, { noindex: true, noCanonical: true }));
  const notFound: NotFoundPageData = { kind: 'notFound', title: pageString('Page Not Found'), ...(inputs.docsHome ? { docsHome: href(docsBase) } : {}) };
  routes.push({ ...generatedRoute(NOT_FOUND_PATH, notFound, config.trailingSlash, { noindex: true, noCanonical: true }), chunkName: 'not-found', outputFile: '404.html' });
  return routes;
}

/**
 * A mixed-case route (the bundled site's /docs/overview/Comparison) also answers in lowercase: readers type
 * URLs in lowercase and many links get lowercased on the way. The twin forwards to the canonical page.
 */
function caseAliases(routes: RouteDefinition[], trailingSlash: boolean | undefined, href: (path: string) => string): RouteDefinition[] {
  // assertUniquePaths compares lowercase paths, so a lowercase twin can never collide with another route.
  return routes
    .filter((route) => route.path !== route.path.toLowerCase())
    .map((route) => generatedRoute(route.path.toLowerCase(), { kind: 'redirect', title: 'Redirecting…', to: href(route.path) }, trailingSlash, { noindex: true, noCanonical: true, caseAliasOf: route.path }));
}

/** Docs, posts and pages share one URL space: two sources on one route is an error naming both. */
function assertUniquePaths(routes: RouteDefinition[]): void {
  const seen = new Map<string, RouteDefinition>();
  for (const route of routes) {
    const key = route.path.toLowerCase();
    const other = seen.get(key);
    if (other) {
      throw new DocsiteError(`two pages share the route ${route.path}: ${other.source ?? `the generated ${other.data.kind} page`} and ${route.source ?? `the generated ${route.data.kind} page`}`, route.source ? { file: route.source } : other.source ? { file: other.source } : undefined);
    }
    seen.set(key, route);
  }
}
