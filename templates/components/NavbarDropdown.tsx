import { useEffect, useRef, useState, type ReactNode } from 'react';

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
