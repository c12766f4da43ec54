import type { ReactNode } from 'react';
import type { SidebarItem, SiteData } from '../../src/shared/types';
import { createRequiredContext } from './create-context';

// What every theme component may ask for: the site, the current route, the current docs sidebar.

export interface RouteState {
  /** Current route path without the base URL. */
  path: string;
}

const site = createRequiredContext<SiteData>('Site');
const route = createRequiredContext<RouteState>('Route');
const docsSidebar = createRequiredContext<SidebarItem[] | null>('DocsSidebar');

export const useSite = site.use;
export const useRoute = route.use;
/** The sidebar of the current docs page, or null on pages without one. */
export const useDocsSidebar = docsSidebar.use;

export function ThemeProviders({ site: siteData, path, sidebar, children }: { site: SiteData; path: string; sidebar: SidebarItem[] | null; children: ReactNode }) {
  return (
    <site.Context.Provider value={siteData}>
      <route.Context.Provider value={{ path }}>
        <docsSidebar.Context.Provider value={sidebar}>{children}</docsSidebar.Context.Provider>
      </route.Context.Provider>
    </site.Context.Provider>
  );
}

/** Looks a sidebar up by id, failing loudly with the ids that do exist. */
export function sidebarById(sidebars: Record<string, SidebarItem[]>, id: string): SidebarItem[] {
  const found = sidebars[id];
  if (!found) {
    const known = Object.keys(sidebars);
    throw new Error(`docsite: no sidebar with id "${id}"${known.length ? `; the sidebars are: ${known.join(', ')}` : '; this site has no sidebars'}.`);
  }
  return found;
}

/** Looks a doc up by id, failing loudly: a link to a doc that does not exist is a content bug. */
export function docById<T extends { id: string }>(docs: readonly T[], id: string): T {
  const found = docs.find((doc) => doc.id === id);
  if (!found) throw new Error(`docsite: no doc with id "${id}". Check the id (its path in the docs folder without extension, or its front matter id).`);
  return found;
}
