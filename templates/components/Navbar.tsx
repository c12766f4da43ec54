import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useDocsSidebar, useRoute, useSite } from '../context/site';
import { useFocusTrap } from '../hooks/use-focus-trap';
import { useHideOnScroll } from '../hooks/use-hide-on-scroll';
import { DESKTOP_QUERY, useMediaQuery } from '../hooks/use-media-query';
import { ColorModeToggle } from './ColorModeToggle';
import { CloseIcon } from './CloseIcon';
import { NavbarItem } from './NavbarItem';
import { Sidebar } from './Sidebar';

function Brand() {
  const { navbar, baseUrl } = useSite();
  return (
    <a className="navbar-brand" href={baseUrl}>
      {navbar.logo && (
        <>
          <img className={`navbar-logo${navbar.logo.srcDark ? ' logo-light' : ''}`} src={navbar.logo.src} alt={navbar.logo.alt} width="32" height="32" />
          {navbar.logo.srcDark && <img className="navbar-logo logo-dark" src={navbar.logo.srcDark} alt={navbar.logo.alt} width="32" height="32" />}
        </>
      )}
      {navbar.title && <span className="navbar-title">{navbar.title}</span>}
    </a>
  );
}

/**
 * The slide-out menu of the mobile layout. On docs pages it opens on the docs sidebar (the
 * "secondary" menu) with a way back to the navbar items (the "primary" menu).
 */
function MobileMenu({ onClose }: { onClose: () => void }) {
  const site = useSite();
  const { path } = useRoute();
  const sidebar = useDocsSidebar();
  const [secondary, setSecondary] = useState(sidebar !== null);
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, true, onClose);
  return (
    <>
      <div className="navbar-backdrop" onClick={onClose} aria-hidden="true" />
      <div ref={panel} className="navbar-sidebar" role="dialog" aria-modal="true" aria-label="Navigation menu">
        <div className="navbar-sidebar-header">
          <Brand />
          {!site.colorMode.disableSwitch && <ColorModeToggle />}
          <button type="button" className="navbar-icon-button navbar-sidebar-close" aria-label="Close navigation bar" onClick={onClose}>
            <CloseIcon size={16} />
          </button>
        </div>
        {secondary && sidebar ? (
          <div className="navbar-sidebar-panel navbar-sidebar-secondary">
            <button type="button" className="navbar-sidebar-back" onClick={() => setSecondary(false)}>
              ← Back to main menu
            </button>
            <Sidebar items={sidebar} path={path} base={site.baseUrl} />
          </div>
        ) : (
          <div className="navbar-sidebar-panel navbar-sidebar-primary">
            <ul className="navbar-sidebar-items">
              {site.navbar.items.map((item) => (
                <li key={item.kind + item.label + item.href}>
                  <NavbarItem item={item} path={path} base={site.baseUrl} defaultLocale={site.locale} mobile />
                </li>
              ))}
            </ul>
            {sidebar && (
              <button type="button" className="navbar-sidebar-forward" onClick={() => setSecondary(true)}>
                Docs menu →
              </button>
            )}
          </div>
        )}
      </div>
    </>
  );
}

export function Navbar() {
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
    <nav aria-label="Main" className={`navbar${hidden ? ' navbar-hidden' : ''}`}>
      <div className="navbar-inner">
        <button type="button" className="navbar-icon-button navbar-toggle" aria-label="Toggle navigation bar" aria-expanded={menuOpen} onClick={() => setMenuOpen(!menuOpen)}>
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
      {menuOpen && createPortal(<MobileMenu onClose={close} />, document.body)}
    </nav>
  );
}
