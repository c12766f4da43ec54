import { useRef, useState, type ReactNode } from 'react';
import { useDismiss } from '../hooks/use-dismiss';

// A navbar menu (languages, docs versions): a button that opens a list of links, closed by a click outside,
// Escape, or picking a link.

export interface DropdownLink {
  key: string;
  label: string;
  href: string;
  active: boolean;
  lang?: string;
  onPick?: () => void;
}

export function NavbarDropdown({ label, icon, links, mobile, className }: { label: string; icon?: ReactNode; links: DropdownLink[]; mobile: boolean; className?: string }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(open, ref, () => setOpen(false));
  return (
    <div ref={ref} className={`navbar-item navbar-dropdown${className ? ` ${className}` : ''}${open ? ' open' : ''}${mobile ? ' navbar-dropdown-mobile' : ''}`}>
      <button type="button" className="navbar-link navbar-dropdown-toggle" aria-haspopup="true" aria-expanded={open} onClick={() => setOpen(!open)}>
        {icon}
        {label}
      </button>
      <ul className="navbar-dropdown-menu" hidden={!open}>
        {links.map((link) => (
          <li key={link.key}>
            <a
              className={`navbar-dropdown-link${link.active ? ' active' : ''}`}
              href={link.href}
              {...(link.lang ? { lang: link.lang, hrefLang: link.lang } : {})}
              {...(link.active ? { 'aria-current': 'true' as const } : {})}
              onClick={() => {
                link.onPick?.();
                setOpen(false);
              }}
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
