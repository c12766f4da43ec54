import { aBoolean, aString, carry, oneOf } from './carry';
import { isRecord } from '../shared/is-record';
import type { DocTargets, NavTarget } from './doc-targets';
import type { VersionedOnlyLink } from './versioned-links';
import type { WarningList } from './warnings';

// Docusaurus navbar items -> docsite's. docsite has links (`to` or `href`), the locale menu and the
// search box. Doc and sidebar items become links to the doc's route; a dropdown is flattened into its
// links, since docsite's navbar has no dropdowns; anything that has no link in it is left out, with a note.

export interface NavbarContext {
  /** Routes of docs and sidebars; an Error says why they could not be worked out. */
  targets: DocTargets | Error;
  /** Route of the docs (e.g. "/docs"): where doc items point when their doc cannot be found. */
  docsBase: string;
  /** Label of the current docs version, for `docsVersion` items. */
  versionLabel: string;
  /** The Docusaurus plugin id of the main docs, which items may name as `docsPluginId`. */
  docsId?: string;
  /** The other docs instances' routes, by plugin id, for items with their `docsPluginId`. */
  instances?: Map<string, { targets: DocTargets | Error; docsBase: string }>;
  /** Links to docs that only a released version has (docsite builds the current docs): left out. */
  versionedOnly?: VersionedOnlyLink;
}

/** True (after a note) when the item's `to` is a doc of a released version only, which docsite does not build. */
export function linksToUnbuiltVersion(raw: Record<string, unknown>, where: string, versionedOnly: VersionedOnlyLink | undefined, warnings: WarningList): boolean {
  const version = typeof raw.to === 'string' ? versionedOnly?.(raw.to) : undefined;
  if (!version) return false;
  warnings.notCarried(where, `it links to ${String(raw.to)}, a doc of version ${version} only: docsite builds the current docs folder, which has no such doc`);
  return true;
}

type Item = Record<string, unknown>;

const POSITION = oneOf('left', 'right');
const LINK_KEYS = ['type', 'label', 'to', 'href', 'position', 'activeBasePath', 'aria-label', 'html', 'items'];

export function mapNavbar(navbar: Record<string, unknown>, context: NavbarContext, warnings: WarningList): Record<string, unknown> {
  const where = 'themeConfig.navbar.';
  const result: Record<string, unknown> = {};
  carry(navbar, result, 'title', aString, where, warnings);
  if (isRecord(navbar.logo)) {
    const logo: Record<string, unknown> = {};
    carry(navbar.logo, logo, 'src', aString, `${where}logo.`, warnings);
    carry(navbar.logo, logo, 'srcDark', aString, `${where}logo.`, warnings);
    carry(navbar.logo, logo, 'alt', aString, `${where}logo.`, warnings);
    // The logo links home in docsite as in Docusaurus; only another target needs a word.
    const logoExtras = Object.fromEntries(Object.entries(navbar.logo).filter(([key, value]) => !(key === 'href' && value === '/')));
    warnings.unhandledKeys(logoExtras, ['src', 'srcDark', 'alt'], `${where}logo.`);
    if (logo.src !== undefined) result.logo = logo;
  }
  carry(navbar, result, 'hideOnScroll', aBoolean, where, warnings);
  if (Array.isArray(navbar.items)) {
    result.items = navbar.items.flatMap((item, index) => mapItem(item, `${where}items[${index}]`, context, warnings, undefined));
  }
  warnings.unhandledKeys(navbar, ['title', 'logo', 'hideOnScroll', 'items'], where, { style: "docsite's navbar follows the colour mode" });
  return result;
}

function itemType(item: Item): string {
  if (typeof item.type === 'string') return item.type;
  return Array.isArray(item.items) ? 'dropdown' : 'default';
}

/** `position` is set on top-level items; a flattened dropdown's links take the dropdown's. */
function mapItem(raw: unknown, where: string, context: NavbarContext, warnings: WarningList, inheritedPosition: unknown): Item[] {
  if (!isRecord(raw)) return [];
  const type = itemType(raw);
  const position = raw.position ?? inheritedPosition;
  switch (type) {
    case 'default':
      if (linksToUnbuiltVersion(raw, where, context.versionedOnly, warnings)) return [];
      return [withPosition(linkItem(raw, where, warnings), position, where, warnings)];
    case 'doc':
    case 'docSidebar':
      return [withPosition(docItem(raw, type, where, context, warnings), position, where, warnings)];
    case 'docsVersion': {
      const item: Item = { label: typeof raw.label === 'string' ? raw.label : context.versionLabel, to: typeof raw.to === 'string' ? raw.to : docsOfItem(raw, where, context, warnings).docsBase };
      warnings.unhandledKeys(raw, ['type', 'label', 'to', 'position', 'docsPluginId'], `${where}.`);
      return [withPosition(item, position, where, warnings)];
    }
    case 'dropdown': {
      const children = Array.isArray(raw.items) ? raw.items : [];
      const links = children.flatMap((child, index) => mapItem(child, `${where}.items[${index}]`, context, warnings, position));
      const label = typeof raw.label === 'string' ? ` '${raw.label}'` : '';
      warnings.add(`${where} (dropdown${label}) is flattened: docsite's navbar has no dropdowns, so its ${links.length} link${links.length === 1 ? ' is' : 's are'} now top-level items`, where);
      return links;
    }
    case 'localeDropdown':
    case 'search': {
      const item: Item = { type };
      // The search box shows no label; the language menu's button does.
      if (type === 'localeDropdown') carry(raw, item, 'label', aString, `${where}.`, warnings);
      warnings.unhandledKeys(raw, type === 'localeDropdown' ? ['type', 'label', 'position'] : ['type', 'position'], `${where}.`, { label: "docsite's search box shows no label" });
      return [withPosition(item, position, where, warnings)];
    }
    case 'docsVersionDropdown':
      warnings.notCarried(`${where} (docsVersionDropdown)`, 'docsite builds one docs version');
      return [];
    case 'html':
      warnings.notCarried(`${where} (html)`, "docsite's navbar items are links");
      return [];
    default:
      warnings.notCarried(`${where} (type '${type}')`, 'docsite does not know this navbar item type');
      return [];
  }
}

function withPosition(item: Item, position: unknown, where: string, warnings: WarningList): Item {
  if (position === undefined) return item;
  if (POSITION.test(position)) return { ...item, position };
  warnings.notCarried(`${where}.position`, `docsite takes ${POSITION.wants}`);
  return item;
}

function linkItem(raw: Item, where: string, warnings: WarningList): Item {
  const item: Item = {};
  if (!carry(raw, item, 'label', aString, `${where}.`, warnings)) {
    // An icon link (a CSS class and an aria-label) or an HTML label: docsite shows text.
    const text = typeof raw.html === 'string' ? stripTags(raw.html) : '';
    const label = text || (typeof raw['aria-label'] === 'string' ? raw['aria-label'] : '');
    if (label) item.label = label;
  }
  if (typeof raw.html === 'string') warnings.notCarried(`${where}.html`, `docsite shows plain text labels${item.label ? `: '${String(item.label)}'` : ''}`);
  carry(raw, item, 'to', aString, `${where}.`, warnings);
  carry(raw, item, 'href', aString, `${where}.`, warnings);
  carry(raw, item, 'activeBasePath', aString, `${where}.`, warnings);
  carry(raw, item, 'aria-label', aString, `${where}.`, warnings);
  warnings.unhandledKeys(raw, LINK_KEYS, `${where}.`, {
    className: 'docsite styles navbar items itself',
    target: 'docsite opens external links in a new tab and internal ones in place',
    rel: 'docsite sets rel on external links itself',
    activeBaseRegex: 'docsite matches the active item by path prefix (activeBasePath)',
    prependBaseUrlToHref: 'docsite prefixes internal paths with the base URL itself',
  });
  return item;
}

/** The docs an item names by `docsPluginId` (unset or the main docs' id: the main docs). */
function docsOfItem(raw: Item, where: string, context: NavbarContext, warnings: WarningList): { targets: DocTargets | Error; docsBase: string } {
  const pluginId = raw.docsPluginId;
  if (typeof pluginId !== 'string' || pluginId === (context.docsId ?? 'default')) return context;
  const instance = context.instances?.get(pluginId);
  if (!instance) warnings.add(`${where} names the docs plugin '${pluginId}', which the config does not have: it links to ${context.docsBase}`, where);
  return instance ?? context;
}

function docItem(raw: Item, type: 'doc' | 'docSidebar', where: string, context: NavbarContext, warnings: WarningList): Item {
  const id = String(type === 'doc' ? raw.docId : raw.sidebarId);
  const what = `${type} '${id}'`;
  const { targets, docsBase } = docsOfItem(raw, where, context, warnings);
  let target: NavTarget | undefined;
  if (targets instanceof Error) {
    warnings.add(`${where} (${what}) links to ${docsBase}: the docs could not be read to find its page (${targets.message.split('\n')[0]})`, where);
  } else {
    target = type === 'doc' ? targets.doc(id) : targets.sidebar(id);
    if (!target) warnings.add(`${where} (${what}) links to ${docsBase}: docsite finds no ${type === 'doc' ? 'doc with this id' : 'sidebar of this id with a doc in it'}`, where);
  }
  const item: Item = {
    label: typeof raw.label === 'string' ? raw.label : (target?.label ?? id),
    to: target?.to ?? docsBase,
    ...(target?.activeBasePath ? { activeBasePath: target.activeBasePath } : {}),
  };
  warnings.unhandledKeys(raw, ['type', 'docId', 'sidebarId', 'label', 'position', 'docsPluginId'], `${where}.`, {
    activeSidebarClassName: 'docsite styles navbar items itself',
    className: 'docsite styles navbar items itself',
  });
  return item;
}

/** Text of a small HTML snippet (a label, a copyright line). */
export function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&copy;/g, '©')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
