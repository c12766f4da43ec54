import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import site from 'docsite:site';
import { configureStorage } from 'docsite:theme';
import { App, renderRoute, type AppState } from './App';
import { readBootData } from './boot';
import { clearReloadFlag, reloadOnce, showChunkError } from './chunk-failure';
import { installCopyButtons } from './copy-code';
import { installKeyboardNavigationClass } from './keyboard';
import { installPrefetch } from './prefetch';
import { installPrintExpansion } from './print';
import { installImageZoom } from './image-zoom';
import { startProgress } from './progress';
import { loadStylesheet } from './stylesheets';
import { importChunk, importFirstChunk, internalPath, loadManifest, resetManifest, sameRuntime, shouldIntercept, targetFor } from './router';

// The browser runtime: hydrate the server HTML, then navigate client-side between routes.

const boot = readBootData();
configureStorage(site.storageType);
let currentPath = boot.path;
let pendingScroll: ScrollTarget | undefined;
let navigationId = 0;

type ScrollTarget = { hash: string } | { top: number };

function applyScroll(target: ScrollTarget): void {
  if ('top' in target) window.scrollTo(0, target.top);
  else if (target.hash) document.getElementById(decodeURIComponent(target.hash.slice(1)))?.scrollIntoView();
  else window.scrollTo(0, 0);
}

const prefetch = installPrefetch({
  async targetForAnchor(anchor) {
    if (!anchor.href) return undefined;
    const path = internalPath(new URL(anchor.href, location.href), boot.base);
    if (path === undefined || path === currentPath) return undefined;
    const routes = await loadManifest(boot.manifest);
    return sameRuntime(routes, boot.runtime) ? targetFor(routes, path) : undefined;
  },
  load: (target) => void importChunk(target).catch(() => undefined),
});

function afterRender(state: AppState): void {
  // A hook for tests and user scripts: the page is interactive from here on.
  document.documentElement.dataset.hydrated = 'true';
  // The route on screen: the URL changes when a navigation starts, this once its page has rendered.
  document.documentElement.dataset.route = state.path;
  // The server wrote the first page's head; later pages' heads are written by code loaded with the navigation.
  head?.updateHead(site, state.page.data, state.path);
  // Only a page opened from a search hit has words to mark: the code is loaded for it alone.
  if (new URLSearchParams(location.search).has('_highlight')) void import('./highlight').then(({ highlightFromUrl }) => highlightFromUrl());
  if (pendingScroll) applyScroll(pendingScroll);
  pendingScroll = undefined;
  prefetch.observeLinks();
}

let head: typeof import('./head') | undefined;
/** The code that updates the document's head after a navigation, loaded with the first one. */
function loadHead(): Promise<unknown> {
  return head ? Promise.resolve() : import('./head').then((module) => (head = module));
}

async function navigate(url: URL, options: { push: boolean; scroll: ScrollTarget; hops?: number }): Promise<void> {
  const path = internalPath(url, boot.base);
  if (path === undefined) {
    location.assign(url.href);
    return;
  }
  if (options.push) {
    history.replaceState({ ...history.state, scroll: window.scrollY }, '');
    history.pushState({ scroll: 0 }, '', url.href);
  }
  if (path === currentPath) {
    applyScroll(options.scroll);
    return;
  }
  const id = ++navigationId;
  const stopProgress = startProgress();
  try {
    const routes = await loadManifest(boot.manifest);
    if (!sameRuntime(routes, boot.runtime)) {
      // The history entry for the URL is made already (or is the one the reader went back to).
      location.replace(url.href);
      return;
    }
    const target = targetFor(routes, path);
    const [page] = await Promise.all([importChunk(target), loadHead(), ...(routes.styles?.[target.chunk] ?? []).map(loadStylesheet)]);
    if (id !== navigationId) return; // a later navigation won
    const data = page.data;
    if (data.kind === 'redirect' && (options.hops ?? 0) < 5) {
      // A forwarding route (e.g. /docs): go straight on, leaving no history entry for it.
      const target = new URL(data.to + url.hash, location.href);
      // A redirect of the config may lead to another site.
      if (target.origin !== location.origin) return location.replace(target.href);
      history.replaceState({ scroll: 0 }, '', target.href);
      void navigate(target, { push: false, scroll: options.scroll, hops: (options.hops ?? 0) + 1 });
      return;
    }
    currentPath = path;
    pendingScroll = options.scroll;
    renderRoute({ path, page });
  } catch (error) {
    if (id !== navigationId) return;
    // Let the server answer with a full page load; its boot shows the error if the chunk still fails.
    if (!reloadOnce(path, url.href)) showChunkError(error);
  } finally {
    stopProgress();
  }
}

document.addEventListener('click', (event) => {
  const anchor = (event.target as Element | null)?.closest?.('a');
  if (!anchor || !shouldIntercept(event, anchor)) return;
  const url = new URL(anchor.href, location.href);
  if (internalPath(url, boot.base) === undefined) return;
  if (url.pathname === location.pathname && url.search === location.search && url.hash) return; // in-page anchor: let the browser scroll
  event.preventDefault();
  void navigate(url, { push: true, scroll: { hash: url.hash } });
});

window.addEventListener('popstate', (event) => {
  const top = (event.state as { scroll?: number } | null)?.scroll ?? 0;
  void navigate(new URL(location.href), { push: false, scroll: { top } });
});

// `docsite dev` only (the production bundle drops this): an edit re-renders the route on screen in
// place, keeping scroll position and state; dev-client.ts announces which routes changed.
if (process.env.NODE_ENV !== 'production') {
  window.addEventListener('docsite:dev-update', (event) => {
    resetManifest();
    const { paths, chunks } = (event as CustomEvent<{ paths: string[]; chunks?: Record<string, string> }>).detail;
    if (!paths.includes(currentPath)) return;
    const path = currentPath;
    // The update names the route's new chunk: no round trip for the manifest first.
    const known = chunks?.[path];
    void (known ? Promise.resolve({ chunk: known }) : loadManifest(boot.manifest).then((routes) => targetFor(routes, path)))
      .then(async (target) => (await Promise.all([importChunk(target), loadHead()]))[0])
      .then((page) => {
        if (path === currentPath) renderRoute({ path, page });
      })
      .catch(() => location.reload());
  });
}

if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
installKeyboardNavigationClass();
installCopyButtons();
installPrintExpansion();
if (site.readingAids.imageZoom) installImageZoom();

/**
 * Loads the page's chunk and hydrates. Not awaited at the top level: route chunks import this module (it is the
 * runtime they take the theme from), so it must finish evaluating before the page's chunk can.
 */
async function start(): Promise<void> {
  try {
    const initialPage = await importFirstChunk(boot);
    clearReloadFlag();
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread
    // for the whole page (a long API reference page is thousands of elements): input stays responsive meanwhile.
    startTransition(() => {
      hydrateRoot(document.getElementById('__docsite')!, <App site={site} initial={{ path: boot.path, page: initialPage }} onRendered={afterRender} />);
    });
  } catch (error) {
    // The server HTML stays readable; reload once, then explain.
    if (!reloadOnce(boot.path, location.href)) showChunkError(error);
  }
}
void start();
// Warm the manifest once the page is idle, so the first click does not wait for it.
(window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1000)))(() => void loadManifest(boot.manifest).catch(() => undefined));
