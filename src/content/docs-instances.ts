import { DEFAULT_DOCS_ID, type SiteConfig } from '../config/schema';
import { translationsDirOf } from '../config/locales';
import { CURRENT_VERSION, readVersionNames, versionFilesOf, versionsOf, type DocsVersion } from './docs-versions';
import { readTranslationMessages } from './theme-translations';

// A site's docs folders: `docs` (the plugin Docusaurus calls "default") and each of `docsInstances`, and of
// each the versions it builds. Every loader and route family takes one instance at a time, so a version, a
// second folder and the main docs all behave alike.

export type DocsOptions = SiteConfig['docs'];

export interface DocsInstance {
  /**
   * Unique among the site's instances: the plugin's id ("default" for `docs`) for its last version (the one
   * at the plugin's own URL prefix, which navbar items and sidebar ids name without more), else
   * `<plugin id>@<version name>`.
   */
  id: string;
  /** The docs plugin: "default" for `docs`, else its `docsInstances` id. */
  pluginId: string;
  /** The plugin's options, with the version's folder, URL prefix and sidebars file. */
  options: DocsOptions;
  /** The version, when the plugin has versions (versions.json). */
  version?: DocsVersion;
  /** The folder of this version's translations in the locale being built, relative to the site folder. */
  translationsPath?: string;
  /**
   * The messages of the version's translation file (`<translationsPath>.json`, e.g. `current.json`): its label
   * (`version.label`) and its sidebars' (`sidebar.<id>.category.<label>`, `sidebar.<id>.link.<label>`, `sidebar.<id>.doc.<label>`).
   */
  translations?: Record<string, string>;
}

export function defaultDocsInstance(config: SiteConfig): DocsInstance {
  return { id: DEFAULT_DOCS_ID, pluginId: DEFAULT_DOCS_ID, options: config.docs };
}

/** Every docs plugin of the site, the main one first; an extra one's folder and URL prefix default to its id. */
export function docsInstancesOf(config: SiteConfig): DocsInstance[] {
  const extra = config.docsInstances.map(({ id, path, routeBasePath, ...rest }): DocsInstance => ({ id, pluginId: id, options: { ...rest, path: path ?? id, routeBasePath: routeBasePath ?? id } }));
  return [defaultDocsInstance(config), ...extra];
}

/**
 * Every docs instance the build makes pages of: each plugin's versions, its last version first (so the main
 * docs' last version comes first of all), read from the plugins' versions.json files.
 */
export async function versionedDocsInstancesOf(siteDir: string, config: SiteConfig, configFile: string): Promise<DocsInstance[]> {
  const translations = translationsDirOf(config);
  const plugins = await Promise.all(
    docsInstancesOf(config).map(async (plugin, index): Promise<DocsInstance[]> => {
      const released = plugin.options.disableVersioning ? [] : await readVersionNames(siteDir, plugin.pluginId);
      const key = plugin.pluginId === DEFAULT_DOCS_ID ? 'docs' : `docsInstances[${index - 1}]`;
      const versions = versionsOf(plugin.options, released, versionFilesOf(plugin.pluginId), siteDir, { configFile, key });
      const ordered = [...versions.filter((version) => version.isLast), ...versions.filter((version) => !version.isLast)];
      return Promise.all(
        ordered.map(async (version): Promise<DocsInstance> => {
          const translationsPath = translations
            ? `${translations}/docusaurus-plugin-content-docs${plugin.pluginId === DEFAULT_DOCS_ID ? '' : `-${plugin.pluginId}`}/${version.name === CURRENT_VERSION ? CURRENT_VERSION : `version-${version.name}`}`
            : undefined;
          const messages = translationsPath ? await readTranslationMessages(siteDir, `${translationsPath}.json`) : {};
          const label = messages['version.label'];
          return {
            id: version.isLast ? plugin.pluginId : `${plugin.pluginId}@${version.name}`,
            pluginId: plugin.pluginId,
            options: { ...plugin.options, path: version.path, routeBasePath: version.routeBasePath, sidebarPath: version.sidebarPath },
            ...(released.length && !plugin.options.disableVersioning ? { version: label ? { ...version, label } : version } : {}),
            ...(translationsPath ? { translationsPath, translations: messages } : {}),
          };
        }),
      );
    }),
  );
  return plugins.flat();
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
    Object.entries(sidebars).filter(([key]) => (instanceId === DEFAULT_DOCS_ID ? !/^[a-zA-Z0-9_-]+(@[^:]+)?:/.test(key) : key.startsWith(prefix))),
  );
}
