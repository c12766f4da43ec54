import { hydrateRoot } from 'react-dom/client';
import site from 'docsite:site';
import { App, renderRoute, type AppState } from './App';
import { readBootData } from './boot';
import { installCopyButtons } from './copy-code';
import { chunkFor, importChunk, internalPath, loadManifest, shouldIntercept } from './router';
import '../../templates/styles/index.css';

// The browser runtime: hydrate the server HTML, then navigate client-side between routes.

const boot = readBootData();
let currentPath = boot.path;
let pendingScroll: ScrollTarget | undefined;

type ScrollTarget = { hash: string } | { top: number };

function applyScroll(target: ScrollTarget): void {
  if ('top' in target) window.scrollTo(0, target.top);
  else if (target.hash) document.getElementById(decodeURIComponent(target.hash.slice(1)))?.scrollIntoView();
  else window.scrollTo(0, 0);
}

function afterRender(state: AppState): void {
  // A hook for tests and user scripts: the page is interactive from here on.
  document.documentElement.dataset.hydrated = 'true';
  document.title = titleOf(state);
  if (pendingScroll) applyScroll(pendingScroll);
  pendingScroll = undefined;
}

function titleOf(state: AppState): string {
  const title = state.page.data.title;
  return title === site.title ? site.title : `${title} | ${site.title}`;
}

async function navigate(url: URL, options: { push: boolean; scroll: ScrollTarget }): Promise<void> {
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
  try {
    const routes = await loadManifest(boot.manifest);
    const page = await importChunk(chunkFor(routes, path));
    currentPath = path;
    pendingScroll = options.scroll;
    renderRoute({ path, page });
  } catch {
    // A chunk that cannot load (a new deploy removed it, the network dropped): let the server answer.
    location.assign(url.href);
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

if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
installCopyButtons();

const initialPage = await importChunk(boot.chunk);
hydrateRoot(document.getElementById('__docsite')!, <App site={site} initial={{ path: boot.path, page: initialPage }} onRendered={afterRender} />);
// Warm the manifest once the page is idle, so the first click does not wait for it.
(window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1000)))(() => void loadManifest(boot.manifest).catch(() => undefined));
