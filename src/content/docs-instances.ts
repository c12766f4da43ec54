import { DEFAULT_DOCS_ID, type SiteConfig } from '../config/schema';

// A site's docs folders: `docs` (the instance Docusaurus calls "default") and each of `docsInstances`.
// Every loader and route family takes one instance at a time, so a second folder behaves as the first.

export type DocsOptions = SiteConfig['docs'];

export interface DocsInstance {
  /** "default" for `docs`, else the instance's own id. */
  id: string;
  options: DocsOptions;
}

export function defaultDocsInstance(config: SiteConfig): DocsInstance {
  return { id: DEFAULT_DOCS_ID, options: config.docs };
}

/** Every docs instance of the site, the main one first; an extra one's folder and URL prefix default to its id. */
export function docsInstancesOf(config: SiteConfig): DocsInstance[] {
  const extra = config.docsInstances.map(({ id, path, routeBasePath, ...rest }): DocsInstance => ({ id, options: { ...rest, path: path ?? id, routeBasePath: routeBasePath ?? id } }));
  return [defaultDocsInstance(config), ...extra];
}

/** "/docs" for routeBasePath "docs", "/" for "". */
export function routeBaseOf(options: DocsOptions): string {
  return `/${options.routeBasePath.replace(/^\/+|\/+$/g, '')}`;
}

/**
 * The key of an instance's sidebar among all the site's sidebars. The main docs keep their sidebar ids as
 * they are (pages built before instances existed stay byte-identical); another instance's are prefixed,
 * since two instances may each have a sidebar called "docs".
 */
export function sidebarKeyOf(instanceId: string, sidebarId: string): string {
  return instanceId === DEFAULT_DOCS_ID ? sidebarId : `${instanceId}:${sidebarId}`;
}

/** The sidebars of one instance among the site's (the main docs' are those without an instance prefix). */
export function sidebarsOfInstance<T>(sidebars: Record<string, T>, instanceId: string): Record<string, T> {
  const prefix = `${instanceId}:`;
  return Object.fromEntries(
    Object.entries(sidebars).filter(([key]) => (instanceId === DEFAULT_DOCS_ID ? !/^[a-zA-Z0-9_-]+:/.test(key) : key.startsWith(prefix))),
  );
}
