// Data that crosses from the Node side to the browser: everything here is plain JSON.
// The templates and the client runtime depend on these shapes, never on loaders.

export interface TocItem {
  id: string;
  /** Heading text as plain text. */
  value: string;
  level: number;
}

export interface SidebarLink {
  type: 'link';
  label: string;
  href: string;
  /** Set when the link points at a doc; used for the active state and pagination. */
  docId?: string;
  /** Hidden from the sidebar in production builds (the page stays reachable). */
  unlisted?: boolean;
  className?: string;
}

export interface SidebarCategory {
  type: 'category';
  label: string;
  items: SidebarItem[];
  collapsed: boolean;
  collapsible: boolean;
  /** The category's own page, when it has one. */
  href?: string;
  /** The category's page is unlisted: render the category without a link. */
  linkUnlisted?: boolean;
  className?: string;
}

export type SidebarItem = SidebarLink | SidebarCategory;

export interface NavLinkData {
  title: string;
  permalink: string;
}

export interface Breadcrumb {
  label: string;
  href?: string;
}

export interface TagData {
  label: string;
  permalink: string;
}

export interface LastUpdate {
  /** Unix time in milliseconds of the last commit that touched the file. */
  date: number;
  author?: string;
}

export interface DocPageData {
  kind: 'doc';
  id: string;
  title: string;
  description?: string;
  permalink: string;
  /** Source file relative to the site folder, for "edit this page" and error messages. */
  source: string;
  /** True when the content starts with its own `# h1`, so the template must not add one. */
  hasOwnTitle: boolean;
  toc: TocItem[];
  hideTableOfContents: boolean;
  lastUpdate?: LastUpdate;
  tags: TagData[];
  sidebarId?: string;
  breadcrumbs: Breadcrumb[];
  previous?: NavLinkData;
  next?: NavLinkData;
  versionLabel: string;
  editUrl?: string;
  unlisted: boolean;
}

export interface NotFoundPageData {
  kind: 'notFound';
  title: string;
}

export interface RedirectPageData {
  kind: 'redirect';
  title: string;
  to: string;
}

export interface SearchPageData {
  kind: 'search';
  title: string;
}

export type PageData = DocPageData | NotFoundPageData | RedirectPageData | SearchPageData;
export type PageKind = PageData['kind'];

export interface NavbarItemData {
  label: string;
  href: string;
  external: boolean;
  position: 'left' | 'right';
  /** Path prefix that marks the item active (e.g. `/docs/` for Docs). */
  activeBasePath?: string;
  kind: 'link' | 'localeDropdown' | 'search';
  locales?: { locale: string; label: string; href: string }[];
}

export interface FooterColumnData {
  title: string;
  items: { label: string; href: string; external: boolean }[];
}

/** Everything the theme needs that is the same on every page. */
export interface SiteData {
  title: string;
  storageType: 'localStorage' | 'sessionStorage';
  tagline?: string;
  url: string;
  baseUrl: string;
  trailingSlash?: boolean;
  favicon?: string;
  navbar: {
    title?: string;
    logo?: { src: string; srcDark?: string; alt: string };
    hideOnScroll: boolean;
    items: NavbarItemData[];
  };
  footer: {
    style: 'dark' | 'light';
    columns: FooterColumnData[];
    copyright?: string;
  };
  colorMode: {
    defaultMode: 'light' | 'dark';
    disableSwitch: boolean;
    respectPrefersColorScheme: boolean;
  };
  announcementBar?: {
    id: string;
    content: string;
    backgroundColor?: string;
    textColor?: string;
    isCloseable: boolean;
  };
  docsVersionLabel: string;
  locale: string;
}

/** What the client needs to navigate: every route's chunk, fetched lazily. */
export interface RouteManifest {
  /** Path (without base URL, no trailing slash, "/" for home) -> chunk URL. */
  routes: Record<string, string>;
  notFound: string;
}

/** Inlined into every page as JSON: the first route's chunk and where the manifest lives. */
export interface BootData {
  path: string;
  chunk: string;
  manifest: string;
  base: string;
  /** This build's search files (timestamped names). */
  search?: { docs: string; index: string };
}
