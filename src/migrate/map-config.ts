import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateConfig } from '../config/load';
import { DEFAULT_DOCS_ID, type UserConfig } from '../config/schema';
import { DocsiteError } from '../core/errors';
import { isRecord } from '../shared/is-record';
import { selectContentPlugins, type ContentPlugin } from './content-plugins';
import { mapDocsInstances, type MappedDocsInstance } from './docs-instances';
import { docsNavContext } from './doc-targets';
import { mapBlog, mapDocs, mapPages, mapSitemap } from './map-content';
import { mapRedirects } from './redirects';
import { mapSiteKeys } from './map-site';
import { mathWanted, noteKatexStylesheets } from './markdown-plugins';
import { leaveOutGeneratedPages, mapApi } from './openapi-plugins';
import { mapThemeConfig } from './map-theme-config';
import { planSidebars, type SidebarsPlan } from './sidebars';
import { WarningList, type MigrationWarning } from './warnings';

// A Docusaurus config (already evaluated) -> a docsite config, the sidebars plan and the notes on what
// did not carry over. The result is checked with docsite's own validation: a config that fails it is a
// bug in this mapping, never the user's to fix.

export interface MigrateInput {
  siteDir: string;
  /** File name of the Docusaurus config, for notes. */
  configName: string;
}

export interface Migration {
  /** The docsite config, keys in the order they are written. */
  config: UserConfig;
  /** Set when the Docusaurus config points at a sidebars file. */
  sidebars?: SidebarsPlan;
  /** The sidebars files of the other docs instances that have one. */
  instanceSidebars?: SidebarsPlan[];
  warnings: MigrationWarning[];
}

export async function migrateConfig(docusaurus: Record<string, unknown>, { siteDir, configName }: MigrateInput): Promise<Migration> {
  const warnings = new WarningList(configName, readSource(siteDir, configName));
  requireKey(docusaurus, 'title', configName);
  requireKey(docusaurus, 'url', configName);

  const site = mapSiteKeys(docusaurus, siteDir, warnings);
  const plugins = selectContentPlugins(docusaurus, siteDir, warnings);
  const { docs, sidebarsFile, versions } = await mapDocs(plugins.docs, siteDir, warnings, { pluginId: DEFAULT_DOCS_ID, docusaurusId: plugins.docsId ?? DEFAULT_DOCS_ID });
  const blog = mapBlog(plugins.blog, siteDir, warnings);
  const pages = await mapPages(plugins.pages, siteDir, warnings);
  const sitemap = mapSitemap(plugins.sitemap, warnings);
  const redirects = mapRedirects(plugins.redirects, warnings);
  // The docs folder and route docsite will use (its defaults when the config leaves them out).
  const docsFolder = { path: typeof docs?.path === 'string' ? docs.path : 'docs', routeBasePath: typeof docs?.routeBasePath === 'string' ? docs.routeBasePath : 'docs' };
  const apiMapping = mapApi(plugins.api, docsFolder, siteDir, warnings);
  leaveOutGeneratedPages(docs, apiMapping, siteDir, warnings);
  const { api } = apiMapping;

  const sidebars = sidebarsFile
    ? await planSidebars(siteDir, sidebarsFile, {
        docsPath: docsFolder.path,
        generatedDirs: apiMapping.generatedDirs,
        ...(api ? { apiRoute: `/${api.routeBasePath as string}` } : {}),
      })
    : undefined;
  if (docs && sidebars) docs.sidebarPath = sidebars.sidebarPath;
  // docsite builds the docs folder whenever it exists, so its navbar targets matter even without a docs plugin.
  const { context: docsNav } = await docsNavContext(siteDir, docs, sidebars?.sidebars, versions, { docsBase: `/${docsFolder.routeBasePath.replace(/^\/+|\/+$/g, '')}` });

  const instances: MappedDocsInstance[] = await mapDocsInstances(plugins.docsInstances ?? [], docsFolder.routeBasePath, siteDir, warnings);
  noteTranslatedEditLinks(plugins.docs, docs, site.i18n, siteDir, warnings);

  const themeConfig = isRecord(docusaurus.themeConfig)
    ? mapThemeConfig(
        docusaurus.themeConfig,
        {
          ...docsNav,
          ...(plugins.docsId ? { docsId: plugins.docsId } : {}),
          instances: new Map(instances.map((instance) => [instance.id, instance.nav])),
        },
        warnings,
      )
    : undefined;

  if (mathWanted(warnings)) noteKatexStylesheets(docusaurus.stylesheets, warnings);
  const config = {
    ...site,
    ...(docs ? { docs } : {}),
    ...(instances.length ? { docsInstances: instances.map((instance) => instance.config) } : {}),
    ...(blog ? { blog } : {}),
    ...(pages ? { pages } : {}),
    ...(sitemap ? { sitemap } : {}),
    ...(redirects ? { redirects } : {}),
    ...(mathWanted(warnings) ? { markdown: { math: true } } : {}),
    ...(api ? { api } : {}),
    ...(plugins.customCss ? { customCss: plugins.customCss } : {}),
    ...(themeConfig ? { themeConfig } : {}),
  };
  try {
    validateConfig(config, 'docsite.config.ts');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new DocsiteError(`docsite migrate produced a config that docsite rejects (${message}); this is a bug in docsite migrate, please report it with your ${configName}`, { file: configName }, { cause: error });
  }
  const instanceSidebars = instances.flatMap((instance) => (instance.sidebars ? [instance.sidebars] : []));
  return {
    config: config as UserConfig,
    ...(sidebars ? { sidebars } : {}),
    ...(instanceSidebars.length ? { instanceSidebars } : {}),
    warnings: [...warnings.items, ...[sidebars, ...instanceSidebars].flatMap((plan) => plan?.warnings.items ?? [])],
  };
}

/**
 * docsite's edit link of a translated doc leads to its translation (i18n/<locale>/...), as Docusaurus's does
 * with `editLocalizedFiles: true`; without it, Docusaurus led to the default locale's file.
 */
function noteTranslatedEditLinks(plugin: ContentPlugin | false | undefined, docs: Record<string, unknown> | undefined, i18n: unknown, siteDir: string, warnings: WarningList): void {
  if (!plugin || typeof docs?.editUrl !== 'string' || plugin.options.editLocalizedFiles === true || !isRecord(i18n) || !Array.isArray(i18n.locales)) return;
  const configs = isRecord(i18n.localeConfigs) ? i18n.localeConfigs : {};
  // Only pages built from a translation differ: a locale without translated docs has none.
  const translated = i18n.locales.some((locale) => {
    const own = configs[String(locale)];
    const folder = isRecord(own) && typeof own.path === 'string' ? own.path : String(locale);
    return locale !== i18n.defaultLocale && existsSync(join(siteDir, 'i18n', folder, 'docusaurus-plugin-content-docs'));
  });
  if (!translated) return;
  warnings.add(
    `${plugin.where}.editUrl: on translated pages, docsite's edit links lead to the translation's file, as Docusaurus's do with editLocalizedFiles: true (without it, they led to the default locale's file)`,
    `${plugin.where}.editUrl`,
  );
}

/** The config's text, to place notes at their keys; undefined when it is not a file (tests pass the object). */
function readSource(siteDir: string, configName: string): string | undefined {
  const file = join(siteDir, configName);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/** title and url are required by both tools: without them there is nothing to write. */
function requireKey(config: Record<string, unknown>, key: 'title' | 'url', file: string): void {
  const value = config[key];
  if (typeof value === 'string' && value !== '' && (key !== 'url' || URL.canParse(value))) return;
  throw new DocsiteError(`${key} ${value === undefined ? 'is missing' : `(${JSON.stringify(value)}) is not ${key === 'url' ? 'a URL' : 'a title'}`}: docsite needs the site's ${key === 'url' ? 'production URL' : 'title'}`, { file });
}
