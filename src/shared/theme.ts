// What the browser runtime (src/client) and the theme (templates/) agree on: the page module a route
// chunk exports (the build generates it, the runtime loads it, the theme renders it, Node renders it
// too), and what the theme's entry gives the runtime, which reaches it only as `docsite:theme`
// (declared in src/client/virtual.d.ts, resolved to templates/index.ts by the bundler).

import type { ComponentType } from 'react';
import type { PageData, SidebarItem, SiteData } from './types';

/** What a route chunk exports: the page's data, its compiled content and its sidebar. */
export interface PageModule {
  data: PageData;
  /** The compiled Markdown body, or a React page's component. */
  Content?: ComponentType<{ components?: Record<string, unknown> }>;
  /** The page's sidebar: all of it, or for a large one the page's cut (see src/shared/sidebar-view.ts). */
  sidebar?: SidebarItem[];
  /** Present when `sidebar` is a cut: names the whole sidebar's content (pages of one sidebar share it) and loads it. */
  sidebarKey?: string;
  loadSidebar?: () => Promise<{ default: SidebarItem[] }>;
  /** Blog lists: each listed post's excerpt (or whole post when it has no truncate marker), in list order. */
  excerpts?: ComponentType<{ components?: Record<string, unknown> }>[];
}

export interface RootProps {
  site: SiteData;
  /** Current route path, without base URL. */
  path: string;
  page: PageModule;
}

/** The exports of `docsite:theme`, the theme's entry for the runtime. Importing it also brings the theme's global stylesheet. */
export interface ThemeEntry {
  /** The whole page below `<div id="__docsite">`: the same tree on the server and in the browser. */
  Root: ComponentType<RootProps>;
  /** Called once at start-up, before the page hydrates, with the site's `siteStorage.type`: where the theme keeps the reader's choices. */
  configureStorage(type: SiteData['storageType']): void;
}
