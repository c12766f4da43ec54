import type { DocsInstancePlugin } from './content-plugins';
import { docsNavContext, type DocsNavContext } from './doc-targets';
import { mapDocs } from './map-content';
import { CONVERTED_SIDEBARS_FILE, planSidebars, type SidebarsPlan } from './sidebars';
import type { WarningList } from './warnings';

// Docusaurus docs plugins beside the main docs -> docsite's `docsInstances`: each mapped as the main docs
// are (mapDocs), its sidebars file planned as the main one is, and its docs (those of its last version when it
// has versions) read to resolve navbar items that name it by `docsPluginId`.

export interface MappedDocsInstance {
  id: string;
  /** The entry of docsite's `docsInstances`. */
  config: Record<string, unknown>;
  /** Its sidebars file, when it has one. */
  sidebars?: SidebarsPlan;
  /** What navbar items that name it by `docsPluginId` lead to. */
  nav: DocsNavContext;
}

/** The converted copy of an instance's sidebars file, beside the main one's (sidebars.docsite.ts). */
function convertedSidebarsFile(id: string): string {
  return CONVERTED_SIDEBARS_FILE.replace(/\.docsite\./, `.${id}.docsite.`);
}

/** mapDocs leaves `sidebarPath` in its place for the main docs' config; an instance's is set here or not at all. */
function withoutSidebarPath(docs: Record<string, unknown>): Record<string, unknown> {
  const { sidebarPath: _placeholder, ...rest } = docs;
  return rest;
}

/** "/docs" for "docs/", "/" for "". */
function routeBase(routeBasePath: string): string {
  return `/${routeBasePath.replace(/^\/+|\/+$/g, '')}`;
}

/** `mainRouteBasePath`: that of docsite's `docs`, which an instance's routes must not share. */
export async function mapDocsInstances(plugins: DocsInstancePlugin[], mainRouteBasePath: string, siteDir: string, warnings: WarningList): Promise<MappedDocsInstance[]> {
  const mapped: MappedDocsInstance[] = [];
  const taken = new Map([[routeBase(mainRouteBasePath), 'the main docs']]);
  for (const plugin of plugins) {
    const { docs = {}, sidebarsFile, versions } = await mapDocs(plugin, siteDir, warnings, { pluginId: plugin.id, docusaurusId: plugin.id });
    // Docusaurus reads a docs plugin without `path` from docs/ at /docs; docsite's instance defaults (the id) differ, so its own are written out.
    docs.path ??= 'docs';
    docs.routeBasePath ??= 'docs';
    const base = routeBase(String(docs.routeBasePath));
    const clash = taken.get(base);
    if (clash) {
      warnings.notCarried(`${plugin.where} (id '${plugin.id}')`, `its routes (${base}) are those of ${clash}: give it a routeBasePath of its own`);
      continue;
    }
    taken.set(base, `docs plugin '${plugin.id}'`);
    let sidebars = sidebarsFile ? await planSidebars(siteDir, sidebarsFile) : undefined;
    if (sidebars?.converted) sidebars = { ...sidebars, sidebarPath: convertedSidebarsFile(plugin.id) };
    const { context: nav } = await docsNavContext(siteDir, docs, sidebars?.sidebars, versions, { docsBase: base, pluginId: plugin.id });
    mapped.push({
      id: plugin.id,
      config: { id: plugin.id, path: docs.path, routeBasePath: docs.routeBasePath, ...withoutSidebarPath(docs), ...(sidebars ? { sidebarPath: sidebars.sidebarPath } : {}) },
      ...(sidebars ? { sidebars } : {}),
      nav,
    });
  }
  return mapped;
}
