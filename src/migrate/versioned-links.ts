import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDocsIndex, type DocsIndex } from './doc-targets';

// docsite builds the current docs folder (versions are not built yet), while a versioned Docusaurus site
// serves its last released version at the docs route. A navbar or footer link to a doc that only a
// released version has (`/docs/doc2/` in versioned_docs/version-1.0.0/) would be a broken link that fails
// `docsite build`: migrate leaves such links out and says which version they belong to.

/** The version that has the doc at `to`, when the current docs do not; undefined for any other link. */
export type VersionedOnlyLink = (to: string) => string | undefined;

function versionNames(siteDir: string): string[] {
  const file = join(siteDir, 'versions.json');
  if (!existsSync(file)) return [];
  try {
    const names: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

/** `docs/doc2/?x#y` -> `/docs/doc2`: a site path as the docs' routes are written. */
function routeOf(to: string): string {
  const path = to.replace(/[?#].*$/, '');
  return `/${path.replace(/^\/+|\/+$/g, '')}`;
}

export async function versionedOnlyLinks(siteDir: string, docs: Record<string, unknown> | undefined, current: DocsIndex | Error, lastVersion: string | undefined): Promise<VersionedOnlyLink> {
  const versions = versionNames(siteDir);
  if (!versions.length || current instanceof Error) return () => undefined;
  const currentRoutes = new Set(current.docs.map((doc) => doc.path));
  const base = routeOf(typeof docs?.routeBasePath === 'string' ? docs.routeBasePath : 'docs');
  const last = lastVersion && lastVersion !== 'current' ? lastVersion : versions[0];
  const owner = new Map<string, string>();
  for (const version of versions) {
    const folder = `versioned_docs/version-${version}`;
    if (!existsSync(join(siteDir, folder))) continue;
    const index = await loadDocsIndex(siteDir, { ...(docs ?? {}), path: folder });
    if (index instanceof Error) continue;
    for (const doc of index.docs) {
      // Docusaurus serves the last version at the docs route and the others under their name.
      const route = version === last ? doc.path : `${base === '/' ? '' : base}/${version}${doc.path.slice(base === '/' ? 0 : base.length)}`;
      if (!owner.has(route)) owner.set(route, version);
    }
  }
  return (to) => {
    if (/^[a-z][a-z\d+.-]*:/i.test(to)) return undefined;
    const route = routeOf(to);
    return currentRoutes.has(route) ? undefined : owner.get(route);
  };
}
