import type { SidebarItem } from '../../src/shared/types';

// Whole sidebars fetched in this browser session, by sidebar key (id and content hash). A page of a large sidebar ships
// only its open part (see src/shared/sidebar-view.ts); once the whole one is here, every page of
// that sidebar renders from it, so a category the reader opened stays open across navigations.

type Loader = () => Promise<{ default: SidebarItem[] }>;

const loaded = new Map<string, SidebarItem[]>();
const loading = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();

export function wholeSidebar(key: string | undefined): SidebarItem[] | undefined {
  return key === undefined ? undefined : loaded.get(key);
}

export function subscribeToWholeSidebars(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Fetches a sidebar's chunk once; a failed fetch (offline, a newer deploy) may be tried again. */
export function loadWholeSidebar(key: string, load: Loader): Promise<void> {
  let pending = loading.get(key);
  if (!pending) {
    pending = load().then(
      (module) => {
        loaded.set(key, module.default);
        listeners.forEach((listener) => listener());
      },
      (error: unknown) => {
        loading.delete(key);
        console.warn(`docsite: could not load the sidebar "${key}"`, error);
      },
    );
    loading.set(key, pending);
  }
  return pending;
}
