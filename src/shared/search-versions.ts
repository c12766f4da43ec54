import { ALL_VERSIONS, showsVersion, type SearchVersion, type VersionFilter } from './search';
import type { SiteData } from './types';
import { docsVersionOfPath } from './versions';

// Which docs versions search shows. A reader of the 1.0 docs wants 1.0's pages, not three copies of every page,
// one per version: search shows one version of each versioned docs plugin (the one the reader reads) and every
// page outside versioned docs (blog posts, other pages, unversioned docs). The facet of the results changes the
// version, or shows them all.

/**
 * The version a reader reads of each versioned docs plugin: the current page's (`path` with the base URL), else the
 * one they picked in the version menu while the site still has it (`preferred`: the stored name), else the last.
 */
export function readerVersions(site: Pick<SiteData, 'docsVersions'>, path: string, preferred: (pluginId: string) => string | null): Record<string, string> {
  const current = docsVersionOfPath(site, path);
  const versions: Record<string, string> = {};
  for (const [pluginId, data] of Object.entries(site.docsVersions ?? {})) {
    const picked = preferred(pluginId);
    if (current?.pluginId === pluginId) versions[pluginId] = current.version.name;
    else if (picked !== null && data.versions.some((version) => version.name === picked)) versions[pluginId] = picked;
    else versions[pluginId] = data.lastVersion;
  }
  return versions;
}

/**
 * The plugin whose versions the facet offers: the current page's, else `requested` (the search page's `docs`
 * parameter) when it has versions, else the first versioned plugin. None on a site without versioned docs.
 */
export function facetPluginOf(site: Pick<SiteData, 'docsVersions'>, path: string, requested?: string | null): string | undefined {
  const versions = site.docsVersions ?? {};
  const current = docsVersionOfPath(site, path)?.pluginId;
  if (current) return current;
  if (requested && versions[requested]) return requested;
  return Object.keys(versions)[0];
}

/**
 * The filter for the facet's choice: `ALL_VERSIONS`, a version of the facet's plugin, or none (or a name the plugin
 * does not have, from an old link): the reader's versions.
 */
export function versionFilterOf(site: Pick<SiteData, 'docsVersions'>, reader: Readonly<Record<string, string>>, pluginId: string | undefined, choice: string | null | undefined): VersionFilter {
  if (choice === ALL_VERSIONS) return 'all';
  const known = pluginId !== undefined && site.docsVersions?.[pluginId]?.versions.some((version) => version.name === choice);
  return known ? { ...reader, [pluginId]: choice! } : reader;
}

/** The hits a filter shows, in their order. */
export function visibleHits<T extends { version?: SearchVersion | undefined }>(hits: readonly T[], filter: VersionFilter): T[] {
  return hits.filter((hit) => showsVersion(filter, hit.version));
}
