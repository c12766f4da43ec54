import { useEffect, useRef, useState } from 'react';
import type { NavbarItemData } from '../../src/shared/types';
import { stripBase, withBase } from '../../src/shared/url';
import { useSite } from '../context/site';
import { SearchBar } from './SearchBar';

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

/**
 * The same page under another locale: the default locale has no prefix, the others live under
 * `/<locale>/`. `path` is the current route without base URL and without a locale prefix.
 */
export function localeHref(base: string, locale: string, defaultLocale: string, path: string): string {
  return withBase(base, locale === defaultLocale ? path : `/${locale}${path === '/' ? '/' : path}`);
}

function LocaleDropdown({ item, path, base, defaultLocale, mobile }: { item: NavbarItemData; path: string; base: string; defaultLocale: string; mobile: boolean }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const locales = item.locales ?? [];
  return (
    <div ref={ref} className={`navbar-item navbar-dropdown${open ? ' open' : ''}${mobile ? ' navbar-dropdown-mobile' : ''}`}>
      <button type="button" className="navbar-link navbar-dropdown-toggle" aria-haspopup="true" aria-expanded={open} onClick={() => setOpen(!open)}>
        <GlobeIcon />
        {item.label}
      </button>
      <ul className="navbar-dropdown-menu" hidden={!open}>
        {locales.map((locale) => (
          <li key={locale.locale}>
            <a className={`navbar-dropdown-link${locale.locale === defaultLocale ? ' active' : ''}`} href={localeHref(base, locale.locale, defaultLocale, path)} lang={locale.locale} onClick={() => setOpen(false)}>
              {locale.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function NavbarItem({ item, path, base, defaultLocale, mobile = false }: { item: NavbarItemData; path: string; base: string; defaultLocale: string; mobile?: boolean }) {
  const { navbar } = useSite();
  if (item.kind === 'localeDropdown') return <LocaleDropdown item={item} path={path} base={base} defaultLocale={defaultLocale} mobile={mobile} />;
  if (item.kind === 'search') return mobile ? null : <SearchBar />;
  const active = isNavItemActive(item, path, base, navbar.items);
  return (
    <a
      className={`navbar-item navbar-link${active ? ' active' : ''}`}
      href={item.href}
      aria-label={item.ariaLabel}
      {...(active ? { 'aria-current': 'page' as const } : {})}
      {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {item.label}
      {item.external && <ExternalIcon />}
    </a>
  );
}
