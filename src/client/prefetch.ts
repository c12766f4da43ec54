// Route chunks are fetched before they are needed: at low priority when a link scrolls into view,
// and loaded outright when the pointer rests on it or it gets focus. Readers on a 2G connection or
// with data saving turned on are spared both.

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
  /** The chunk URL for an anchor, or undefined when it is not a route link. */
  chunkForAnchor: (anchor: HTMLAnchorElement) => Promise<string | undefined>;
  /** Loads a chunk for real (on intent). */
  load: (chunk: string) => void;
}

export function installPrefetch({ chunkForAnchor, load }: PrefetchOptions): { observeLinks: () => void } {
  const hinted = new Set<string>();
  const hint = (chunk: string) => {
    if (hinted.has(chunk)) return;
    hinted.add(chunk);
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    link.crossOrigin = 'anonymous';
    link.href = chunk;
    document.head.appendChild(link);
  };

  const onIntent = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor || !prefetchAllowed()) return;
    void chunkForAnchor(anchor).then((chunk) => chunk && load(chunk));
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
            void chunkForAnchor(entry.target as HTMLAnchorElement).then((chunk) => chunk && hint(chunk));
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
