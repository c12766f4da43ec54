import type { DocsInstancePlugin } from './content-plugins';
import { loadDocsIndex, resolveDocTargets, type DocTargets } from './doc-targets';
import { mapDocs } from './map-content';
import { CONVERTED_SIDEBARS_FILE, planSidebars, type SidebarsPlan } from './sidebars';
import type { WarningList } from './warnings';

// Docusaurus docs plugins beside the main docs -> docsite's `docsInstances`: each mapped as the main docs
// are (mapDocs), its sidebars file planned as the main one is, and its docs read to resolve navbar items
// that name it by `docsPluginId`.

export interface MappedDocsInstance {
  id: string;
  /** The entry of docsite's `docsInstances`. */
  config: Record<string, unknown>;
  /** Its sidebars file, when it has one. */
  sidebars?: SidebarsPlan;
  /** Routes of its docs and sidebars, for navbar items. */
  targets: DocTargets | Error;
  /** Its route base, e.g. "/community": where items point whose doc cannot be found. */
  docsBase: string;
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

export async function mapDocsInstances(plugins: DocsInstancePlugin[], siteDir: string, warnings: WarningList): Promise<MappedDocsInstance[]> {
  const mapped: MappedDocsInstance[] = [];
  for (const plugin of plugins) {
    const { docs = {}, sidebarsFile } = mapDocs(plugin, siteDir, warnings, plugin.id);
    let sidebars = sidebarsFile ? await planSidebars(siteDir, sidebarsFile) : undefined;
    if (sidebars?.converted) sidebars = { ...sidebars, sidebarPath: convertedSidebarsFile(plugin.id) };
    // docsite's defaults for an instance are its id; the loaders below read the options as `docs`, whose defaults are not.
    const options = { ...docs, path: docs.path ?? plugin.id, routeBasePath: docs.routeBasePath ?? plugin.id };
    const index = await loadDocsIndex(siteDir, options);
    const targets = index instanceof Error ? index : await resolveDocTargets(siteDir, index, sidebars?.sidebars);
    mapped.push({
      id: plugin.id,
      config: { id: plugin.id, ...withoutSidebarPath(docs), ...(sidebars ? { sidebarPath: sidebars.sidebarPath } : {}) },
      ...(sidebars ? { sidebars } : {}),
      targets,
      docsBase: `/${String(options.routeBasePath).replace(/^\/+|\/+$/g, '')}`,
    });
  }
  return mapped;
}
