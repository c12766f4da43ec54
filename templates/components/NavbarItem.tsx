import type { NavbarItemData } from '../../src/shared/types';
import { stripBase, withBase } from '../../src/shared/url';
import { useRoute, useSite } from '../context/site';
import { usePreferredVersion } from '../hooks/use-preferred-version';
import { versionOfPath } from '../../src/shared/versions';
import { NavbarDropdown } from './NavbarDropdown';
import { SearchBar } from './SearchBar';

/**
 * Whether the site has versioned docs, defined by every bundle of the theme (src/bundle/bundle.ts): a browser bundle
 * of a site without versions leaves out the version menu and banners, since the condition is false where it is written.
 */
declare const __DOCSITE_VERSIONED_DOCS__: boolean;

/** Length of the item's activeBasePath when the path lies under it, else -1. */
function matchedPrefixLength(item: NavbarItemData, path: string, base: string): number {
  if (item.external || !item.activeBasePath) return -1;
  const prefix = stripBase(base, item.activeBasePath) ?? item.activeBasePath;
  return path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`) ? prefix.length : -1;
}

/** Active when the path lies under the item's activeBasePath and under no longer one of another item (API inside Docs). */
export function isNavItemActive(item: NavbarItemData, path: string, base: string, items: NavbarItemData[]): boolean {
  const length = matchedPrefixLength(item, path, base);
  return length >= 0 && items.every((other) => matchedPrefixLength(other, path, base) <= length);
}

const ExternalIcon = () => (
  <svg className="external-icon" viewBox="0 0 24 24" width="12" height="12" aria-hidden="true">
    <path fill="currentColor" d="M21 13v10h-21v-19h12v2h-10v15h17v-8h2zm3-12h-10.988l4.035 4-6.977 7.07 2.828 2.828 6.977-7.07 4.125 4.172v-11z" />
  </svg>
);

const GlobeIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
    <path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-3a15.7 15.7 0 0 0-1.3-3.9A8 8 0 0 1 18.9 8ZM12 4a13.9 13.9 0 0 1 1.9 4h-3.8A13.9 13.9 0 0 1 12 4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h3a15.7 15.7 0 0 0 1.3 3.9A8 8 0 0 1 5.1 16ZM8 8H5.1a8 8 0 0 1 4.3-3.9A15.7 15.7 0 0 0 8 8Zm4 12a13.9 13.9 0 0 1-1.9-4h3.8A13.9 13.9 0 0 1 12 20Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.9a15.7 15.7 0 0 0 1.3-3.9h3a8 8 0 0 1-4.3 3.9Zm1.7-5.9a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z" />
  </svg>
);

/** The same page in each locale: every locale is a site of its own under its base URL, and `path` is the route within it. */
function LocaleDropdown({ item, path, current, mobile }: { item: NavbarItemData; path: string; current: string; mobile: boolean }) {
  const links = (item.locales ?? []).map((locale) => ({ key: locale.locale, label: locale.label, href: withBase(locale.base, path), active: locale.locale === current, lang: locale.lang }));
  return <NavbarDropdown label={item.label} icon={<GlobeIcon />} links={links} mobile={mobile} className="navbar-locale-dropdown" />;
}

/**
 * The versions of a docs plugin: on a doc, each leads to the same doc in that version (or the version's first page
 * when it has no such doc); elsewhere to each version's first page. The button names the version read, else the
 * reader's preferred one, else the last; picking one makes it the preferred version.
 */
function DocsVersionDropdown({ item, path, mobile }: { item: NavbarItemData; path: string; mobile: boolean }) {
  const site = useSite();
  const { docsVersion } = useRoute();
  const pluginId = item.docsPluginId ?? 'default';
  const versions = site.docsVersions?.[pluginId];
  const [preferred, setPreferred] = usePreferredVersion(pluginId);
  if (!versions) return null;
  const onPage = docsVersion?.pluginId === pluginId ? docsVersion : undefined;
  const fromPath = versionOfPath(versions, withBase(site.baseUrl, path))?.name;
  const shown = onPage?.name ?? fromPath ?? (preferred && versions.versions.some((version) => version.name === preferred) ? preferred : versions.lastVersion);
  const links = versions.versions.map((version) => ({
    key: version.name,
    label: version.label,
    href: onPage?.alternates[version.name] ?? version.home,
    active: version.name === shown,
    onPick: () => setPreferred(version.name),
  }));
  const label = item.label || versions.versions.find((version) => version.name === shown)?.label || shown;
  return <NavbarDropdown label={label} links={links} mobile={mobile} className="navbar-version-dropdown" />;
}

/** A link into versioned docs leads to the version read, else to the reader's preferred one, else to the last. */
function versionTargetOf(targets: Record<string, string>, reading: string | undefined, preferred: string | null): string | undefined {
  return (reading && targets[reading]) || (preferred && targets[preferred]) || undefined;
}

export function NavbarItem({ item, path, base, defaultLocale, mobile = false }: { item: NavbarItemData; path: string; base: string; defaultLocale: string; mobile?: boolean }) {
  const { navbar } = useSite();
  const { docsVersion } = useRoute();
  // The flag is the same for the whole life of a bundle, so the hooks run in the same order on every render.
  const [preferred] = __DOCSITE_VERSIONED_DOCS__ ? usePreferredVersion(item.docsPluginId ?? 'default') : [null];
  if (item.kind === 'localeDropdown') return <LocaleDropdown item={item} path={path} current={defaultLocale} mobile={mobile} />;
  if (item.kind === 'docsVersionDropdown') return __DOCSITE_VERSIONED_DOCS__ ? <DocsVersionDropdown item={item} path={path} mobile={mobile} /> : null;
  if (item.kind === 'search') return mobile ? null : <SearchBar />;
  const active = isNavItemActive(item, path, base, navbar.items);
  const href = __DOCSITE_VERSIONED_DOCS__ && item.versionTargets ? (versionTargetOf(item.versionTargets, docsVersion?.pluginId === item.docsPluginId ? docsVersion?.name : undefined, preferred) ?? item.href) : item.href;
  return (
    <a
      className={`navbar-item navbar-link${active ? ' active' : ''}`}
      href={href}
      aria-label={item.ariaLabel}
      {...(active ? { 'aria-current': 'page' as const } : {})}
      {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {item.label}
      {item.external && <ExternalIcon />}
    </a>
  );
}
