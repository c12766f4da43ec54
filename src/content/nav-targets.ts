import type { NavDocs, NavTarget } from '../config/site-data';
import type { SidebarItem } from '../shared/types';
import type { DocSource } from './docs';
import { routeBaseOf, sidebarKeyOf, sidebarsOfInstance, type DocsInstance } from './docs-instances';
import type { DocSidebarInfo, GeneratedIndex } from './sidebars';

// Where navbar items that name a doc or a sidebar lead (`{ type: 'docSidebar', sidebarId, docsPluginId }`),
// as Docusaurus makes them: a sidebar's first page, labelled as in the sidebar, active under the deepest
// folder its docs share. `docsite build` resolves its own config's items with it; `docsite migrate` turns
// a Docusaurus config's items into links with it.

/**
 * A sidebar's navbar target. `pathOf` turns a sidebar href back into a route path (the loaded sidebars
 * carry the base URL and the trailing-slash policy); undefined leaves the href out.
 */
function sidebarTarget(items: SidebarItem[], base: string, pathOf: (href: string) => string | undefined = (href) => href): NavTarget | undefined {
  const first = firstPage(items, pathOf);
  if (!first) return undefined;
  const shared = sharedFolder(pageHrefs(items).flatMap((href) => pathOf(href) ?? []));
  const activeBasePath = shared.length >= base.length ? shared : base;
  return { ...first, ...(activeBasePath !== first.to ? { activeBasePath } : {}) };
}

function firstPage(items: SidebarItem[], pathOf: (href: string) => string | undefined): NavTarget | undefined {
  for (const item of items) {
    if (item.type === 'category') {
      const to = item.href && !item.linkUnlisted ? pathOf(item.href) : undefined;
      if (to) return { to, label: item.label };
      const inside = firstPage(item.items, pathOf);
      if (inside) return inside;
    } else if (item.docId && !item.unlisted) {
      const to = pathOf(item.href);
      if (to) return { to, label: item.label };
    }
  }
  return undefined;
}

/** The hrefs of a sidebar's doc links and category pages. */
function pageHrefs(items: SidebarItem[]): string[] {
  return items.flatMap((item) => (item.type === 'category' ? [...(item.href ? [item.href] : []), ...pageHrefs(item.items)] : item.docId ? [item.href] : []));
}

/** "/docs/a/b" and "/docs/a/c" share "/docs/a". */
function sharedFolder(paths: string[]): string {
  if (paths.length === 0) return '/';
  let shared = paths[0]!.split('/').filter(Boolean);
  for (const path of paths.slice(1)) {
    const parts = path.split('/').filter(Boolean);
    let length = 0;
    while (length < shared.length && length < parts.length && shared[length] === parts[length]) length += 1;
    shared = shared.slice(0, length);
  }
  return `/${shared.join('/')}`;
}

export interface NavDocsInputs {
  /** Every docs instance of the site: each plugin's versions, known by instance id. */
  instances: DocsInstance[];
  docs: DocSource[];
  sidebars: Record<string, SidebarItem[]>;
  /** By the doc's absolute path. */
  docSidebars: Map<string, DocSidebarInfo>;
  generatedIndexes: GeneratedIndex[];
  href: (path: string) => string;
  configFile: string;
}

/** The docs' and sidebars' navbar targets of a loaded site. */
export function navDocsOf({ instances, docs, sidebars, docSidebars, generatedIndexes, href, configFile }: NavDocsInputs): NavDocs {
  const pathByHref = new Map<string, string>([...docs.map((doc) => [href(doc.path), doc.path] as const), ...generatedIndexes.map((index) => [href(index.path), index.path] as const)]);
  const bases = new Map(instances.map((instance) => [instance.id, routeBaseOf(instance.options)]));
  /** `key`: the sidebar's key among the site's (sidebarKeyOf). */
  const targetOf = (key: string, pluginId: string): NavTarget | undefined => {
    const items = sidebars[key];
    const base = bases.get(pluginId);
    return items && base !== undefined ? sidebarTarget(items, base, (link) => pathByHref.get(link)) : undefined;
  };
  return {
    configFile,
    sidebar: (pluginId, sidebarId) => targetOf(sidebarKeyOf(pluginId, sidebarId), pluginId),
    doc: (pluginId, docId) => {
      const doc = docs.find((candidate) => candidate.instance === pluginId && candidate.id === docId);
      if (!doc) return undefined;
      const key = docSidebars.get(doc.absolutePath)?.sidebarId;
      const activeBasePath = key === undefined ? undefined : targetOf(key, pluginId)?.activeBasePath;
      // Docusaurus labels a doc item with the doc's id unless the item has a label.
      return { to: doc.path, label: doc.id, ...(activeBasePath && activeBasePath !== doc.path ? { activeBasePath } : {}) };
    },
  };
}

/** Where `/docs` leads: the first doc of the first sidebar, or the first doc. */
export function firstDocPath(sidebars: Record<string, SidebarItem[]>, docs: { id: string; path: string }[]): string | undefined {
  const first = (items: SidebarItem[]): string | undefined => {
    for (const item of items) {
      if (item.type === 'link' && item.docId) return item.docId;
      if (item.type === 'category') {
        const found = first(item.items);
        if (found) return found;
      }
    }
    return undefined;
  };
  const id = Object.values(sidebars).map(first).find(Boolean);
  return docs.find((doc) => doc.id === id)?.path ?? docs[0]?.path;
}


/**
 * The versions of each versioned docs plugin, for the version menu, the navbar's docs links and search: in the
 * menu's order (current first, then versions.json's), each with its URL prefix and first page.
 */
export function docsVersionsOf(instances: DocsInstance[], sidebars: Record<string, SidebarItem[]>, docs: DocSource[], href: (path: string) => string): NonNullable<NavDocs['versions']> {
  const byPlugin: NonNullable<NavDocs['versions']> = {};
  const versioned = instances.filter((instance) => instance.version).sort((a, b) => a.version!.order - b.version!.order);
  for (const instance of versioned) {
    const version = instance.version!;
    const entry = (byPlugin[instance.pluginId] ??= { lastVersion: '', versions: [], instanceIds: {} });
    if (version.isLast) entry.lastVersion = version.name;
    entry.instanceIds[version.name] = instance.id;
    const base = routeBaseOf(instance.options);
    const home = firstDocPath(sidebarsOfInstance(sidebars, instance.id), docs.filter((doc) => doc.instance === instance.id)) ?? base;
    entry.versions.push({ name: version.name, label: version.label, base: href(base), home: href(home) });
  }
  return byPlugin;
}
