// The options the expected figures need that only the Docusaurus config knows: each docs plugin's versions
// options and the site's locales. expected.mjs does not evaluate Docusaurus configs; `docsite migrate` does,
// and writes what it read into docsite.config.ts, so that file is read here, after migrating, with
// docsite's own config loader (src/config/load.ts: the same validation and defaults `docsite build` gets).
//
// dist/ exports only defineConfig (dist/index.js) and the CLI, which runs on import, so the loader is
// imported from the sources through tsx, as scripts/docs-config.ts imports the config reference. The config
// folder imports nothing from the later stages, so this reads the config the way dist/cli.js does.
import { fileURLToPath } from 'node:url';

const LOADER = fileURLToPath(new URL('../../src/config/load.ts', import.meta.url));

let loaderModule;

async function loader() {
  if (!loaderModule) {
    const { tsImport } = await import('tsx/esm/api');
    loaderModule = await tsImport(LOADER, import.meta.url);
  }
  return loaderModule;
}

/** The main docs' plugin id, as Docusaurus (and docsite's config) names it. */
const DEFAULT_DOCS_ID = 'default';

/**
 * The migrated site's docs plugins (id, folder and versions options) and locales, read from its docsite
 * config; { error } when the config cannot be loaded (the migrate failed, or the config does not validate).
 */
export async function readSiteOptions(siteDir) {
  let config;
  try {
    ({ config } = await (await loader()).loadConfig(siteDir));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { error: message.split('\n')[0] };
  }
  const versionsOptions = (options) => ({
    includeCurrentVersion: options.includeCurrentVersion,
    disableVersioning: options.disableVersioning,
    ...(options.onlyIncludeVersions ? { onlyIncludeVersions: options.onlyIncludeVersions } : {}),
    ...(options.lastVersion ? { lastVersion: options.lastVersion } : {}),
  });
  const docsPlugins = [
    { id: DEFAULT_DOCS_ID, path: config.docs.path, ...versionsOptions(config.docs) },
    // An extra instance's folder defaults to its id (src/content/docs-instances.ts).
    ...config.docsInstances.map((instance) => ({ id: instance.id, path: instance.path ?? instance.id, ...versionsOptions(instance) })),
  ];
  const { defaultLocale, locales } = config.i18n;
  return { docsPlugins, defaultLocale, locales: [defaultLocale, ...locales.filter((locale) => locale !== defaultLocale)] };
}
