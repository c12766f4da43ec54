import type { DocsVersionsData, DocsVersionSummary, SiteData } from './types';

// Which docs version a path is in, and the reader's preferred one: the version menu, the navbar's docs
// links and search all ask the same questions, so they share the answers.

/** The storage key of the version a reader picked in a docs plugin's version menu. */
export function preferredVersionKey(pluginId: string): string {
  return `docs-preferred-version-${pluginId}`;
}

/**
 * The version of a plugin whose pages a path (with the base URL) lies in: the one with the longest matching
 * URL prefix, since the last version's prefix (`/docs`) holds the others' (`/docs/next`).
 */
export function versionOfPath(versions: DocsVersionsData, path: string): DocsVersionSummary | undefined {
  let best: DocsVersionSummary | undefined;
  for (const version of versions.versions) {
    const base = version.base.replace(/\/$/, '');
    const inside = path === base || path.startsWith(`${base}/`) || base === '';
    if (inside && (!best || base.length > best.base.replace(/\/$/, '').length)) best = version;
  }
  return best;
}

/** The plugin and version a path is in, among every versioned plugin of the site. */
export function docsVersionOfPath(site: Pick<SiteData, 'docsVersions'>, path: string): { pluginId: string; version: DocsVersionSummary } | undefined {
  let found: { pluginId: string; version: DocsVersionSummary } | undefined;
  for (const [pluginId, versions] of Object.entries(site.docsVersions ?? {})) {
    const version = versionOfPath(versions, path);
    if (version && (!found || version.base.length > found.version.base.length)) found = { pluginId, version };
  }
  return found;
}
