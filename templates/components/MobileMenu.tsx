import { useRef, useState } from 'react';
import { useDocsSidebar, useRoute, useSite, useThemeString } from '../context/site';
import { useFocusTrap } from '../hooks/use-focus-trap';
import { CloseIcon } from './CloseIcon';
import { ColorModeToggle } from './ColorModeToggle';
import { Brand } from './Brand';
import { NavbarItem } from './NavbarItem';
import { Sidebar } from './Sidebar';

/**
 * The slide-out menu of the mobile layout. On docs pages it opens on the docs sidebar (the
 * "secondary" menu) with a way back to the navbar items (the "primary" menu).
 */
export function MobileMenu({ onClose }: { onClose: () => void }) {
  const t = useThemeString();
  const site = useSite();
  const { path } = useRoute();
  const sidebar = useDocsSidebar();
  const [secondary, setSecondary] = useState(sidebar !== null);
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, true, onClose);
  return (
    <>
      <div className="navbar-backdrop" onClick={onClose} aria-hidden="true" />
      <div ref={panel} className="navbar-sidebar" role="dialog" aria-modal="true" aria-label={t('Navigation menu')}>
        <div className="navbar-sidebar-header">
          <Brand />
          {!site.colorMode.disableSwitch && <ColorModeToggle />}
          <button type="button" className="navbar-icon-button navbar-sidebar-close" aria-label={t('Close navigation bar')} onClick={onClose}>
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

