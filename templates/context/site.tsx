import { useCallback, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { DocVersionData, SidebarItem, SiteData } from '../../src/shared/types';
import type { PageModule } from '../types';
import { loadWholeSidebar, subscribeToWholeSidebars, wholeSidebar } from '../lib/whole-sidebars';
import { createRequiredContext } from './create-context';

// What every theme component may ask for: the site, the current route, the current docs sidebar.

export interface RouteState {
  /** Current route path without the base URL. */
  path: string;
  /** The docs version of the page, when it is a page of versioned docs. */
  docsVersion?: DocVersionData;
}

const site = createRequiredContext<SiteData>('Site');
const route = createRequiredContext<RouteState>('Route');
const docsSidebar = createRequiredContext<DocsSidebarState>('DocsSidebar');

interface DocsSidebarState {
  items: SidebarItem[] | null;
  /** Set while the page has only its cut of a large sidebar: fetches the whole one. */
  loadWhole: (() => Promise<void>) | undefined;
}

export const useSite = site.use;

/**
 * The theme's words in the site's language: `t('On this page')` is that string's translation when the site has
 * one (src/config/theme-strings.ts lists the strings and their translations), else the English text itself. It
 * lives with the site context, which every route chunk already takes from the runtime.
 */
export function useThemeString(): (english: string) => string {
  const { strings } = site.use();
  return (english) => strings?.[english] ?? english;
}

/**
 * Dates in the site's language, in UTC (a post dated 2023-06-24 reads the same wherever the build and the reader
 * are): English sites keep US English ("June 24, 2023"), others their own (`htmlLang`, else the locale).
 */
export function useDateFormat(): (time: number, options: Intl.DateTimeFormatOptions) => string {
  const { locale, htmlLang } = site.use();
  const language = locale === 'en' ? 'en-US' : (htmlLang ?? locale);
  return (time, options) => {
    const key = `${language} ${JSON.stringify(options)}`;
    let format = dateFormats.get(key);
    if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' })));
    return format.format(time);
  };
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
export const useRoute = route.use;
/** The sidebar of the current docs page, or null on pages without one. */
export const useDocsSidebar = (): SidebarItem[] | null => docsSidebar.use().items;
/** Fetches the rest of a sidebar the page shipped only in part; undefined when there is nothing to fetch. */
export const useWholeSidebarLoader = (): (() => Promise<void>) | undefined => docsSidebar.use().loadWhole;

const noWholeSidebar = () => undefined;

export function ThemeProviders({ site: siteData, path, page, children }: { site: SiteData; path: string; page: Pick<PageModule, 'sidebar' | 'sidebarKey' | 'loadSidebar'> & { data?: PageModule['data'] }; children: ReactNode }) {
  const { sidebarKey, loadSidebar } = page;
  // The server never has a whole sidebar: hydration renders the page's own cut, as the server did.
  const whole = useSyncExternalStore(subscribeToWholeSidebars, () => wholeSidebar(sidebarKey), noWholeSidebar);
  const load = useCallback(() => loadWholeSidebar(sidebarKey!, loadSidebar!), [sidebarKey, loadSidebar]);
  const sidebar: DocsSidebarState = { items: whole ?? page.sidebar ?? null, loadWhole: whole || !loadSidebar || !sidebarKey ? undefined : load };
  const data = page.data;
  const docsVersion = data && (data.kind === 'doc' || data.kind === 'generatedIndex') ? data.version : undefined;
  const routeState = useMemo((): RouteState => ({ path, ...(docsVersion ? { docsVersion } : {}) }), [path, docsVersion]);
  return (
    <site.Context.Provider value={siteData}>
      <route.Context.Provider value={routeState}>
        <docsSidebar.Context.Provider value={sidebar}>{children}</docsSidebar.Context.Provider>
      </route.Context.Provider>
    </site.Context.Provider>
  );
}

export { sidebarById } from '../../src/shared/lookup';
