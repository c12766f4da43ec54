import { useEffect, useId, useState } from 'react';
import { Collapsible } from './Collapsible';
import { useWholeSidebarLoader, useThemeString } from '../context/site';
import type { SidebarCategory, SidebarItem } from '../../src/shared/types';
import { activeLinksOf, categoryIsActive, isActiveHref } from '../../src/shared/sidebar-view';

export { isActiveHref };

export interface SidebarProps {
  items: SidebarItem[];
  /** Current route path without base URL. */
  path: string;
  base: string;
}

export function Sidebar({ items, path, base }: SidebarProps) {
  const t = useThemeString();
  const loadWhole = useWholeSidebarLoader();
  return (
    // A page may ship only the open part of a large sidebar: a pointer coming near it fetches the rest.
    <nav aria-label={t('Docs sidebar')} className="sidebar-nav" onPointerEnter={loadWhole}>
      <SidebarList items={items} path={path} base={base} level={1} />
    </nav>
  );
}

function SidebarList({ items, path, base, level }: SidebarProps & { level: number }) {
  // Which links are the current page, asked once for the list: a page renders every open link of a large sidebar.
  const activeLinks = activeLinksOf(items, path, base);
  return (
    <ul className={`sidebar-list sidebar-level-${level}`}>
      {items.map((item, index) => {
        if (item.type === 'category') return <Category key={`${item.label}-${index}`} category={item} path={path} base={base} level={level} />;
        if (item.unlisted) return null;
        const active = activeLinks.includes(index);
        // aria-current={undefined} writes no attribute, as an absent prop does: the same HTML without an object spread per link.
        return (
          <li key={`${item.href}-${index}`} className={`sidebar-item${item.className ? ` ${item.className}` : ''}`}>
            <a className={`sidebar-link${item.badge ? ' has-badge' : ''}${active ? ' active' : ''}`} href={item.href} aria-current={active ? 'page' : undefined}>
              {item.badge ? (
                <>
                  <span className={`sidebar-badge method-${item.badge.toLowerCase()}`}>{item.badge}</span>
                  <span className="sidebar-link-text">{item.label}</span>
                </>
              ) : (
                item.label
              )}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function Category({ category, path, base, level }: { category: SidebarCategory; path: string; base: string; level: number }) {
  const active = categoryIsActive(category, path, base);
  const [collapsed, setCollapsed] = useState(category.collapsible && category.collapsed && !active);
  // Navigating into a collapsed category opens it.
  useEffect(() => {
    if (active) setCollapsed(false);
  }, [active]);
  // Items this page's sidebar left out come with the whole sidebar: an open category that lacks
  // them (open on an earlier page) asks for it, and opening one waits for it so it animates full.
  const loadWhole = useWholeSidebarLoader();
  const itemsLeftOut = Boolean(category.itemsLeftOut);
  useEffect(() => {
    if (!collapsed && itemsLeftOut) void loadWhole?.();
  }, [collapsed, itemsLeftOut, loadWhole]);
  const toggle = () => {
    if (collapsed && itemsLeftOut && loadWhole) void loadWhole().then(() => setCollapsed(false));
    else setCollapsed(!collapsed);
  };
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
          <button type="button" className="sidebar-link sidebar-category-button" aria-expanded={!collapsed} aria-controls={listId} onClick={() => category.collapsible && toggle()}>
            {category.label}
          </button>
        )}
        {category.collapsible && href && (
          <button type="button" className="sidebar-caret" aria-label={`${collapsed ? 'Expand' : 'Collapse'} sidebar category '${category.label}'`} aria-expanded={!collapsed} aria-controls={listId} onClick={toggle} />
        )}
      </div>
      {/* Lazy: a 1000-page sidebar would otherwise be written into every page's HTML. */}
      <Collapsible id={listId} className="sidebar-category-items" collapsed={collapsed}>
        <SidebarList items={category.items} path={path} base={base} level={level + 1} />
      </Collapsible>
    </li>
  );
}
