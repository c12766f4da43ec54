import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { DEFAULT_DOCS_ID, type SiteConfig } from '../config/schema';
import { DocsiteError } from '../core/errors';

// The versions of one docs plugin, laid out as Docusaurus lays them out: versions.json lists the released
// versions newest first; versioned_docs/version-<name>/ holds each one's docs and
// versioned_sidebars/version-<name>-sidebars.json its sidebars. "current" is the docs folder itself.
// A docs instance other than the main one prefixes each of these names with `<id>_`.

export { CURRENT_VERSION } from '../config/schema';
import { CURRENT_VERSION } from '../config/schema';

type DocsOptions = SiteConfig['docs'];

/** Where a docs plugin's versions live, relative to the site folder. */
export interface VersionFiles {
  versionsFile: string;
  docsDir(name: string): string;
  sidebarsFile(name: string): string;
}

export function versionFilesOf(pluginId: string): VersionFiles {
  const prefix = pluginId === DEFAULT_DOCS_ID ? '' : `${pluginId}_`;
  return {
    versionsFile: `${prefix}versions.json`,
    docsDir: (name) => `${prefix}versioned_docs/version-${name}`,
    sidebarsFile: (name) => `${prefix}versioned_sidebars/version-${name}-sidebars.json`,
  };
}

/** A name versions.json may hold: it becomes a folder name and a URL segment. */
export function checkVersionName(name: string): string | undefined {
  if (!name.trim()) return 'a version name cannot be empty';
  if (name === CURRENT_VERSION) return `"${CURRENT_VERSION}" names the docs folder itself: pick another name`;
  if (name.length > 64) return 'a version name is at most 64 characters';
  if (/[\\/:*?"<>|#%]/.test(name) || name === '.' || name === '..') return `"${name}" cannot be a folder name and a URL segment: leave out \\ / : * ? " < > | # %`;
  return undefined;
}

/** The released versions, newest first, from the plugin's versions.json; none when it has no such file. */
export async function readVersionNames(siteDir: string, pluginId: string): Promise<string[]> {
  const file = versionFilesOf(pluginId).versionsFile;
  const path = join(siteDir, file);
  if (!existsSync(path)) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new DocsiteError(`${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`, { file });
  }
  if (!Array.isArray(parsed) || !parsed.every((name) => typeof name === 'string')) {
    throw new DocsiteError(`${file} must be a list of version names, newest first (e.g. ["2.0", "1.0"])`, { file });
  }
  const seen = new Set<string>();
  for (const name of parsed as string[]) {
    const problem = checkVersionName(name);
    if (problem) throw new DocsiteError(`${file}: ${problem}`, { file });
    if (seen.has(name)) throw new DocsiteError(`${file} lists "${name}" twice`, { file });
    seen.add(name);
  }
  return parsed as string[];
}

/** One version of a docs plugin, with every default filled. */
export interface DocsVersion {
  /** `current` or a name of versions.json. */
  name: string;
  label: string;
  /** The version's folder of docs, relative to the site folder. */
  path: string;
  /** Its URL prefix: the plugin's own for the last version, `<routeBasePath>/<version path>` for the others. */
  routeBasePath: string;
  /** Its sidebars file, relative to the site folder; unset: one sidebar generated from its folder. */
  sidebarPath: string | false | undefined;
  banner: 'none' | 'unreleased' | 'unmaintained';
  badge: boolean;
  noIndex: boolean;
  isLast: boolean;
  /** Its place in the version menu: current first, then versions.json's order. */
  order: number;
}

/**
 * The versions a plugin builds, in the version menu's order (current first, then versions.json's). A plugin
 * without versions.json (or with `disableVersioning`) has one version, `current`, at its own URL prefix.
 * `configFile` and `where` place errors about the options.
 */
export function versionsOf(options: DocsOptions, released: string[], files: VersionFiles, siteDir: string, where: { configFile: string; key: string }): DocsVersion[] {
  const versioned = !options.disableVersioning && released.length > 0;
  const all = versioned ? [...(options.includeCurrentVersion ? [CURRENT_VERSION] : []), ...released] : [CURRENT_VERSION];
  const fail = (message: string) => new DocsiteError(`${where.key}.${message}`, { file: where.configFile });
  if (!all.length) throw fail('includeCurrentVersion is false and versions.json lists no version: there is nothing to build');
  const known = new Set(all);
  for (const name of Object.keys(options.versions)) {
    if (!known.has(name) && versioned) throw fail(`versions names "${name}", which is neither "current" nor in ${files.versionsFile} (${[...known].join(', ')})`);
  }
  let included = all;
  if (options.onlyIncludeVersions) {
    for (const name of options.onlyIncludeVersions) {
      if (!known.has(name)) throw fail(`onlyIncludeVersions names "${name}", which is neither "current" nor in ${files.versionsFile} (${[...known].join(', ')})`);
    }
    included = all.filter((name) => options.onlyIncludeVersions!.includes(name));
    if (!included.length) throw fail('onlyIncludeVersions is empty: name at least one version');
  }
  const lastVersion = options.lastVersion ?? included.find((name) => name !== CURRENT_VERSION) ?? CURRENT_VERSION;
  if (!known.has(lastVersion)) throw fail(`lastVersion is "${lastVersion}", which is neither "current" nor in ${files.versionsFile} (${[...known].join(', ')})`);
  if (!included.includes(lastVersion)) throw fail(`lastVersion "${lastVersion}" is left out by onlyIncludeVersions: include it, or set lastVersion to one it includes`);
  const lastIndex = all.indexOf(lastVersion);
  const base = options.routeBasePath.replace(/^\/+|\/+$/g, '');
  return included.map((name, order): DocsVersion => {
    const own = options.versions[name] ?? {};
    const isLast = name === lastVersion;
    const segment = (own.path ?? (isLast ? '' : name === CURRENT_VERSION ? 'next' : name)).replace(/^\/+|\/+$/g, '');
    const current = name === CURRENT_VERSION;
    const sidebarsFile = files.sidebarsFile(name);
    return {
      name,
      label: own.label ?? (current ? 'Next' : name),
      path: current ? options.path : files.docsDir(name),
      routeBasePath: posix.join(base || '/', segment).replace(/^\/+|\/+$/g, ''),
      sidebarPath: current ? options.sidebarPath : existsSync(join(siteDir, sidebarsFile)) ? sidebarsFile : undefined,
      banner: own.banner ?? (isLast || !versioned ? 'none' : all.indexOf(name) < lastIndex ? 'unreleased' : 'unmaintained'),
      // A site without versions has always shown its one version's label (`Version: Next`).
      badge: own.badge ?? true,
      noIndex: own.noIndex,
      isLast,
      order,
    };
  });
}
