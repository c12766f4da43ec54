// What the browser runtime (src/client) and the theme (templates/) agree on: the page module a route
// chunk exports (the build generates it, the runtime loads it, the theme renders it, Node renders it
// too), and what the theme's entry gives the runtime, which reaches it only as `docsite:theme`
// (declared in src/client/virtual.d.ts, resolved to templates/index.ts by the bundler).

import type { ComponentType } from 'react';
import type { PageData, SidebarItem, SiteData } from './types';

/**
 * A route frame's default export: the page module of a page of static content, made of its data (the module is the
 * same for every page of its sidebar otherwise; bundle/virtual-modules.ts `routeFrames`).
 */
export type RouteFrame = (data: PageData) => PageModule;

/** What a route chunk exports: the page's data, the component of its kind, its compiled content and its sidebar. */
export interface PageModule {
  data: PageData;
  /** The theme's component for the page's kind (see page-kinds.ts): the chunk carries it, the entry does not. */
  Page: ComponentType<RootProps>;
  /** The compiled Markdown body, or a React page's component. */
  Content?: ComponentType<{ components?: Record<string, unknown> }>;
  /**
   * Static content (HTML elements only) comes in a chunk of its own, loaded on navigation; a page opened directly
   * keeps the server's HTML of it instead, in `staticHtml`.
   */
  loadContent?: () => Promise<{ default: ComponentType<{ components?: Record<string, unknown> }> }>;
  /** Set by the runtime for the first render of a page whose content it did not load: the HTML to keep. */
  staticHtml?: string;
  /**
   * Static content rendered to HTML when it was compiled (no module of its own): the runtime fetches the page's
   * content file on navigation (src/client/router.ts), the server gets it from the render stage. The content's HTML,
   * with the title the theme puts before a doc without one of its own.
   */
  contentHtml?: string;
  /** The global MDX components (see mdx-builtins.ts) the content uses, which the page's chunk brings. */
  components?: Record<string, ComponentType<never>>;
  /** The page's sidebar: all of it, or for a large one the page's cut (see src/shared/sidebar-view.ts). */
  sidebar?: SidebarItem[];
  /** Present when `sidebar` is a cut: names the whole sidebar's content (pages of one sidebar share it) and loads it. */
  sidebarKey?: string;
  loadSidebar?: () => Promise<{ default: SidebarItem[] }>;
  /** Blog lists: each listed post's excerpt (or whole post when it has no truncate marker), in list order. */
  excerpts?: ComponentType<{ components?: Record<string, unknown> }>[];
}

/**
 * A route's page module as the server bundle has it: a function of the page's data, which the render stage
 * takes from the route table, so that the bundle never carries the data itself.
 */
export type ServerPageModule = (data: PageData) => PageModule;

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
