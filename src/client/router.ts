import type { PageModule, RouteFrame } from '../shared/theme';
import type { BootData, ContentFile, RouteManifest } from '../shared/types';
import { isExternalUrl, routeKey, stripBase } from '../shared/url';

// Route lookup and chunk loading. The manifest (path -> chunk URL) is fetched once, lazily: the first page never
// waits for it, since its own chunk is named in the HTML. A page of static content has no chunk: its route frame
// (shared by the pages of its sidebar) makes its page module of its data, which the page's HTML holds and which its
// content file brings on navigation with the content's HTML: one file fetched per navigation.

/** What the runtime loads for a route: its chunk, or for a page of static content its content file and its frame. */
export interface RouteTarget {
  /** The route's chunk or content file: the key its page module is kept by. */
  chunk: string;
  frame?: string;
}

let manifest: Promise<RouteManifest> | undefined;
const modules = new Map<string, Promise<PageModule>>();

export function loadManifest(url: string): Promise<RouteManifest> {
  // Its name is the same in every build: asked for past any cache, it is the one of the build the server has now.
  manifest ??= fetch(url, { cache: 'no-cache' }).then((response) => {
    if (!response.ok) throw new Error(`docsite: could not load the route manifest (${response.status} ${url})`);
    return response.json() as Promise<RouteManifest>;
  });
  manifest.catch(() => {
    manifest = undefined; // let the next navigation try again
  });
  return manifest;
}

/** Forgets the manifest, so the next lookup fetches it again (the dev server changes it on every edit). */
export function resetManifest(): void {
  manifest = undefined;
}

/** A route's page module, ready to render: with its content, which static content loads on its own. */
export function importChunk(target: RouteTarget): Promise<PageModule> {
  let module = modules.get(target.chunk);
  if (!module) {
    module = target.frame
      ? Promise.all([fetchContent(target.chunk), importFrame(target.frame)]).then(([content, frame]) => ({ ...frame(content.data), contentHtml: content.html }))
      : importRouteModule(target.chunk).then(async (page) => (page.loadContent && !page.Content ? { ...page, Content: (await page.loadContent()).default } : page));
    module.catch(() => modules.delete(target.chunk));
    modules.set(target.chunk, module);
  }
  return module;
}

/**
 * The page module of the page the reader opened: static content is not loaded, the server's HTML of it is kept
 * (`staticHtml`, read from the page before it hydrates). Navigating back to the page later loads it as usual.
 */
export async function importFirstChunk(boot: BootData): Promise<PageModule> {
  const target: RouteTarget = { chunk: boot.chunk, ...(boot.frame ? { frame: boot.frame } : {}) };
  let page: PageModule;
  if (boot.frame && boot.data) page = (await importFrame(boot.frame))(boot.data);
  else {
    page = await importRouteModule(boot.chunk);
    if (!page.loadContent || page.Content) return page;
  }
  const body = document.querySelector('#__docsite [data-docsite-body]');
  return body ? { ...page, staticHtml: body.innerHTML } : importChunk(target);
}

/** A static page's content file; a failure is the navigation's, which then loads the page. */
const fetchContent = (url: string): Promise<ContentFile> => fetch(url).then((response) => (response.ok ? (response.json() as Promise<ContentFile>) : Promise.reject(new Error(`${response.status} ${url}`))));

function importRouteModule(url: string): Promise<PageModule> {
  return (import(/* @vite-ignore */ url) as Promise<{ default?: PageModule }>).then((loaded) => pageModuleOf(loaded, url));
}

function importFrame(url: string): Promise<RouteFrame> {
  return (import(/* @vite-ignore */ url) as Promise<{ default?: RouteFrame }>).then((loaded) => {
    if (typeof loaded.default !== 'function') throw new Error(`docsite: the route frame ${url} exports no function of page data.`);
    return loaded.default;
  });
}

/** A route chunk's default export is its page module; anything else is a broken build or plugin. */
export function pageModuleOf(loaded: { default?: PageModule }, url: string): PageModule {
  const page = loaded.default;
  if (!page || typeof page !== 'object' || !page.data) throw new Error(`docsite: the page module ${url} has no default export with page data; a route chunk must \`export default { data, Content }\`.`);
  return page;
}

/**
 * Whether the manifest's chunks run with this page's runtime. A page open since an earlier build (or served from a
 * cache) must not import a later build's chunks: they would bring their own copies of the runtime's modules (React,
 * the theme's state). Such a page navigates by loading pages from the server.
 */
export function sameRuntime(routes: RouteManifest, runtime: string | undefined): boolean {
  return routes.runtime === undefined || runtime === undefined || routes.runtime === runtime;
}

/** What to load for a path: its chunk (the not-found chunk for unknown paths), or its content file and frame. */
export function targetFor(routes: RouteManifest, path: string): RouteTarget {
  const entry = routes.routes[path] ?? routes.routes[path.toLowerCase()] ?? routes.notFound;
  if (typeof entry === 'string') return { chunk: entry };
  const frame = routes.frames?.[entry[0]];
  if (frame === undefined) throw new Error(`docsite: the route manifest names no frame ${entry[0]} (${path})`);
  return { chunk: entry[1], frame };
}

/** The route path (no base) of an in-site URL, or undefined for links the router must leave alone. */
export function internalPath(url: URL, base: string): string | undefined {
  if (url.origin !== location.origin) return undefined;
  const stripped = stripBase(base, url.pathname);
  if (stripped === undefined) return undefined;
  // Files such as /img/logo.svg or /openapi.yaml are not routes.
  if (/\.[a-z0-9]+$/i.test(stripped) && !stripped.endsWith('.html')) return undefined;
  return routeKey(stripped);
}

/** Whether a click on this anchor should become a client-side navigation. */
export function shouldIntercept(event: MouseEvent, anchor: HTMLAnchorElement): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (anchor.target && anchor.target !== '_self') return false;
  if (anchor.hasAttribute('download') || anchor.getAttribute('rel')?.includes('external')) return false;
  // A page in another language is another locale's site, with its own bundles: the browser loads it.
  if (anchor.hreflang && anchor.hreflang !== document.documentElement.lang) return false;
  const href = anchor.getAttribute('href');
  if (!href || href.startsWith('#') || isExternalUrl(href) && !href.startsWith(location.origin)) return false;
  return true;
}
