import { useState } from 'react';
import type { NavbarItemData, SiteData } from '../../src/shared/types';
import { stripBase } from '../../src/shared/url';
import { ColorModeToggle } from './ColorModeToggle';

function isActive(item: NavbarItemData, path: string, base: string): boolean {
  if (item.external || !item.activeBasePath) return false;
  const prefix = stripBase(base, item.activeBasePath) ?? item.activeBasePath;
  return path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}

function NavItem({ item, path, base }: { item: NavbarItemData; path: string; base: string }) {
  if (item.kind === 'localeDropdown') {
    return (
      <span className="navbar-item navbar-locale" title="Language">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-3a15.7 15.7 0 0 0-1.3-3.9A8 8 0 0 1 18.9 8ZM12 4a13.9 13.9 0 0 1 1.9 4h-3.8A13.9 13.9 0 0 1 12 4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h3a15.7 15.7 0 0 0 1.3 3.9A8 8 0 0 1 5.1 16ZM8 8H5.1a8 8 0 0 1 4.3-3.9A15.7 15.7 0 0 0 8 8Zm4 12a13.9 13.9 0 0 1-1.9-4h3.8A13.9 13.9 0 0 1 12 20Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.9a15.7 15.7 0 0 0 1.3-3.9h3a8 8 0 0 1-4.3 3.9Zm1.7-5.9a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z" />
        </svg>
        {item.label}
      </span>
    );
  }
  if (item.kind === 'search') return null;
  const active = isActive(item, path, base);
  return (
    <a
      className={`navbar-item navbar-link${active ? ' active' : ''}`}
      href={item.href}
      {...(active ? { 'aria-current': 'page' as const } : {})}
      {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {item.label}
      {item.external && (
        <svg className="external-icon" viewBox="0 0 24 24" width="12" height="12" aria-hidden="true">
          <path fill="currentColor" d="M21 13v10h-21v-19h12v2h-10v15h17v-8h2zm3-12h-10.988l4.035 4-6.977 7.07 2.828 2.828 6.977-7.07 4.125 4.172v-11z" />
        </svg>
      )}
    </a>
  );
}

export function Navbar({ site, path }: { site: SiteData; path: string }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { navbar, baseUrl } = site;
  const left = navbar.items.filter((item) => item.position === 'left');
  const right = navbar.items.filter((item) => item.position === 'right');
  return (
    <nav aria-label="Main" className={`navbar${menuOpen ? ' navbar-menu-open' : ''}`}>
      <div className="navbar-inner">
        <button type="button" className="navbar-icon-button navbar-toggle" aria-label="Toggle navigation bar" aria-expanded={menuOpen} onClick={() => setMenuOpen(!menuOpen)}>
          <svg viewBox="0 0 30 30" width="26" height="26" aria-hidden="true">
            <path stroke="currentColor" strokeLinecap="round" strokeMiterlimit="10" strokeWidth="2" d="M4 7h22M4 15h22M4 23h22" />
          </svg>
        </button>
        <a className="navbar-brand" href={baseUrl}>
          {navbar.logo && (
            <>
              <img className="navbar-logo logo-light" src={navbar.logo.src} alt={navbar.logo.alt} width="32" height="32" />
              {navbar.logo.srcDark && <img className="navbar-logo logo-dark" src={navbar.logo.srcDark} alt={navbar.logo.alt} width="32" height="32" />}
            </>
          )}
          {navbar.title && <span className="navbar-title">{navbar.title}</span>}
        </a>
        <div className="navbar-items navbar-items-left">
          {left.map((item) => (
            <NavItem key={item.label + item.href} item={item} path={path} base={baseUrl} />
          ))}
        </div>
        <div className="navbar-items navbar-items-right">
          {right.map((item) => (
            <NavItem key={item.label + item.href} item={item} path={path} base={baseUrl} />
          ))}
          {!site.colorMode.disableSwitch && <ColorModeToggle />}
        </div>
      </div>
      {menuOpen && (
        <div className="navbar-sidebar">
          {navbar.items.map((item) => (
            <NavItem key={item.label + item.href} item={item} path={path} base={baseUrl} />
          ))}
        </div>
      )}
    </nav>
  );
}
