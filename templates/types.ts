import type { ComponentType } from 'react';
import type { PageData, SidebarItem, SiteData } from '../src/shared/types';

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
