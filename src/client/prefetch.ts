// Route chunks are fetched before they are needed: at low priority when a link scrolls into view,
// and loaded outright when the pointer rests on it or it gets focus. Readers on a 2G connection or
// with data saving turned on are spared both. A page of static content is its frame (a script, shared by the
// pages of its sidebar) and its content file (JSON, loaded on intent only).

import type { RouteTarget } from './router';

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

export function prefetchAllowed(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (!connection) return true;
  return !connection.saveData && !(connection.effectiveType ?? '').includes('2g');
}

export interface PrefetchOptions {
  /** What an anchor's route loads, or undefined when it is not a route link. */
  targetForAnchor: (anchor: HTMLAnchorElement) => Promise<RouteTarget | undefined>;
  /** Loads a route's files for real (on intent). */
  load: (target: RouteTarget) => void;
}

export function installPrefetch({ targetForAnchor, load }: PrefetchOptions): { observeLinks: () => void } {
  const hinted = new Set<string>();
  // In view, a static page's frame only: its content file is the page's text (several times a chunk's size), fetched
  // on intent, as a chunk's content was before pages of static content had no chunk.
  const hint = (target: RouteTarget) => {
    const url = target.frame ?? target.chunk;
    if (hinted.has(url)) return;
    hinted.add(url);
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    link.crossOrigin = 'anonymous';
    link.href = url;
    document.head.appendChild(link);
  };

  const onIntent = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor || !prefetchAllowed()) return;
    void targetForAnchor(anchor).then((target) => target && load(target), () => undefined);
  };
  document.addEventListener('mouseover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);
  document.addEventListener('touchstart', onIntent, { passive: true });

  // Under `docsite dev` every chunk is built on request: hinting every link in view would have the
  // dev server bundle dozens of routes nobody opens. Intent (hover, focus) still loads ahead.
  const observer =
    typeof IntersectionObserver === 'undefined' || process.env.NODE_ENV !== 'production'
      ? undefined
      : new IntersectionObserver((entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            observer!.unobserve(entry.target);
            if (!prefetchAllowed()) continue;
            void targetForAnchor(entry.target as HTMLAnchorElement).then((target) => target && hint(target), () => undefined);
          }
        });

  const observed = new WeakSet<Element>();
  return {
    /** Watches the links now in the page; called after every render. */
    observeLinks() {
      if (!observer || !prefetchAllowed()) return;
      const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200));
      idle(() => {
        for (const anchor of document.querySelectorAll<HTMLAnchorElement>('#__docsite a[href]')) {
          if (observed.has(anchor)) continue;
          observed.add(anchor);
          observer.observe(anchor);
        }
      });
    },
  };
}
