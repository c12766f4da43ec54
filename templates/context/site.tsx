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

export { sidebarById } from '../../src/shared/lookup';
