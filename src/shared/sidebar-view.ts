import type { SidebarCategory, SidebarItem } from './types';
import { routeKey, stripBase } from './url';

// Which sidebar items belong to the current page, and the part of a sidebar a page ships.
// Used by the build (to cut each page's sidebar) and by the theme (to mark the active link), so
// both agree on what "open" means.

// Every page asks, for every sidebar item, whether it is the current page: keys are cached per
// href so a large sidebar costs map lookups, not string work, on each of thousands of pages.
const hrefKeys = new Map<string, Map<string, string | null>>();

function hrefKey(href: string, base: string): string | null {
  let forBase = hrefKeys.get(base);
  if (!forBase) hrefKeys.set(base, (forBase = new Map()));
  let key = forBase.get(href);
  if (key === undefined) {
    const target = stripBase(base, href.split('#')[0]!);
    key = target === undefined ? null : routeKey(target).toLowerCase();
    forBase.set(href, key);
  }
  return key;
}

let lastPath: { path: string; key: string } | undefined;

function pathKey(path: string): string {
  if (lastPath?.path !== path) lastPath = { path, key: routeKey(path).toLowerCase() };
  return lastPath.key;
}

/** Active when the link's path matches the current path (without base URL), ignoring case and a trailing slash. */
export function isActiveHref(href: string | undefined, path: string, base: string): boolean {
  if (!href) return false;
  const key = hrefKey(href, base);
  return key !== null && key === pathKey(path);
}

// The route key of each link of a list, by position, computed once per list (one of the sidebar's arrays, which every
// page showing it shares: in Node the whole sidebar's, in the browser a cut's or the whole one's): a page compares them
// with its own key, without a lookup per link. Each key is kept with the href it was computed from, so an item changed
// in place is asked the long way.
const linkKeys = new WeakMap<SidebarItem[], { base: string; hrefs: (string | undefined)[]; keys: (string | null)[] }>();

/**
 * The positions of the list's links that isActiveHref calls active, for a theme that renders the list's items: a page
 * renders every open link of a large sidebar (a thousand and more), each asking whether it is the current page.
 */
export function activeLinksOf(items: SidebarItem[], path: string, base: string): number[] {
  let known = linkKeys.get(items);
  if (!known || known.base !== base) {
    const hrefs = items.map((item) => (item.type === 'link' ? item.href : undefined));
    known = { base, hrefs, keys: hrefs.map((href) => (href ? hrefKey(href, base) : null)) };
    linkKeys.set(items, known);
  }
  const { hrefs, keys } = known;
  const current = pathKey(path);
  const active: number[] = [];
  for (let index = 0; index < items.length; index++) {
    const item = items[index]!;
    if (item.type !== 'link') continue;
    // A key is never null when it matches: pathKey is a string.
    if (item.href === hrefs[index] ? keys[index] === current : isActiveHref(item.href, path, base)) active.push(index);
  }
  return active;
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

/** Whether the current page is the category's own page or lies anywhere below it. */
export function categoryIsActive(category: SidebarCategory, path: string, base: string): boolean {
  return keysBelow(category.items, base).has(pathKey(path)) || isActiveHref(category.href, path, base);
}

/** Whether a category shows its items when a page is first shown. */
export function categoryStartsOpen(category: SidebarCategory, path: string, base: string): boolean {
  return !category.collapsible || !category.collapsed || categoryIsActive(category, path, base);
}

/**
 * The sidebar as one page ships it: every category that starts closed on that page keeps its label
 * and link but not its items, which the browser loads (the whole sidebar, once) when the reader opens
 * one. A page renders exactly what it would render with the whole sidebar, so the server HTML and
 * hydration do not change; what shrinks is the data every page carries, which otherwise grows with
 * the size of the site (a 5,000-page sidebar is ~100 KB gzip in every page's first load).
 */
export function sidebarForPage(items: SidebarItem[], path: string, base: string): { items: SidebarItem[]; complete: boolean } {
  let complete = true;
  const view = (list: SidebarItem[]): SidebarItem[] =>
    list.map((item) => {
      if (item.type !== 'category') return item;
      if (categoryStartsOpen(item, path, base)) return { ...item, items: view(item.items) };
      if (!item.items.length) return item;
      complete = false;
      const firstHref = firstLinkBelow(item.items);
      return { ...item, items: [], itemsLeftOut: { count: item.items.length, ...(firstHref ? { firstHref } : {}) } };
    });
  const result = view(items);
  return { items: result, complete };
}

/**
 * Names the categories that start open on a page (by their positions in the tree): pages with the
 * same name have the same cut of the sidebar, so they can share it.
 */
export function openCategoriesOf(items: SidebarItem[], path: string, base: string): string {
  const open: string[] = [];
  const visit = (list: SidebarItem[], prefix: string) => {
    list.forEach((item, index) => {
      if (item.type !== 'category' || !categoryStartsOpen(item, path, base)) return;
      open.push(`${prefix}${index}`);
      visit(item.items, `${prefix}${index}.`);
    });
  };
  visit(items, '');
  return open.join(',');
}

/** Where an item leads: a link's page, a category's own page or else the first page below it. */
export function firstHrefOf(item: SidebarItem): string | undefined {
  if (item.type === 'link') return item.href;
  return item.href ?? item.itemsLeftOut?.firstHref ?? firstLinkBelow(item.items);
}

function firstLinkBelow(items: SidebarItem[]): string | undefined {
  for (const item of items) {
    const href = firstHrefOf(item);
    if (href) return href;
  }
  return undefined;
}

/** How many items a category has, counting those a page's sidebar left out. */
export function itemCountOf(category: SidebarCategory): number {
  return category.itemsLeftOut?.count ?? category.items.length;
}
