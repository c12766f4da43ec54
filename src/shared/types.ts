// Data that crosses from the Node side to the browser: everything here is plain JSON.
// The templates and the client runtime depend on these shapes, never on loaders.

import type { ApiIntroPageData, ApiOperationPageData, ApiSchemaPageData } from './api';
import type { Breadcrumb, NavLinkData, TocItem } from './navigation';

export type { Breadcrumb, NavLinkData, TocItem } from './navigation';

export interface SidebarLink {
  type: 'link';
  label: string;
  href: string;
  /** Set when the link points at a doc; used for the active state and pagination. */
  docId?: string;
  /** Hidden from the sidebar in production builds (the page stays reachable). */
  unlisted?: boolean;
  className?: string;
  /** A short label before the text, e.g. the HTTP method of an API operation. */
  badge?: string;
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
  /**
   * Set in a page's own copy of the sidebar when the category starts closed there and its items were
   * left out (`items` is then empty): how many there are and where the first one leads.
   */
  itemsLeftOut?: { count: number; firstHref?: string };
}

export type SidebarItem = SidebarLink | SidebarCategory;

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
  /** The doc's version, when its docs have versions (versions.json). */
  version?: DocVersionData;
  editUrl?: string;
  unlisted: boolean;
}

/** Which version of a versioned docs plugin a page belongs to, and where the page is in the others. */
export interface DocVersionData {
  /** The docs plugin (`default` for `docs`, else its `docsInstances` id). */
  pluginId: string;
  /** `current` (the docs folder) or a name of versions.json. */
  name: string;
  label: string;
  /** Show the `Version: <label>` badge. */
  badge: boolean;
  /** The banner above the page: a version not released yet, or one no longer maintained. */
  banner?: 'unreleased' | 'unmaintained';
  /** The same doc in each version that has it (this one included), by version name: the version menu leads there. */
  alternates: Record<string, string>;
}

/** A versioned docs plugin's versions, for the version menu, the banner's link and search. */
export interface DocsVersionsData {
  /** The name of the version at the docs' own URL prefix, which readers get by default. */
  lastVersion: string;
  /** In the menu's order: current first, then versions.json's. */
  versions: DocsVersionSummary[];
}

export interface DocsVersionSummary {
  name: string;
  label: string;
  /** The version's URL prefix, with the base URL (`/docs/next`, `/docs/1.0`, `/docs`). */
  base: string;
  /** Its first page: where the menu leads from a page the version does not have. */
  home: string;
}

export interface NotFoundPageData {
  kind: 'notFound';
  title: string;
  /** Where the docs start, when the site has docs (a blog-only site has none to offer). */
  docsHome?: string;
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

export interface BlogAuthorData {
  name: string;
  title?: string;
  url?: string;
  imageUrl?: string;
  /** The author's own page (authors file `page: true`), with their posts; the name links there instead of `url`. */
  pagePermalink?: string;
}

/** An author of the authors list page, with the number of listed posts they wrote. */
export interface BlogAuthorSummary extends BlogAuthorData {
  count: number;
}

/** A tag with what its list pages show about it. */
export interface TagSummary extends TagData {
  count: number;
  description?: string;
}

/** A blog post as lists show it (its excerpt is a separate component of the route module). */
export interface BlogPostSummary {
  title: string;
  permalink: string;
  /** Publication time, ms since epoch (UTC). */
  date: number;
  /** Estimated minutes to read, when the site shows reading time. */
  readingTime?: number;
  authors: BlogAuthorData[];
  tags: TagData[];
  description?: string;
  /** The list shows an excerpt and a "Read more" link (the post has a `<!-- truncate -->` marker). */
  truncated: boolean;
}

export interface BlogSidebarData {
  title: string;
  items: NavLinkData[];
}

export interface BlogPostPageData extends BlogPostSummary {
  kind: 'blogPost';
  source: string;
  hasOwnTitle: boolean;
  toc: TocItem[];
  hideTableOfContents: boolean;
  /** The newer post. */
  previous?: NavLinkData;
  /** The older post. */
  next?: NavLinkData;
  sidebar?: BlogSidebarData;
  editUrl?: string;
  image?: string;
}

export interface PaginationData {
  page: number;
  totalPages: number;
  /** Newer entries. */
  previous?: string;
  /** Older entries. */
  next?: string;
}

export interface BlogListPageData {
  kind: 'blogList';
  title: string;
  description?: string;
  permalink: string;
  posts: BlogPostSummary[];
  pagination: PaginationData;
  sidebar?: BlogSidebarData;
}

export interface BlogTagPostsPageData extends Omit<BlogListPageData, 'kind'> {
  kind: 'blogTagPosts';
  tag: TagSummary;
  allTagsPath: string;
}

/** `/blog/authors/<key>`: the posts of one author who has a page (authors file `page: true`). */
export interface BlogAuthorPostsPageData extends Omit<BlogListPageData, 'kind'> {
  kind: 'blogAuthorPosts';
  author: BlogAuthorSummary;
  allAuthorsPath: string;
}

/** `/blog/authors`: every author of the authors file who wrote a listed post. */
export interface BlogAuthorsPageData {
  kind: 'blogAuthors';
  title: string;
  permalink: string;
  authors: BlogAuthorSummary[];
  sidebar?: BlogSidebarData;
}

export interface BlogTagsPageData {
  kind: 'blogTags';
  title: string;
  permalink: string;
  tags: TagSummary[];
  sidebar?: BlogSidebarData;
}

export interface BlogArchivePageData {
  kind: 'blogArchive';
  title: string;
  description: string;
  permalink: string;
  years: { year: string; posts: (NavLinkData & { date: number })[] }[];
}

/** A sidebar category's own page, made from its items (`link: { type: 'generated-index' }`). */
export interface GeneratedIndexPageData {
  kind: 'generatedIndex';
  title: string;
  description?: string;
  permalink: string;
  breadcrumbs: Breadcrumb[];
  versionLabel: string;
  version?: DocVersionData;
}

export interface DocsTagsPageData {
  kind: 'docsTags';
  title: string;
  permalink: string;
  tags: TagSummary[];
}

export interface DocsTagDocsPageData {
  kind: 'docsTagDocs';
  title: string;
  permalink: string;
  tag: TagSummary;
  allTagsPath: string;
  docs: (NavLinkData & { description?: string })[];
}

/** A page from the pages folder: MDX (with TOC) or a React component that owns its whole layout. */
export interface StandalonePageData {
  kind: 'page';
  title: string;
  description?: string;
  permalink: string;
  format: 'mdx' | 'react';
  toc: TocItem[];
  hideTableOfContents: boolean;
  hasOwnTitle: boolean;
}

export type PageData =
  | DocPageData
  | NotFoundPageData
  | RedirectPageData
  | SearchPageData
  | BlogPostPageData
  | BlogListPageData
  | BlogTagPostsPageData
  | BlogTagsPageData
  | BlogAuthorPostsPageData
  | BlogAuthorsPageData
  | BlogArchivePageData
  | DocsTagsPageData
  | DocsTagDocsPageData
  | GeneratedIndexPageData
  | StandalonePageData
  | ApiOperationPageData
  | ApiSchemaPageData
  | ApiIntroPageData;
export type PageKind = PageData['kind'];

export interface NavbarItemData {
  label: string;
  href: string;
  external: boolean;
  position: 'left' | 'right';
  /** Path prefix that marks the item active (e.g. `/docs/` for Docs). */
  activeBasePath?: string;
  kind: 'link' | 'localeDropdown' | 'docsVersionDropdown' | 'search';
  /** The language menu's locales; `href` is the locale's home, `base` its URL prefix (with the base URL). */
  locales?: { locale: string; label: string; href: string; base: string; lang: string }[];
  /** The versions menu's docs plugin (its versions are `SiteData.docsVersions[pluginId]`). */
  docsPluginId?: string;
  /** A link into versioned docs (`doc`, `docSidebar`): its target in each version, by version name. */
  versionTargets?: Record<string, string>;
  /** A link's accessible name, when the config gives one. */
  ariaLabel?: string;
}

export interface FooterColumnData {
  title: string;
  items: { label: string; href: string; external: boolean }[];
}

/** Everything the theme needs that is the same on every page. */
/** themeConfig.readingAids, as the theme reads it (copyPage only where the `.md` twins are written). */
export interface ReadingAids {
  tocHighlight: boolean;
  backToTop: boolean;
  keyboardPaging: boolean;
  imageZoom: boolean;
  copyPage: boolean;
}

export interface SiteData {
  title: string;
  readingAids: ReadingAids;
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
  /** Versioned docs plugins, by plugin id; absent when no docs have versions. */
  docsVersions?: Record<string, DocsVersionsData>;
  /** The locale of the page. */
  locale: string;
  /** The site's default locale, when it is not the page's (a translated page). */
  defaultLocale?: string;
  /** `<html lang>` and `og:locale` when they are not the locale code (i18n.localeConfigs[locale].htmlLang). */
  htmlLang?: string;
  /** `<html dir>`; unset: ltr (i18n.localeConfigs[locale].direction). */
  direction?: 'ltr' | 'rtl';
  /** The theme's strings in the site's language, by their English text; only those that differ (none on an English site). */
  strings?: Record<string, string>;
  /** From the config, for pages to read (`useSite()`, Docusaurus's `siteConfig`); the theme shows neither. */
  organizationName?: string;
  projectName?: string;
}

/**
 * What the client needs to navigate: every route's chunk, fetched lazily. It is written under the same name by every
 * build of a site (emit/route-manifest.ts), so that a page's HTML does not change when another page's chunk does, and
 * it holds what else changes from build to build while pages do not: the search files' names.
 */
export interface RouteManifest {
  /**
   * Path (without base URL, no trailing slash, "/" for home) -> chunk URL; for a page of static content, which has no
   * chunk, its frame (an index into `frames`) and its content file's URL (a `ContentFile`).
   */
  routes: Record<string, string | [frame: number, content: string]>;
  /** The route frames' URLs: modules whose default export makes a page module of a page's data. */
  frames?: string[];
  notFound: string;
  /** Chunk URL -> stylesheets its page imports, for chunks that import any. */
  styles?: Record<string, string[]>;
  /**
   * The runtime entry the build's chunks run with (`BootData.runtime`): a page of another build, open since, must not
   * load them into its runtime, and loads the page from the server instead. None in the dev server.
   */
  runtime?: string;
  /** This build's search files (timestamped names), when the site has search. */
  search?: { docs: string; index: string };
}

/** What a static page's content file (`assets/content/<hash>.json`) holds: the page's data and its content's HTML. */
export interface ContentFile {
  data: PageData;
  html: string;
}

/** Inlined into every page as JSON: the first route's chunk and where the manifest lives. */
export interface BootData {
  path: string;
  /** The route's chunk, or for a page of static content its content file (the key its page module is kept by). */
  chunk: string;
  /** A page of static content: its frame's URL and its data (the page needs neither its chunk nor its content file). */
  frame?: string;
  data?: PageData;
  /** The route manifest's URL: the same in every build of the site. */
  manifest: string;
  base: string;
  /** The runtime entry's URL, compared with the manifest's (`RouteManifest.runtime`). */
  runtime?: string;
  /** The search worker's script, when the site has search; the index files it reads are named by the manifest. */
  searchWorker?: string;
}
