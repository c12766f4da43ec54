import type { ComponentType } from 'react';
import type { PageData, SidebarItem, SiteData } from '../src/shared/types';

/** What a route chunk exports: the page's data, its compiled content and its sidebar. */
export interface PageModule {
  data: PageData;
  Content?: ComponentType<{ components?: Record<string, unknown> }>;
  sidebar?: SidebarItem[];
}

export interface RootProps {
  site: SiteData;
  /** Current route path, without base URL. */
  path: string;
  page: PageModule;
}
