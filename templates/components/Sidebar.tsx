import { useEffect, useId, useState } from 'react';
import { Collapsible } from './Collapsible';
import type { SidebarCategory, SidebarItem } from '../../src/shared/types';
import { routeKey, stripBase } from '../../src/shared/url';

export interface SidebarProps {
  items: SidebarItem[];
  /** Current route path without base URL. */
  path: string;
  base: string;
}

// Every page asks, for every sidebar item, whether it is the current page: keys are cached per
// href so a large sidebar costs map lookups, not string work, on each of thousands of pages.
const hrefKeys = new Map<string, string | null>();

function hrefKey(href: string, base: string): string | null {
  const cacheKey = base + '\0' + href;
  let key = hrefKeys.get(cacheKey);
  if (key === undefined) {
    const target = stripBase(base, href.split('#')[0]!);
    key = target === undefined ? null : routeKey(target).toLowerCase();
    hrefKeys.set(cacheKey, key);
  }
  return key;
}

/** Active when the link's path matches the current path, ignoring case and a trailing slash. */
export function isActiveHref(href: string | undefined, path: string, base: string): boolean {
  if (!href) return false;
  const key = hrefKey(href, base);
  return key !== null && key === pathKey(path);
}

let lastPath: { path: string; key: string } | undefined;

function pathKey(path: string): string {
  if (lastPath?.path !== path) lastPath = { path, key: routeKey(path).toLowerCase() };
  return lastPath.key;
}

// The route keys of all links below a list of items, computed once per sidebar: "is the current
// page inside this category?" is then a set lookup.
const descendantKeys = new WeakMap<SidebarItem[], Set<string>>();

function keysBelow(items: SidebarItem[], base: string): Set<string> {
  let keys = descendantKeys.get(items);
  if (!keys) {
    keys = new Set();
    for (const item of items) {
      const key = item.href ? hrefKey(item.href, base) : null;
      if (key !== null) keys.add(key);
      if (item.type === 'category') for (const below of keysBelow(item.items, base)) keys.add(below);
    }
    descendantKeys.set(items, keys);
  }
  return keys;
}

function containsActive(items: SidebarItem[], path: string, base: string): boolean {
  return keysBelow(items, base).has(pathKey(path));
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
            <a className={`sidebar-link${item.badge ? ' has-badge' : ''}${isActiveHref(item.href, path, base) ? ' active' : ''}`} href={item.href} {...(isActiveHref(item.href, path, base) ? { 'aria-current': 'page' as const } : {})}>
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
        ),
      )}
    </ul>
  );
}

function Category({ category, path, base, level }: { category: SidebarCategory; path: string; base: string; level: number }) {
  const active = containsActive(category.items, path, base) || isActiveHref(category.href, path, base);
  const [collapsed, setCollapsed] = useState(category.collapsible && category.collapsed && !active);
  // Navigating into a collapsed category opens it.
  useEffect(() => {
    if (active) setCollapsed(false);
  }, [active]);
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
      {/* Lazy: a 1000-page sidebar would otherwise be written into every page's HTML. */}
      <Collapsible id={listId} className="sidebar-category-items" collapsed={collapsed}>
        <SidebarList items={category.items} path={path} base={base} level={level + 1} />
      </Collapsible>
    </li>
  );
}
