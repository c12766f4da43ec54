import { LOCALE_LABELS, type SiteConfig } from './schema';
import type { FooterColumnData, NavbarItemData, SiteData } from '../shared/types';
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

/** The config, reduced to what the theme renders on every page. */
export function createSiteData(config: SiteConfig): SiteData {
  const href = createHref(config);
  const { navbar, footer, colorMode, announcementBar } = config.themeConfig;
  const locale = config.i18n.defaultLocale;
  const localeConfig = config.i18n.localeConfigs[locale];
  const items: NavbarItemData[] = navbar.items.map((item) => {
    if (item.type === 'localeDropdown') {
      const locales = config.i18n.locales.map((code) => ({
        locale: code,
        label: config.i18n.localeConfigs[code]?.label ?? LOCALE_LABELS[code] ?? code,
        // The default locale has no prefix; others live under /<locale>/.
        href: code === locale ? href('/') : href(`/${code}/`),
      }));
      return { kind: 'localeDropdown', label: item.label ?? locales.find((l) => l.locale === locale)?.label ?? locale, href: '#', external: false, position: item.position, locales };
    }
    if (item.type === 'search') return { kind: 'search', label: item.label ?? 'Search', href: '#', external: false, position: item.position };
    const target = siteTarget(item.to ?? item.href ?? '/');
    const external = item.href !== undefined && isExternalUrl(item.href);
    return {
      kind: 'link',
      label: item.label ?? target,
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
    title: column.title,
    items: column.items.map((item) => {
      const target = siteTarget(item.to ?? item.href ?? '/');
      const external = item.href !== undefined && isExternalUrl(item.href);
      return { label: item.label, href: external ? target : href(target), external };
    }),
  }));
  return {
    title: config.title,
    storageType: config.siteStorage.type,
    ...(config.tagline ? { tagline: config.tagline } : {}),
    url: config.url.replace(/\/$/, ''),
    baseUrl: config.baseUrl,
    ...(config.trailingSlash !== undefined ? { trailingSlash: config.trailingSlash } : {}),
    ...(config.favicon ? { favicon: withBase(config.baseUrl, `/${config.favicon.replace(/^\//, '')}`) } : {}),
    navbar: {
      ...(navbar.title ? { title: navbar.title } : {}),
      ...(navbar.logo ? { logo: { alt: navbar.logo.alt, src: staticUrl(config, navbar.logo.src), ...(navbar.logo.srcDark ? { srcDark: staticUrl(config, navbar.logo.srcDark) } : {}) } } : {}),
      hideOnScroll: navbar.hideOnScroll,
      items,
    },
    footer: { style: footer.style, columns, ...(footer.copyright ? { copyright: footer.copyright } : {}) },
    colorMode,
    ...(announcementBar ? { announcementBar } : {}),
    docsVersionLabel: config.docs.versions.current.label,
    docsHome: href(`/${config.docs.routeBasePath.replace(/^\/+|\/+$/g, '')}`),
    locale,
    // Only what the config sets, so a site without them ships the same data as before they existed.
    ...(localeConfig?.htmlLang ? { htmlLang: localeConfig.htmlLang } : {}),
    ...(localeConfig?.direction ? { direction: localeConfig.direction } : {}),
    ...(config.organizationName !== undefined ? { organizationName: config.organizationName } : {}),
    ...(config.projectName !== undefined ? { projectName: config.projectName } : {}),
  };
}

function staticUrl(config: SiteConfig, src: string): string {
  return isExternalUrl(src) ? src : withBase(config.baseUrl, `/${src.replace(/^\//, '')}`);
}
