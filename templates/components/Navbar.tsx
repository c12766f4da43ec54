import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useRoute, useSite, useThemeString } from '../context/site';
import { useHideOnScroll } from '../hooks/use-hide-on-scroll';
import { DESKTOP_QUERY, useMediaQuery } from '../hooks/use-media-query';
import { Brand } from './Brand';
import { ColorModeToggle } from './ColorModeToggle';
import { NavbarItem } from './NavbarItem';

// The slide-out menu of the mobile layout: code a reader needs only once they open it.
const MobileMenu = lazy(() => import('./MobileMenu').then((module) => ({ default: module.MobileMenu })));

export function Navbar() {
  const t = useThemeString();
  const site = useSite();
  const { path } = useRoute();
  const [menuOpen, setMenuOpen] = useState(false);
  const desktop = useMediaQuery(DESKTOP_QUERY, true);
  const hidden = useHideOnScroll(site.navbar.hideOnScroll) && !menuOpen;
  const close = useCallback(() => setMenuOpen(false), []);

  // The menu closes when the page changes, on back/forward, and when the layout turns desktop.
  useEffect(close, [path, close]);
  useEffect(() => {
    if (desktop) close();
  }, [desktop, close]);
  useEffect(() => {
    if (!menuOpen) return;
    window.addEventListener('popstate', close);
    document.body.classList.add('navbar-menu-open');
    return () => {
      window.removeEventListener('popstate', close);
      document.body.classList.remove('navbar-menu-open');
    };
  }, [menuOpen, close]);

  const left = site.navbar.items.filter((item) => item.position === 'left');
  const right = site.navbar.items.filter((item) => item.position === 'right');
  return (
    <nav aria-label={t('Main')} className={`navbar${hidden ? ' navbar-hidden' : ''}`}>
      <div className="navbar-inner">
        <button type="button" className="navbar-icon-button navbar-toggle" aria-label={t('Toggle navigation bar')} aria-expanded={menuOpen} onClick={() => setMenuOpen(!menuOpen)}>
          <svg viewBox="0 0 30 30" width="26" height="26" aria-hidden="true">
            <path stroke="currentColor" strokeLinecap="round" strokeMiterlimit="10" strokeWidth="2" d="M4 7h22M4 15h22M4 23h22" />
          </svg>
        </button>
        <Brand />
        <div className="navbar-items navbar-items-left">
          {left.map((item) => (
            <NavbarItem key={item.kind + item.label + item.href} item={item} path={path} base={site.baseUrl} defaultLocale={site.locale} />
          ))}
        </div>
        <div className="navbar-items navbar-items-right">
          {right.map((item) => (
            <NavbarItem key={item.kind + item.label + item.href} item={item} path={path} base={site.baseUrl} defaultLocale={site.locale} />
          ))}
          {!site.colorMode.disableSwitch && <ColorModeToggle />}
        </div>
      </div>
      {/* A portal: the navbar's backdrop-filter and transform would otherwise trap the fixed panel inside it. */}
      {menuOpen &&
        createPortal(
          <Suspense fallback={null}>
            <MobileMenu onClose={close} />
          </Suspense>,
          document.body,
        )}
    </nav>
  );
}
