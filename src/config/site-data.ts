import { themeStringsFor } from './theme-strings';
import { currentVersionLabel, DEFAULT_DOCS_ID, type SiteConfig } from './schema';
import { DocsiteError } from '../core/errors';
import type { DocsVersionsData, FooterColumnData, NavbarItemData, SiteData } from '../shared/types';
import { currentLocaleOf, siteLocales } from './locales';
import { createHrefBuilder, isExternalUrl, withBase } from '../shared/url';

/** Link target for a site-internal path: base URL and trailing-slash policy applied. */
export function createHref(config: SiteConfig): (path: string) => string {
  return createHrefBuilder(config.baseUrl, config.trailingSlash);
}

/**
 * A navbar or footer target as Docusaurus reads it: `to: 'blog'` and `to: 'docs/'` are paths of the site (under its
 * base URL), not links relative to whichever page shows the navbar.
 */
function siteTarget(target: string): string {
  return target.startsWith('/') || target.startsWith('#') || target.startsWith('.') || isExternalUrl(target) || /^[a-z][a-z0-9+.-]*:/i.test(target) ? target : `/${target}`;
}

/** Where a navbar item that names a doc or a sidebar leads (paths without the base URL). */
export interface NavTarget {
  to: string;
  label: string;
  /** The path prefix under which the item is the active one, when it is wider than `to`. */
  activeBasePath?: string;
}

/** The docs' and sidebars' pages, by docs instance id, for `doc` and `docSidebar` navbar items. */
export interface NavDocs {
  doc(docsPluginId: string, docId: string): NavTarget | undefined;
  sidebar(docsPluginId: string, sidebarId: string): NavTarget | undefined;
  /** The versions of each versioned docs plugin, by plugin id, with the instance id of each version. */
  versions?: Record<string, DocsVersionsData & { instanceIds: Record<string, string> }>;
  /** The config file, for the error about an item naming nothing. */
  configFile: string;
}

type NavbarItemConfig = SiteConfig['themeConfig']['navbar']['items'][number];

/**
 * A `doc` or `docSidebar` item's target. Without `docs` (the dev server renders its first chrome before the
 * content is read) it is the route base of the docs it names; with them, an id naming nothing is an error.
 */
function docItemTarget(item: NavbarItemConfig, index: number, config: SiteConfig, docs: NavDocs | undefined): NavTarget {
  const pluginId = item.docsPluginId ?? DEFAULT_DOCS_ID;
  const options = pluginId === DEFAULT_DOCS_ID ? config.docs : config.docsInstances.find((instance) => instance.id === pluginId);
  const where = `themeConfig.navbar.items[${index}]`;
  if (!options) throw new DocsiteError(`${where} names the docs "${pluginId}" (docsPluginId), but docsInstances has no instance of that id`, docs ? { file: docs.configFile } : undefined);
  const id = (item.type === 'doc' ? item.docId : item.sidebarId) ?? '';
  const fallback = { to: `/${(options.routeBasePath ?? pluginId).replace(/^\/+|\/+$/g, '')}`, label: id };
  if (!docs) return fallback;
  const target = item.type === 'doc' ? docs.doc(pluginId, id) : docs.sidebar(pluginId, id);
  if (!target) {
    const what = item.type === 'doc' ? `no doc of the docs "${pluginId}"` : `no sidebar of the docs "${pluginId}" with a page in it`;
    throw new DocsiteError(`${where} (${item.type} "${id}") names ${what}`, { file: docs.configFile });
  }
  return target;
}

/** What a translated locale's folder says of the navbar and footer (`docusaurus-theme-classic/*.json`), by Docusaurus id. */
export interface ChromeMessages {
  /** navbar.json: `title`, `logo.alt`, `item.label.<label>`. */
  navbar: Record<string, string>;
  /** footer.json: `copyright`, `link.title.<title>`, `link.item.label.<label>`. */
  footer: Record<string, string>;
}

/**
 * The config, reduced to what the theme renders on every page; `docs` resolves `doc` and `docSidebar` navbar items.
 * `translations`: the site's own theme translations (`i18n/<locale>/code.json` messages, by id), over docsite's;
 * `chrome`: a translated locale's navbar and footer labels.
 */
export function createSiteData(config: SiteConfig, docs?: NavDocs, translations?: Record<string, string>, chrome?: ChromeMessages): SiteData {
  const href = createHref(config);
  const { navbar, footer, colorMode, announcementBar } = config.themeConfig;
  const locale = currentLocaleOf(config);
  const locales = siteLocales(config);
  const current = locales.find((candidate) => candidate.code === locale)!;
  const localeConfig = config.i18n.localeConfigs[locale];
  const strings = themeStringsFor(locale, translations) as Record<string, string>;
  const navbarLabel = (label: string) => chrome?.navbar[`item.label.${label}`] ?? label;
  const items: NavbarItemData[] = navbar.items.map((item, index) => {
    if (item.type === 'localeDropdown') {
      // Each locale's home: the default locale has no prefix, the others live under /<locale path>/.
      const menu = locales.map((entry) => ({ locale: entry.code, label: entry.label, href: createHrefBuilder(entry.base, config.trailingSlash)('/'), base: entry.base, lang: entry.htmlLang }));
      return { kind: 'localeDropdown', label: item.label !== undefined ? navbarLabel(item.label) : current.label, href: '#', external: false, position: item.position, locales: menu };
    }
    if (item.type === 'search') return { kind: 'search', label: item.label ?? 'Search', href: '#', external: false, position: item.position };
    if (item.type === 'docsVersionDropdown') {
      const pluginId = item.docsPluginId ?? DEFAULT_DOCS_ID;
      return { kind: 'docsVersionDropdown', label: item.label !== undefined ? navbarLabel(item.label) : '', href: '#', external: false, position: item.position, docsPluginId: pluginId };
    }
    if (item.type === 'doc' || item.type === 'docSidebar') {
      const target = docItemTarget(item, index, config, docs);
      const versions = docs?.versions?.[item.docsPluginId ?? DEFAULT_DOCS_ID];
      const versionTargets = versions ? versionTargetsOf(item, versions, docs!, href) : undefined;
      return {
        kind: 'link',
        label: navbarLabel(item.label ?? target.label),
        href: href(target.to),
        external: false,
        position: item.position,
        activeBasePath: href(item.activeBasePath ?? target.activeBasePath ?? target.to),
        ...(item['aria-label'] !== undefined ? { ariaLabel: item['aria-label'] } : {}),
        ...(versionTargets ? { versionTargets, docsPluginId: item.docsPluginId ?? DEFAULT_DOCS_ID } : {}),
      };
    }
    const target = siteTarget(item.to ?? item.href ?? '/');
    const external = item.href !== undefined && isExternalUrl(item.href);
    return {
      kind: 'link',
      label: navbarLabel(item.label ?? target),
      href: external ? target : href(target),
      external,
      position: item.position,
      ...(external ? {} : { activeBasePath: href(item.activeBasePath ?? target) }),
      ...(item['aria-label'] !== undefined ? { ariaLabel: item['aria-label'] } : {}),
    };
  });
  // Local search is built into every site: without a search item of its own, the navbar gets the
  // box as its rightmost item.
  if (!items.some((item) => item.kind === 'search')) items.push({ kind: 'search', label: 'Search', href: '#', external: false, position: 'right' });
  const columns: FooterColumnData[] = footer.links.map((column) => ({
    title: chrome?.footer[`link.title.${column.title}`] ?? column.title,
    items: column.items.map((item) => {
      const target = siteTarget(item.to ?? item.href ?? '/');
      const external = item.href !== undefined && isExternalUrl(item.href);
      return { label: chrome?.footer[`link.item.label.${item.label}`] ?? item.label, href: external ? target : href(target), external };
    }),
  }));
  return {
    title: config.title,
    readingAids: { ...config.themeConfig.readingAids, copyPage: config.themeConfig.readingAids.copyPage && config.llms.markdownPages },
    storageType: config.siteStorage.type,
    ...(config.tagline ? { tagline: config.tagline } : {}),
    url: config.url.replace(/\/$/, ''),
    baseUrl: config.baseUrl,
    ...(config.trailingSlash !== undefined ? { trailingSlash: config.trailingSlash } : {}),
    ...(config.favicon ? { favicon: withBase(config.baseUrl, `/${config.favicon.replace(/^\//, '')}`) } : {}),
    navbar: {
      ...(navbar.title ? { title: chrome?.navbar.title ?? navbar.title } : {}),
      ...(navbar.logo ? { logo: { alt: chrome?.navbar['logo.alt'] ?? navbar.logo.alt, src: staticUrl(config, navbar.logo.src), ...(navbar.logo.srcDark ? { srcDark: staticUrl(config, navbar.logo.srcDark) } : {}) } } : {}),
      hideOnScroll: navbar.hideOnScroll,
      items,
    },
    footer: { style: footer.style, columns, ...(footer.copyright ? { copyright: chrome?.footer.copyright ?? footer.copyright } : {}) },
    colorMode,
    ...(announcementBar ? { announcementBar } : {}),
    docsVersionLabel: currentVersionLabel(config.docs),
    ...(docs?.versions && Object.keys(docs.versions).length ? { docsVersions: Object.fromEntries(Object.entries(docs.versions).map(([id, { lastVersion, versions }]) => [id, { lastVersion, versions }])) } : {}),
    locale,
    ...(current.isDefault ? {} : { defaultLocale: config.i18n.defaultLocale }),
    // Only what differs from the locale code and left-to-right, so a site without them ships the same data as before they existed.
    ...(localeConfig?.htmlLang ? { htmlLang: localeConfig.htmlLang } : {}),
    ...(localeConfig?.direction || current.direction === 'rtl' ? { direction: current.direction } : {}),
    ...(config.organizationName !== undefined ? { organizationName: config.organizationName } : {}),
    ...(config.projectName !== undefined ? { projectName: config.projectName } : {}),
    ...(Object.keys(strings).length ? { strings } : {}),
  };
}

/** A `doc` or `docSidebar` item's target in each version of its docs that has it, by version name. */
function versionTargetsOf(item: NavbarItemConfig, versions: NonNullable<NavDocs['versions']>[string], docs: NavDocs, href: (path: string) => string): Record<string, string> {
  const targets: Record<string, string> = {};
  for (const version of versions.versions) {
    const instanceId = versions.instanceIds[version.name]!;
    const target = item.type === 'doc' ? docs.doc(instanceId, item.docId ?? '') : docs.sidebar(instanceId, item.sidebarId ?? '');
    targets[version.name] = target ? href(target.to) : version.home;
  }
  return targets;
}

function staticUrl(config: SiteConfig, src: string): string {
  return isExternalUrl(src) ? src : withBase(config.baseUrl, `/${src.replace(/^\//, '')}`);
}
