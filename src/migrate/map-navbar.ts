import { aBoolean, aString, carry, oneOf } from './carry';
import { isRecord } from '../shared/is-record';
import type { DocsNavContext, NavTarget } from './doc-targets';
import type { WarningList } from './warnings';

// Docusaurus navbar items -> docsite's. docsite has links (`to` or `href`), doc and sidebar items, the
// versions menu, the locale menu and the search box. Doc and sidebar items become links to the doc's route,
// or, in docs with versions, docsite's own doc and sidebar items, which follow the version being read as
// Docusaurus's do; a dropdown is flattened into its links, since docsite's navbar has no dropdowns; anything
// that has no link in it is left out, with a note.

export interface NavbarContext extends DocsNavContext {
  /** The Docusaurus plugin id of the main docs, which items may name as `docsPluginId`. */
  docsId?: string;
  /** The other docs instances, by plugin id, for items with their `docsPluginId`. */
  instances?: Map<string, DocsNavContext>;
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
      return [withPosition(linkItem(raw, where, warnings), position, where, warnings)];
    case 'doc':
    case 'docSidebar':
      return [withPosition(docItem(raw, type, where, context, warnings), position, where, warnings)];
    case 'docsVersion':
      return [withPosition(docsVersionItem(raw, where, context, warnings), position, where, warnings)];
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
      warnings.unhandledKeys(raw, type === 'localeDropdown' ? ['type', 'label', 'position'] : ['type', 'position'], `${where}.`, {
        label: "docsite's search box shows no label",
        dropdownItemsBefore: "docsite's language menu lists the site's locales only",
        dropdownItemsAfter: "docsite's language menu lists the site's locales only",
        className: 'docsite styles navbar items itself',
      });
      return [withPosition(item, position, where, warnings)];
    }
    case 'docsVersionDropdown':
      return [withPosition(versionsMenu(raw, where, context, warnings), position, where, warnings)];
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
function docsOfItem(raw: Item, where: string, context: NavbarContext, warnings: WarningList): DocsNavContext {
  const pluginId = raw.docsPluginId;
  if (typeof pluginId !== 'string' || pluginId === (context.docsId ?? 'default')) return context;
  const instance = context.instances?.get(pluginId);
  if (!instance) warnings.add(`${where} names the docs plugin '${pluginId}', which the config does not have: it ${raw.type === 'docsVersionDropdown' ? "shows the main docs' versions" : `links to ${context.docsBase}`}`, where);
  return instance ?? context;
}

/** `docsPluginId` as docsite names the docs: the main docs go without it, whatever Docusaurus called them. */
function pluginIdOf(docs: DocsNavContext): Item {
  return docs.pluginId ? { docsPluginId: docs.pluginId } : {};
}

/**
 * Docusaurus's versions menu is docsite's. Its label is the version being read in both; the items it adds
 * around the versions are links docsite's menu has no place for.
 */
function versionsMenu(raw: Item, where: string, context: NavbarContext, warnings: WarningList): Item {
  const docs = docsOfItem(raw, where, context, warnings);
  const extraLinks = (key: string) => {
    const count = Array.isArray(raw[key]) ? raw[key].length : 0;
    return `docsite's versions menu lists the docs' versions only: ${count} link${count === 1 ? '' : 's'} left out`;
  };
  // Empty lists add nothing to Docusaurus's menu either.
  const given = Object.fromEntries(Object.entries(raw).filter(([key, value]) => !(['dropdownItemsBefore', 'dropdownItemsAfter'].includes(key) && Array.isArray(value) && value.length === 0)));
  warnings.unhandledKeys(given, ['type', 'position', 'docsPluginId'], `${where}.`, {
    dropdownItemsBefore: extraLinks('dropdownItemsBefore'),
    dropdownItemsAfter: extraLinks('dropdownItemsAfter'),
    dropdownActiveClassDisabled: "docsite marks the menu's button as Docusaurus does by default",
    versions: 'docsite lists every version it builds, with its own label',
    label: 'the menu shows the label of the version being read, in docsite as in Docusaurus',
    className: 'docsite styles navbar items itself',
  });
  if (!docs.versions) {
    // Kept: it shows up once the docs have versions (docsite version <name>).
    warnings.add(`${where} (docsVersionDropdown): the docs have no versions (versions.json), and docsite shows no versions menu for them; Docusaurus showed a menu of their one version`, where);
  }
  return { type: 'docsVersionDropdown', ...pluginIdOf(docs) };
}

/**
 * Docusaurus's `docsVersion` item links to the first doc of the version being read (else of the last version),
 * labelled with that version's label. In docs with versions, docsite's sidebar item does the same for the last
 * version's first sidebar, following the version being read; its label is fixed: the last version's. Docs
 * without versions have one version: the item links to the docs' route, under that version's label.
 */
function docsVersionItem(raw: Item, where: string, context: NavbarContext, warnings: WarningList): Item {
  const docs = docsOfItem(raw, where, context, warnings);
  warnings.unhandledKeys(raw, ['type', 'label', 'to', 'position', 'docsPluginId'], `${where}.`, { className: 'docsite styles navbar items itself' });
  const label = typeof raw.label === 'string' ? raw.label : undefined;
  if (typeof raw.to === 'string') return { label: label ?? docs.versions?.label ?? docs.currentLabel, to: raw.to };
  if (docs.versions?.firstSidebar) {
    if (label === undefined) {
      warnings.add(`${where} (docsVersion) shows the label of the last version, '${docs.versions.label}', on every page: Docusaurus showed the label of the version being read`, where);
    }
    return { type: 'docSidebar', sidebarId: docs.versions.firstSidebar, label: label ?? docs.versions.label, ...pluginIdOf(docs) };
  }
  return { label: label ?? docs.versions?.label ?? docs.currentLabel, to: docs.docsBase };
}

function docItem(raw: Item, type: 'doc' | 'docSidebar', where: string, context: NavbarContext, warnings: WarningList): Item {
  const id = String(type === 'doc' ? raw.docId : raw.sidebarId);
  const what = `${type} '${id}'`;
  const docs = docsOfItem(raw, where, context, warnings);
  const { targets, docsBase } = docs;
  const version = docs.versions ? ` of the last version, '${docs.versions.label}'` : '';
  let target: NavTarget | undefined;
  if (targets instanceof Error) {
    warnings.add(`${where} (${what}) links to ${docsBase}: the docs${version} could not be read to find its page (${targets.message.split('\n')[0]})`, where);
  } else {
    target = type === 'doc' ? targets.doc(id) : targets.sidebar(id);
    if (!target) warnings.add(`${where} (${what}) links to ${docsBase}: docsite finds no ${type === 'doc' ? 'doc with this id' : 'sidebar of this id with a doc in it'}${version}`, where);
  }
  warnings.unhandledKeys(raw, ['type', 'docId', 'sidebarId', 'label', 'position', 'docsPluginId'], `${where}.`, {
    activeSidebarClassName: 'docsite styles navbar items itself',
    className: 'docsite styles navbar items itself',
  });
  const label = typeof raw.label === 'string' ? raw.label : (target?.label ?? id);
  // A link is one path: in docs with versions, only docsite's own item leads to the doc in the version being read.
  if (target && docs.versions) return { type, ...(type === 'doc' ? { docId: id } : { sidebarId: id }), label, ...pluginIdOf(docs) };
  return { label, to: target?.to ?? docsBase, ...(target?.activeBasePath ? { activeBasePath: target.activeBasePath } : {}) };
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
