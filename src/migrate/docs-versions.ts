import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_DOCS_ID } from '../config/schema';
import { CURRENT_VERSION, readVersionNames, versionFilesOf, type VersionFiles } from '../content/docs-versions';
import { isRecord } from '../shared/is-record';
import { aBoolean, aString, carry, oneOf } from './carry';
import { planSidebars, type SidebarsData } from './sidebars';
import type { WarningList } from './warnings';

// A docs plugin's versions. docsite reads versions.json, versioned_docs/ and versioned_sidebars/ where
// Docusaurus keeps them (migrate writes its config beside them, so they stay where they are); what is carried
// here are the plugin's version options. docsite's build stops on a version name its files do not have, as
// Docusaurus does; such an option is left out with a note instead, so the migrated site builds. The names are
// read with docsite's own reader, so migrate and the build agree on what versions.json holds.

/** The version at the docs' own route (`/docs`): where navbar items that name a doc or a sidebar lead. */
export interface LastVersion {
  name: string;
  /** The label the version menu and its pages show. */
  label: string;
  /** Site-relative folder of its docs. */
  docsPath: string;
  /** Its sidebars as docsite reads them; unset: the current docs' sidebars file, or none. */
  sidebars?: SidebarsData;
}

export interface VersionsMapping {
  /** Set when docsite builds versions of these docs (versions.json lists some and versioning is on). */
  last?: LastVersion;
}

const VERSION_KEYS = ['label', 'path', 'banner', 'badge', 'noIndex'];

/**
 * Carries `versions`, `lastVersion`, `onlyIncludeVersions`, `includeCurrentVersion` and `disableVersioning`
 * into `docs`. `pluginId` is docsite's id of the docs (`default` for the main ones), which names their files;
 * `docusaurusId` the plugin's id in the Docusaurus config, which named them there.
 */
export async function mapDocsVersions(
  options: Record<string, unknown>,
  docs: Record<string, unknown>,
  where: string,
  siteDir: string,
  ids: { pluginId: string; docusaurusId: string },
  warnings: WarningList,
): Promise<VersionsMapping> {
  const files = versionFilesOf(ids.pluginId);
  noteRenamedFiles(ids, siteDir, warnings);
  let released: string[] = [];
  try {
    released = await readVersionNames(siteDir, ids.pluginId);
  } catch (error) {
    // docsite's build stops on the same file, and so does Docusaurus's.
    warnings.add(`${files.versionsFile} cannot be read (${(error as Error).message}): docsite builds no versions until it lists version names, newest first`, `${where}versions`);
  }

  const disabled = carry(options, docs, 'disableVersioning', aBoolean, where, warnings) && docs.disableVersioning === true;
  if (disabled) released = [];
  const versioned = released.length > 0;
  if (options.includeCurrentVersion === false && !versioned) {
    warnings.notCarried(`${where}includeCurrentVersion false`, `without versions in ${files.versionsFile}, the docs folder is all there is to build`);
  } else {
    carry(options, docs, 'includeCurrentVersion', aBoolean, where, warnings);
  }
  // The versions docsite would build, as its build works them out: current (unless left out), then versions.json's.
  const all = versioned ? [...(docs.includeCurrentVersion === false ? [] : [CURRENT_VERSION]), ...released] : [CURRENT_VERSION];
  const unknown = (name: string): string => {
    if (name === CURRENT_VERSION) return 'includeCurrentVersion is false, so the docs folder is not built';
    if (disabled) return 'disableVersioning is true, so the docs folder is all there is';
    return versioned ? `${files.versionsFile} has no version '${name}'` : `the docs have no versions (${files.versionsFile})`;
  };

  mapVersionOptions(options.versions, docs, where, (name) => (name === CURRENT_VERSION || released.includes(name) ? undefined : unknown(name)), warnings);

  if (options.lastVersion !== undefined) {
    const name = options.lastVersion;
    if (typeof name !== 'string') warnings.notCarried(`${where}lastVersion`, 'docsite takes a version name');
    else if (!all.includes(name)) warnings.notCarried(`${where}lastVersion '${name}'`, unknown(name));
    else docs.lastVersion = name;
  }

  if (options.onlyIncludeVersions !== undefined) {
    const names = options.onlyIncludeVersions;
    const strange = Array.isArray(names) ? names.filter((name) => typeof name !== 'string' || !all.includes(name)) : [];
    if (!Array.isArray(names) || names.length === 0) warnings.notCarried(`${where}onlyIncludeVersions`, 'docsite takes a list of one version name or more');
    else if (strange.length) warnings.notCarried(`${where}onlyIncludeVersions`, strange.map((name) => (typeof name === 'string' ? unknown(name) : `${JSON.stringify(name)} is not a version name`)).join('; '));
    else if (typeof docs.lastVersion === 'string' && !names.includes(docs.lastVersion)) warnings.notCarried(`${where}onlyIncludeVersions`, `it leaves out lastVersion '${docs.lastVersion}', which both tools refuse`);
    else docs.onlyIncludeVersions = names;
  }

  if (!versioned) return {};
  const included = all.filter((name) => !Array.isArray(docs.onlyIncludeVersions) || (docs.onlyIncludeVersions as string[]).includes(name));
  await checkVersionFiles(included, files, siteDir, where, warnings);
  const lastName = (docs.lastVersion as string | undefined) ?? included.find((name) => name !== CURRENT_VERSION) ?? CURRENT_VERSION;
  const own = isRecord(docs.versions) && isRecord(docs.versions[lastName]) ? docs.versions[lastName] : {};
  const label = typeof own.label === 'string' ? own.label : lastName === CURRENT_VERSION ? 'Next' : lastName;
  if (lastName === CURRENT_VERSION) return { last: { name: lastName, label, docsPath: typeof docs.path === 'string' ? docs.path : 'docs' } };
  const sidebarsFile = files.sidebarsFile(lastName);
  const sidebars = existsSync(join(siteDir, sidebarsFile)) ? await readSidebars(siteDir, sidebarsFile) : undefined;
  return { last: { name: lastName, label, docsPath: files.docsDir(lastName), ...(sidebars ? { sidebars } : {}) } };
}

/** `versions`: each version's options, those of versions the docs do not have left out (`problem` says why). */
function mapVersionOptions(value: unknown, docs: Record<string, unknown>, where: string, problem: (name: string) => string | undefined, warnings: WarningList): void {
  if (value === undefined) return;
  if (!isRecord(value)) {
    warnings.notCarried(`${where}versions`, 'docsite takes an object of version options by version name');
    return;
  }
  const versions: Record<string, Record<string, unknown>> = {};
  for (const [name, raw] of Object.entries(value)) {
    const prefix = `${where}versions.${name}.`;
    const why = problem(name);
    if (why) {
      warnings.notCarried(`${where}versions.${name}`, why);
      continue;
    }
    if (!isRecord(raw)) {
      warnings.notCarried(`${where}versions.${name}`, "docsite takes an object of the version's options");
      continue;
    }
    const version: Record<string, unknown> = {};
    carry(raw, version, 'label', aString, prefix, warnings);
    carry(raw, version, 'path', aString, prefix, warnings);
    carry(raw, version, 'banner', oneOf('none', 'unreleased', 'unmaintained'), prefix, warnings);
    carry(raw, version, 'badge', aBoolean, prefix, warnings);
    carry(raw, version, 'noIndex', aBoolean, prefix, warnings);
    warnings.unhandledKeys(raw, VERSION_KEYS, prefix, { className: "docsite styles a version's pages itself" });
    if (Object.keys(version).length) versions[name] = version;
  }
  if (Object.keys(versions).length) docs.versions = versions;
}

/**
 * The folders of the versions docsite builds: a version without its docs folder stops the build (Docusaurus's
 * too; some sites make the folder in a build script), and a sidebars file with items docsite cannot read as
 * they are would too. Neither file is migrate's to change, so each is a note.
 */
async function checkVersionFiles(names: string[], files: VersionFiles, siteDir: string, where: string, warnings: WarningList): Promise<void> {
  for (const name of names) {
    if (name === CURRENT_VERSION) continue;
    const folder = files.docsDir(name);
    if (!existsSync(join(siteDir, folder))) {
      warnings.add(`${files.versionsFile} lists version '${name}', whose docs folder ${folder}/ does not exist: docsite build stops on it, as Docusaurus does; make the folder (a build script may copy it) or take the version out of ${files.versionsFile}`, `${where}versions`);
      continue;
    }
    const sidebarsFile = files.sidebarsFile(name);
    if (!existsSync(join(siteDir, sidebarsFile))) continue;
    const plan = await planSidebars(siteDir, sidebarsFile).catch((error: unknown) => error as Error);
    if (plan instanceof Error) warnings.add(`${sidebarsFile} cannot be read (${plan.message.split('\n')[0]}): docsite build stops on it`, `${where}versions`);
    else if (plan.converted) {
      warnings.add(`${sidebarsFile} holds sidebar items docsite cannot read as they are, and docsite reads this file itself: ${plan.warnings.items.map((item) => item.message).join('; ')}; write them as docsite's sidebars take them`, `${where}versions`);
    }
  }
}

async function readSidebars(siteDir: string, file: string): Promise<SidebarsData | undefined> {
  try {
    return (await planSidebars(siteDir, file)).sidebars;
  } catch {
    // Already noted by checkVersionFiles; the navbar then links as if the version had no sidebars file.
    return undefined;
  }
}

/**
 * Docusaurus names a docs plugin's version and translation files by its id; docsite names the main docs'
 * without one (versions.json, i18n/<locale>/docusaurus-plugin-content-docs/). Main docs with an id of their own
 * had theirs under `<id>_` names, which docsite does not read.
 */
function noteRenamedFiles({ pluginId, docusaurusId }: { pluginId: string; docusaurusId: string }, siteDir: string, warnings: WarningList): void {
  if (pluginId !== DEFAULT_DOCS_ID || docusaurusId === DEFAULT_DOCS_ID) return;
  const theirs = versionFilesOf(docusaurusId);
  if (existsSync(join(siteDir, theirs.versionsFile))) {
    warnings.add(
      `the main docs (plugin id '${docusaurusId}') keep their versions in ${theirs.versionsFile}, ${docusaurusId}_versioned_docs/ and ${docusaurusId}_versioned_sidebars/: docsite reads the main docs' versions from versions.json, versioned_docs/ and versioned_sidebars/; rename them to build the versions`,
    );
  }
  const i18n = join(siteDir, 'i18n');
  const translated = existsSync(i18n) ? readdirSync(i18n).filter((locale) => existsSync(join(i18n, locale, `docusaurus-plugin-content-docs-${docusaurusId}`))) : [];
  if (translated.length) {
    warnings.add(
      `the main docs (plugin id '${docusaurusId}') have their translations in i18n/<locale>/docusaurus-plugin-content-docs-${docusaurusId}/ (${translated.join(', ')}): docsite reads the main docs' translations from i18n/<locale>/docusaurus-plugin-content-docs/; rename the folders to build them`,
    );
  }
}
