import { pathToFileURL } from 'node:url';
import type { ShellInput } from '../../templates/shell';
import type { PageModule, RootProps, ServerPageModule } from '../shared/theme';
import { DocsiteError } from '../core/errors';
import { errorOrigin } from './error-origin';
import type { RouteDefinition } from '../routes';
import type { BootData, SiteData } from '../shared/types';
import { assetUrl, createHrefBuilder, isExternalUrl, withBase } from '../shared/url';
import type { EntryAssets, RouteAssets } from '../bundle/bundle';

export interface RenderedPage {
  route: RouteDefinition;
  /** The React output alone (what the link checker reads). */
  appHtml: string;
  /** The whole document. */
  html: string;
}

/** The theme's server side: a page module to HTML, and the HTML shell around it. */
export interface ThemeRenderer {
  renderApp(props: RootProps): string;
  renderContent(page: PageModule): string;
  renderShell(input: ShellInput): string;
  inlineScripts(site: SiteData): { head: string; body: string };
}

/** The build's Node bundle: the theme's renderer and every route's page module (a function of its data), by route path. */
export interface ServerBundle extends ThemeRenderer {
  pages: Record<string, ServerPageModule>;
}

export async function loadServerBundle(file: string, siteDir: string): Promise<ServerBundle> {
  return importBundle<ServerBundle>(file, siteDir);
}

/**
 * Imports a bundle docsite built; a site module that throws as it loads (a component's top-level code, a
 * config it reads) is reported at that module's file.
 */
export async function importBundle<T>(file: string, siteDir: string): Promise<T> {
  try {
    return (await import(pathToFileURL(file).href)) as T;
  } catch (error) {
    const origin = errorOrigin(error, siteDir);
    if (!origin) throw error;
    throw new DocsiteError(`threw while loading: ${error instanceof Error ? error.message : String(error)}`, { file: origin.file }, { cause: error });
  }
}

/** One route ready to render: what it is, its page module (run in Node) and the browser files it needs. */
/** A server page module with the HTML its static content was compiled to, when the build renders it so. */
export function withContentHtml(module: PageModule, html: string | undefined): PageModule {
  return html === undefined ? module : { ...module, contentHtml: html };
}

export interface RenderableRoute {
  route: RouteDefinition;
  module: PageModule;
  assets: RouteAssets;
}

/** Site-wide facts for each page's head beyond SiteData (which ships to the browser). */
export interface HeadContext {
  /** Every locale of the site, its hreflang and its base URL; the default locale's pages are the x-default. */
  locales: { hreflang: string; base: string; isDefault: boolean }[];
  /** themeConfig.image: the social card of pages without their own. */
  defaultImage?: string;
  /** Blog feeds, linked from the blog pages. */
  feeds: NonNullable<ShellInput['feeds']>;
  /** The config's headTags, base URL applied. */
  extraTags: NonNullable<ShellInput['extraTags']>;
}

/** What every page of one build (or one dev server state) is rendered with. */
export interface RenderContext {
  theme: ThemeRenderer;
  site: SiteData;
  /** The runtime entry every page loads. */
  entry: EntryAssets;
  /** URL of the route manifest (path -> chunk) the runtime navigates with. */
  manifestUrl: string;
  /** The search worker's script, when the site has search. */
  searchWorker?: string;
  head?: HeadContext;
  /** Dev server: pages listen for changes. */
  liveReload?: boolean;
  /** The site folder: an error thrown while rendering is reported at the site file it came from. */
  siteDir: string;
}

/** A page that threw while rendering, reported at the component, partial or page that threw. */
function renderFailure(error: unknown, route: RouteDefinition, siteDir: string): DocsiteError {
  const message = error instanceof Error ? error.message : String(error);
  const origin = errorOrigin(error, siteDir);
  if (origin && origin.file !== route.source) {
    const page = route.source ? ` (the page ${route.source})` : '';
    return new DocsiteError(`threw while rendering ${route.path}${page}: ${message}`, { file: origin.file }, { cause: error });
  }
  return new DocsiteError(`could not render ${route.path}: ${message}`, route.source ? { file: route.source } : undefined, { cause: error });
}

/** Renders routes to HTML documents. */
export function renderPages(routes: RenderableRoute[], context: RenderContext): RenderedPage[] {
  const { theme, site, entry } = context;
  // Asset paths are relative to the base URL; one given by URL (React's file, shared by a site's locales) stays as it is.
  const asset = (path: string) => assetUrl(site.baseUrl, path);
  const href = createHrefBuilder(site.baseUrl, site.trailingSlash);
  const absolute = (url: string) => (isExternalUrl(url) ? url : site.url + withBase(site.baseUrl, `/${url.replace(/^\//, '')}`));
  const iso = (time: number | undefined) => (time === undefined ? undefined : new Date(time).toISOString());
  return routes.map(({ route, module: page, assets: routeAssets }) => {
    let appHtml: string;
    try {
      appHtml = flat(theme.renderApp({ site, path: route.path, page }));
    } catch (error) {
      throw renderFailure(error, route, context.siteDir);
    }
    // Nothing in it changes when another page does (the route manifest's and search files' names do not).
    // A page of static content has no chunk: its data is here, for its frame (bundle/virtual-modules.ts `routeFrames`).
    const boot: BootData = { path: route.path, chunk: asset(routeAssets.chunk), ...(routeAssets.frame ? { frame: asset(routeAssets.frame), data: page.data } : {}), manifest: context.manifestUrl, base: site.baseUrl, ...(context.liveReload ? {} : { runtime: asset(entry.entry) }), ...(context.searchWorker ? { searchWorker: context.searchWorker } : {}) };
    // The module's data, not the route's: a React page's `meta` export may have set title and description.
    const data = page.data;
    const description = 'description' in data && data.description ? data.description : route.description;
    const html = theme.renderShell({
      site,
      title: data.title,
      ...(description ? { description } : {}),
      ...headFor(route, { site, href, absolute, iso, head: context.head }),
      ...(route.noindex ? { noindex: true } : {}),
      // A redirect names its target as the canonical page: search engines credit it, not the old address.
      ...(route.data.kind === 'redirect' ? { refreshTo: route.data.to, canonical: absolute(route.data.to) } : {}),
      appHtml,
      boot,
      entryScript: asset(entry.entry),
      preloads: [...entry.imports, ...(routeAssets.frame ? [] : [routeAssets.chunk]), ...routeAssets.imports].map(asset),
      styles: [...entry.styles, ...routeAssets.styles].map(asset),
      ...(context.liveReload ? { liveReload: true } : {}),
    });
    return { route, appHtml, html };
  });
}

/**
 * The same text in one piece of memory. V8 keeps a string built by concatenation, as React's renderToString builds
 * a page, as a tree of its thousands of pieces, and whatever reads it whole walks the tree: the shell's join copied
 * it piece by piece, then the link check's first search flattened it, another walk. Cutting a string flattens what
 * it is cut from: the page is walked once, and both read it flat (the 10,000-doc corpus's sidebar, 112 KB of HTML,
 * CPU time a page: the join 0.22 ms and extractLinks 0.59 ms; flattened first, 0.21 ms, then 0.06 and 0.41 ms).
 */
function flat(text: string): string {
  return ` ${text}`.slice(1);
}

interface HeadHelpers {
  site: SiteData;
  href: (path: string) => string;
  absolute: (url: string) => string;
  iso: (time: number | undefined) => string | undefined;
  head: HeadContext | undefined;
}

/** Canonical URL, social card, article times, locale alternates and feed links of one page. */
function headFor(route: RouteDefinition, { site, href, absolute, iso, head }: HeadHelpers): Partial<ShellInput> {
  // The site's own head tags (icons, a web manifest, verification metas) belong on every page a reader can land on.
  const extra = head?.extraTags.length ? { extraTags: head.extraTags } : {};
  // Pages that stand for no URL of their own get no canonical, social card or alternates.
  if (route.noCanonical) return extra;
  const canonical = site.url + href(route.path);
  const seo = route.seo ?? {};
  const image = seo.image ?? head?.defaultImage;
  const localeUrl = (base: string) => site.url + createHrefBuilder(base, site.trailingSlash)(route.path);
  const defaultLocale = head?.locales.find((locale) => locale.isDefault);
  const alternates = head
    ? [...head.locales.map((locale) => ({ hreflang: locale.hreflang, href: localeUrl(locale.base) })), { hreflang: 'x-default', href: defaultLocale ? localeUrl(defaultLocale.base) : canonical }]
    : [];
  const publishedTime = iso(seo.publishedTime);
  const modifiedTime = iso(seo.modifiedTime);
  return {
    canonical,
    ...(image ? { image: absolute(image) } : {}),
    ...(seo.ogType ? { ogType: seo.ogType } : {}),
    ...(publishedTime ? { publishedTime } : {}),
    ...(modifiedTime ? { modifiedTime } : {}),
    ...(seo.keywords ? { keywords: seo.keywords } : {}),
    ...(seo.tags ? { articleTags: seo.tags } : {}),
    ...(alternates.length ? { alternates } : {}),
    ...(route.feeds && head?.feeds.length ? { feeds: head.feeds } : {}),
    ...extra,
  };
}
