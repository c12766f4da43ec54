import { ALL_VERSIONS, type VersionFilter } from '../../src/shared/search';
import { facetPluginOf, readerVersions, versionFilterOf } from '../../src/shared/search-versions';
import type { SiteData } from '../../src/shared/types';
import { preferredVersionKey } from '../../src/shared/versions';
import { withBase } from '../../src/shared/url';
import { readStorage } from '../lib/storage';

// The docs versions a search shows, for the search box and the search page: the version the reader reads of each
// versioned docs plugin, unless the facet chose another (or all). The search box loads this module with the
// engine, and only on a site with versioned docs: the others search everything, as they always did.

export interface SearchVersions {
  /** What the engine shows. */
  filter: VersionFilter;
  /** The facet: its plugin and the value it shows (a version name, or `ALL_VERSIONS`). */
  facet: { pluginId: string; value: string };
}

/**
 * `path`: the current route's (without the base URL); `choice`: the facet's value the reader picked (or the search
 * page's `version` parameter), null for the reader's version; `requestedPlugin`: the search page's `docs` parameter.
 * Undefined on a site without versioned docs. The stored preference is read on every call, so a version picked in
 * the version menu meanwhile counts.
 */
export function searchVersionsOf(site: SiteData, path: string, choice: string | null, requestedPlugin?: string | null): SearchVersions | undefined {
  const fullPath = withBase(site.baseUrl, path);
  const pluginId = facetPluginOf(site, fullPath, requestedPlugin);
  if (!pluginId) return undefined;
  const filter = versionFilterOf(site, readerVersions(site, fullPath, (id) => readStorage(preferredVersionKey(id))), pluginId, choice);
  return { filter, facet: { pluginId, value: filter === 'all' ? ALL_VERSIONS : filter[pluginId]! } };
}

/** The search page's parameters for the facet's state, so "See all results" opens on the same versions. */
export function facetParams(site: SiteData, facet: SearchVersions['facet']): string {
  const first = Object.keys(site.docsVersions ?? {})[0];
  return `&version=${encodeURIComponent(facet.value)}${facet.pluginId === first ? '' : `&docs=${encodeURIComponent(facet.pluginId)}`}`;
}
