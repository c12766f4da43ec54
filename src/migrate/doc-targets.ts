import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { validateConfig } from '../config/load';
import type { SiteConfig } from '../config/schema';
import { loadDocs, type DocSource } from '../content/docs';
import { loadSidebars } from '../content/sidebars';
import type { SidebarItem } from '../shared/types';
import type { SidebarsData } from './sidebars';

// Docusaurus navbar items name docs and sidebars (`{ type: 'doc', docId }`, `{ type: 'docSidebar',
// sidebarId }`); docsite's navbar takes paths. The paths come from docsite's own loaders, run on the
// migrated docs settings, so they are the routes `docsite build` will make.

export interface NavTarget {
  to: string;
  label: string;
  /** The path prefix under which the item is the active one, when it is wider than `to`. */
  activeBasePath?: string;
}

export interface DocTargets {
  doc(id: string): NavTarget | undefined;
  sidebar(id: string): NavTarget | undefined;
}

/** The docs of the site as docsite reads them with the migrated settings; the error when it cannot. */
export interface DocsIndex {
  config: SiteConfig;
  docs: DocSource[];
}

/** A config just for the loaders: only `docs` matters to them. */
function loaderConfig(docs: Record<string, unknown> | undefined): SiteConfig {
  return validateConfig({ title: 'migrate', url: 'https://migrate.invalid', ...(docs ? { docs } : {}) }, 'docsite.config.ts');
}

export async function loadDocsIndex(siteDir: string, docs: Record<string, unknown> | undefined): Promise<DocsIndex | Error> {
  try {
    const config = loaderConfig(docs ? { ...docs, sidebarPath: undefined } : undefined);
    const list = await loadDocs({ siteDir, config, includeDrafts: false });
    return { config, docs: list };
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

export async function resolveDocTargets(siteDir: string, index: DocsIndex, sidebars: SidebarsData | undefined): Promise<DocTargets | Error> {
  // docsite's sidebar loader reads a file: the (converted) sidebars go to a scratch file outside the site.
  const scratch = await mkdtemp(join(tmpdir(), 'docsite-migrate-'));
  try {
    const config = structuredClone(index.config);
    if (sidebars) {
      const file = join(scratch, 'sidebars.json');
      await writeFile(file, JSON.stringify(sidebars));
      config.docs.sidebarPath = relative(siteDir, file);
    }
    const loaded = await loadSidebars(siteDir, config, index.docs, (path) => path);
    const base = `/${config.docs.routeBasePath.replace(/^\/+|\/+$/g, '')}`;
    const sidebarTargets = new Map(Object.entries(loaded.sidebars).map(([id, items]) => [id, sidebarTarget(items, base)]));
    const byId = new Map(index.docs.map((doc) => [doc.id, doc]));
    return {
      sidebar: (id) => sidebarTargets.get(id),
      doc: (id) => {
        const doc = byId.get(id);
        if (!doc) return undefined;
        const sidebarId = loaded.byDoc.get(id)?.sidebarId;
        const activeBasePath = sidebarId ? sidebarTargets.get(sidebarId)?.activeBasePath : undefined;
        // Docusaurus labels a doc item with the doc's id unless the item has a label.
        return { to: doc.path, label: doc.id, ...(activeBasePath && activeBasePath !== doc.path ? { activeBasePath } : {}) };
      },
    };
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * A sidebar's navbar target, as Docusaurus makes it: its first doc or category page, labelled as in the
 * sidebar; active anywhere under the deepest folder all its docs share.
 */
function sidebarTarget(items: SidebarItem[], base: string): NavTarget | undefined {
  const first = firstPage(items);
  if (!first) return undefined;
  const shared = sharedFolder(docPaths(items));
  const activeBasePath = shared.length >= base.length ? shared : base;
  return { ...first, ...(activeBasePath !== first.to ? { activeBasePath } : {}) };
}

function firstPage(items: SidebarItem[]): NavTarget | undefined {
  for (const item of items) {
    if (item.type === 'category') {
      if (item.href && !item.linkUnlisted) return { to: item.href, label: item.label };
      const inside = firstPage(item.items);
      if (inside) return inside;
    } else if (item.docId && !item.unlisted) {
      return { to: item.href, label: item.label };
    }
  }
  return undefined;
}

function docPaths(items: SidebarItem[]): string[] {
  return items.flatMap((item) => (item.type === 'category' ? [...(item.href ? [item.href] : []), ...docPaths(item.items)] : item.docId ? [item.href] : []));
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
