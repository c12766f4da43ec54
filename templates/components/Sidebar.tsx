import { useId, useState } from 'react';
import type { SidebarCategory, SidebarItem } from '../../src/shared/types';
import { routeKey, stripBase } from '../../src/shared/url';

export interface SidebarProps {
  items: SidebarItem[];
  /** Current route path without base URL. */
  path: string;
  base: string;
}

/** Active when the link's path matches the current path, ignoring case and a trailing slash. */
export function isActiveHref(href: string | undefined, path: string, base: string): boolean {
  if (!href) return false;
  const target = stripBase(base, href.split('#')[0]!);
  return target !== undefined && routeKey(target).toLowerCase() === routeKey(path).toLowerCase();
}

function containsActive(items: SidebarItem[], path: string, base: string): boolean {
  return items.some((item) => isActiveHref(item.href, path, base) || (item.type === 'category' && containsActive(item.items, path, base)));
}

export function Sidebar({ items, path, base }: SidebarProps) {
  return (
    <nav aria-label="Docs sidebar" className="sidebar-nav">
      <SidebarList items={items} path={path} base={base} level={1} />
    </nav>
  );
}

function SidebarList({ items, path, base, level }: SidebarProps & { level: number }) {
  return (
    <ul className={`sidebar-list sidebar-level-${level}`}>
      {items.map((item, index) =>
        item.type === 'category' ? (
          <Category key={`${item.label}-${index}`} category={item} path={path} base={base} level={level} />
        ) : item.unlisted ? null : (
          <li key={`${item.href}-${index}`} className={`sidebar-item${item.className ? ` ${item.className}` : ''}`}>
            <a className={`sidebar-link${isActiveHref(item.href, path, base) ? ' active' : ''}`} href={item.href} {...(isActiveHref(item.href, path, base) ? { 'aria-current': 'page' as const } : {})}>
              {item.label}
            </a>
          </li>
        ),
      )}
    </ul>
  );
}

function Category({ category, path, base, level }: { category: SidebarCategory; path: string; base: string; level: number }) {
  const active = containsActive(category.items, path, base) || isActiveHref(category.href, path, base);
  const [collapsed, setCollapsed] = useState(category.collapsible && category.collapsed && !active);
  const listId = useId();
  const href = category.linkUnlisted ? undefined : category.href;
  const current = isActiveHref(href, path, base);
  return (
    <li className={`sidebar-item sidebar-category${collapsed ? ' collapsed' : ''}${category.className ? ` ${category.className}` : ''}`}>
      <div className="sidebar-category-row">
        {href ? (
          <a className={`sidebar-link sidebar-category-link${current ? ' active' : ''}`} href={href} {...(current ? { 'aria-current': 'page' as const } : {})}>
            {category.label}
          </a>
        ) : (
          <button type="button" className="sidebar-link sidebar-category-button" aria-expanded={!collapsed} aria-controls={listId} onClick={() => category.collapsible && setCollapsed(!collapsed)}>
            {category.label}
          </button>
        )}
        {category.collapsible && href && (
          <button type="button" className="sidebar-caret" aria-label={`${collapsed ? 'Expand' : 'Collapse'} sidebar category '${category.label}'`} aria-expanded={!collapsed} aria-controls={listId} onClick={() => setCollapsed(!collapsed)} />
        )}
      </div>
      <div id={listId} className="sidebar-category-items" hidden={collapsed}>
        <SidebarList items={category.items} path={path} base={base} level={level + 1} />
      </div>
    </li>
  );
}
