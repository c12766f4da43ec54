import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateConfig } from '../config/load';
import type { UserConfig } from '../config/schema';
import { DocsiteError } from '../core/errors';
import { isRecord } from '../shared/is-record';
import { selectContentPlugins } from './content-plugins';
import { mapDocsInstances, type MappedDocsInstance } from './docs-instances';
import { loadDocsIndex, resolveDocTargets, type DocTargets } from './doc-targets';
import { mapBlog, mapDocs, mapPages, mapSitemap } from './map-content';
import { mapSiteKeys } from './map-site';
import { mathWanted, noteKatexStylesheets } from './markdown-plugins';
import { leaveOutGeneratedPages, mapApi } from './openapi-plugins';
import { mapThemeConfig } from './map-theme-config';
import { planSidebars, type SidebarsPlan } from './sidebars';
import { versionedOnlyLinks } from './versioned-links';
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
  const { docs, sidebarsFile } = mapDocs(plugins.docs, siteDir, warnings);
  const blog = mapBlog(plugins.blog, siteDir, warnings);
  const pages = await mapPages(plugins.pages, siteDir, warnings);
  const sitemap = mapSitemap(plugins.sitemap, warnings);
  // The docs folder and route docsite will use (its defaults when the config leaves them out).
  const docsFolder = { path: typeof docs?.path === 'string' ? docs.path : 'docs', routeBasePath: typeof docs?.routeBasePath === 'string' ? docs.routeBasePath : 'docs' };
  const apiMapping = mapApi(plugins.api, docsFolder, siteDir, warnings);
  leaveOutGeneratedPages(docs, apiMapping, siteDir, warnings);
  const { api } = apiMapping;

  // The docs as docsite will read them: for converting sidebar refs and finding navbar targets.
  const index = await loadDocsIndex(siteDir, docs);
  const sidebars = sidebarsFile
    ? await planSidebars(siteDir, sidebarsFile, {
        docsPath: docsFolder.path,
        generatedDirs: apiMapping.generatedDirs,
        ...(api ? { apiRoute: `/${api.routeBasePath as string}` } : {}),
      })
    : undefined;
  if (docs && sidebars) docs.sidebarPath = sidebars.sidebarPath;
  const targets: DocTargets | Error = index instanceof Error ? index : await resolveDocTargets(siteDir, index, sidebars?.sidebars);

  const instances: MappedDocsInstance[] = await mapDocsInstances(plugins.docsInstances ?? [], typeof docs?.routeBasePath === 'string' ? docs.routeBasePath : 'docs', siteDir, warnings);

  // docsite builds the docs folder whenever it exists, so its category files matter even without a docs plugin.

  const routeBasePath = docsFolder.routeBasePath;
  const versions = docs?.versions as { current?: { label?: string } } | undefined;
  const themeConfig = isRecord(docusaurus.themeConfig)
    ? mapThemeConfig(
        docusaurus.themeConfig,
        {
          targets,
          docsBase: `/${routeBasePath.replace(/^\/+|\/+$/g, '')}`,
          versionLabel: versions?.current?.label ?? 'Next',
          ...(plugins.docsId ? { docsId: plugins.docsId } : {}),
          instances: new Map(instances.map((instance) => [instance.id, instance])),
          versionedOnly: await versionedOnlyLinks(siteDir, docs, index, plugins.docs && typeof plugins.docs.options.lastVersion === 'string' ? plugins.docs.options.lastVersion : undefined),
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
