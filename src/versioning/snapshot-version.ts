import { constants, existsSync, statSync } from 'node:fs';
import { copyFile, mkdir, readdir, realpath, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { loadConfig } from '../config/load';
import { DEFAULT_DOCS_ID } from '../config/schema';
import { checkVersionName, readVersionNames, versionFilesOf } from '../content/docs-versions';
import { docsInstancesOf } from '../content/docs-instances';
import { readSidebarsFile, type SidebarsConfig } from '../content/sidebars';
import { DocsiteError } from '../core/errors';
import { toPosix } from '../core/fs-utils';
import { removeStaleStaging } from '../core/stale-files';

// `docsite version <name>` (Docusaurus's `docs:version`): freezes a docs plugin's folder and sidebars as a
// released version. Everything is written under temporary names first and renamed into place at the end, so a
// failure part way (a file that cannot be read, a sidebar JSON cannot hold) leaves the site as it was: no
// half-copied folder that a later build would take for a version, and versions.json as it was.

export interface SnapshotOptions {
  siteDir: string;
  name: string;
  /** `default` for `docs`, else the id of a `docsInstances` entry. */
  pluginId: string;
}

/** What was written; paths relative to the site folder, with `/`. */
export interface SnapshotResult {
  name: string;
  pluginId: string;
  docsDir: string;
  fileCount: number;
  /** Unset when the plugin has no sidebars file: the version's sidebar is then generated from its folder. */
  sidebarsFile?: string;
  versionsFile: string;
  /** The plugin's `disableVersioning`: the build ignores the version until it is turned off. */
  versioningDisabled: boolean;
}

/** Work files carry the pid and the time, so a later run can remove those of a process that was killed. */
const STAGING = /^\.docsite-version-(\d+)-(\d+)(\.json)?$/;

export async function snapshotVersion({ siteDir, name, pluginId }: SnapshotOptions): Promise<SnapshotResult> {
  const { config, configFile } = await loadConfig(siteDir);
  const configName = toPosix(relative(siteDir, configFile));
  const instances = docsInstancesOf(config);
  const instance = instances.find((candidate) => candidate.id === pluginId);
  if (!instance) {
    const known = instances.map((candidate) => `"${candidate.id}"`).join(', ');
    throw new DocsiteError(`no docs plugin has the id "${pluginId}": ${configName} has ${known} ("default" is \`docs\`, the others are \`docsInstances\` entries)`, { file: configName });
  }
  const { options } = instance;
  const key = pluginId === DEFAULT_DOCS_ID ? 'docs' : `docsInstances "${pluginId}"`;

  const problem = checkVersionName(name);
  if (problem) throw new DocsiteError(`cannot make version "${name}": ${problem}`);

  const files = versionFilesOf(pluginId);
  const released = await readVersionNames(siteDir, pluginId);
  if (released.includes(name)) {
    throw new DocsiteError(`version "${name}" already exists: ${files.versionsFile} lists it (${released.join(', ')})`, { file: files.versionsFile });
  }

  const source = resolve(siteDir, options.path);
  if (!existsSync(source) || !statSync(source).isDirectory()) {
    throw new DocsiteError(`the docs folder ${options.path} does not exist (${key}.path in ${configName}): there is nothing to version`, { file: configName });
  }
  const docsDir = files.docsDir(name);
  const target = resolve(siteDir, docsDir);
  if (existsSync(target)) {
    throw new DocsiteError(`${docsDir} already exists, though ${files.versionsFile} does not list "${name}": remove that folder first`, { file: docsDir });
  }
  // A docs folder that holds the site's other folders (path ".") would copy the new version into itself.
  if ((target + sep).startsWith(source + sep)) {
    throw new DocsiteError(`the docs folder ${options.path} holds ${docsDir}: a version cannot be copied into the folder it copies (${key}.path in ${configName})`, { file: configName });
  }
  const sidebarsFile = options.sidebarPath ? files.sidebarsFile(name) : undefined;
  // Even when none is written: the build would read a leftover one instead of generating the sidebar.
  if (existsSync(resolve(siteDir, files.sidebarsFile(name)))) {
    throw new DocsiteError(`${files.sidebarsFile(name)} already exists, though ${files.versionsFile} does not list "${name}": remove that file first`, { file: files.sidebarsFile(name) });
  }

  // Evaluated before anything is copied: a sidebars file that cannot become JSON fails fast.
  const sidebarsText = options.sidebarPath ? await sidebarsJson(siteDir, options.sidebarPath, key, configName, name) : undefined;

  const staged = new Staging(siteDir);
  try {
    const stamp = `${process.pid}-${Date.now()}`;
    const docsParent = await staged.folder(dirname(target));
    const stagedDocs = staged.own(join(docsParent, `.docsite-version-${stamp}`));
    const fileCount = await copyTree(source, stagedDocs, siteDir);
    staged.moveLater(stagedDocs, target);

    if (sidebarsFile && sidebarsText !== undefined) {
      const sidebarsTarget = resolve(siteDir, sidebarsFile);
      const stagedSidebars = join(await staged.folder(dirname(sidebarsTarget)), `.docsite-version-${stamp}.json`);
      await staged.write(stagedSidebars, sidebarsText);
      staged.moveLater(stagedSidebars, sidebarsTarget);
    }

    const versionsTarget = resolve(siteDir, files.versionsFile);
    const stagedVersions = join(await staged.folder(siteDir), `.docsite-version-${stamp}.json`);
    await staged.write(stagedVersions, `${JSON.stringify([name, ...released], null, 2)}\n`);
    // Last, so the build never sees a version listed whose folder is not in place yet.
    staged.moveLater(stagedVersions, versionsTarget);

    await staged.commit();
    return { name, pluginId, docsDir, fileCount, ...(sidebarsFile ? { sidebarsFile } : {}), versionsFile: files.versionsFile, versioningDisabled: options.disableVersioning };
  } catch (error) {
    await staged.abandon();
    throw error;
  }
}

/** The sidebars file's sidebars, as the text of the versioned sidebars file. */
async function sidebarsJson(siteDir: string, sidebarPath: string, key: string, configName: string, name: string): Promise<string> {
  const file = resolve(siteDir, sidebarPath);
  if (!existsSync(file)) throw new DocsiteError(`the sidebars file ${sidebarPath} does not exist (${key}.sidebarPath in ${configName})`, { file: configName });
  const sidebars = await readSidebarsFile(file, siteDir);
  const problem = notJson(sidebars);
  if (problem) {
    throw new DocsiteError(
      `version "${name}" needs these sidebars as JSON, and ${problem}: JSON cannot hold it. Replace it with plain data (strings, numbers, true/false, null, arrays, objects), or write the versioned sidebars file by hand`,
      { file: toPosix(sidebarPath) },
    );
  }
  return `${JSON.stringify(sidebars, null, 2)}\n`;
}

/**
 * The first value JSON would not hold as it is, described with its place (`docs[2].customProps.render is a
 * function`); unset when every value is plain data. A property whose value is undefined is fine: JSON leaves it
 * out, which reads back as the same unset option.
 */
function notJson(sidebars: SidebarsConfig): string | undefined {
  const open = new Set<object>();
  const visit = (value: unknown, place: string): string | undefined => {
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
    if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${place} is ${value}`;
    if (typeof value === 'function') return `${place} is a function`;
    if (typeof value !== 'object') return `${place} is ${value === undefined ? 'undefined' : `a ${typeof value}`}`;
    if (open.has(value)) return `${place} refers back to an object that contains it`;
    const prototype = Object.getPrototypeOf(value) as object | null;
    if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) {
      return `${place} is ${(value as { constructor?: { name?: string } }).constructor?.name || 'an object of a class'}, not a plain object`;
    }
    open.add(value);
    try {
      if (Array.isArray(value)) {
        for (let index = 0; index < value.length; index++) {
          const found = visit(value[index], `${place}[${index}]`);
          if (found) return found;
        }
        return undefined;
      }
      for (const [name, child] of Object.entries(value)) {
        if (child === undefined) continue;
        const found = visit(child, `${place}${/^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`}`);
        if (found) return found;
      }
      return undefined;
    } finally {
      open.delete(value);
    }
  };
  for (const [id, sidebar] of Object.entries(sidebars)) {
    const found = visit(sidebar, `sidebar "${id}"`);
    if (found) return found;
  }
  return undefined;
}

/**
 * Copies every file of a folder (symbolic links followed: the version must not change when what they point at
 * does); returns how many files it copied.
 */
async function copyTree(from: string, to: string, siteDir: string, above: Set<string> = new Set()): Promise<number> {
  const real = await realpath(from);
  if (above.has(real)) throw new DocsiteError(`${toPosix(relative(siteDir, from))} links back to a folder that holds it: a version cannot copy it`, { file: toPosix(relative(siteDir, from)) });
  above.add(real);
  await mkdir(to);
  let count = 0;
  const named = (path: string) => toPosix(relative(siteDir, path));
  const entries = await readdir(from, { withFileTypes: true }).catch((error: Error) => {
    throw new DocsiteError(`could not read the folder ${named(from)}: ${error.message}`, { file: named(from) }, { cause: error });
  });
  for (const entry of entries) {
    const source = join(from, entry.name);
    const copy = join(to, entry.name);
    let kind: { isDirectory(): boolean; isFile(): boolean } = entry;
    if (entry.isSymbolicLink()) {
      kind = await stat(source).catch((error: Error) => {
        throw new DocsiteError(`${named(source)} is a link to nothing: ${error.message}`, { file: named(source) }, { cause: error });
      });
    }
    if (kind.isDirectory()) count += await copyTree(source, copy, siteDir, above);
    else if (kind.isFile()) {
      await copyFile(source, copy, constants.COPYFILE_EXCL).catch((error: Error) => {
        throw new DocsiteError(`could not copy ${named(source)}: ${error.message}`, { file: named(source) }, { cause: error });
      });
      count++;
    }
    // Sockets and pipes are no part of a version.
  }
  above.delete(real);
  return count;
}

/**
 * The work of one snapshot: staged files and folders, the renames that put them in place (run together by
 * `commit`, undone if one fails), the folders made for them (removed again if the snapshot fails).
 */
class Staging {
  constructor(private readonly siteDir: string) {}

  private readonly made: string[] = [];
  private readonly staged: string[] = [];
  private readonly renames: { from: string; to: string }[] = [];

  /** Makes sure `dir` exists (noting the folders it made) and clears it of killed runs' work files. */
  async folder(dir: string): Promise<string> {
    const missing: string[] = [];
    for (let at = dir; !existsSync(at); at = dirname(at)) missing.unshift(at);
    for (const folder of missing) {
      await mkdir(folder);
      this.made.push(folder);
    }
    await removeStaleStaging(dir, STAGING);
    return dir;
  }

  /** Notes a work file or folder, before anything is written to it, so a failure removes what part of it was. */
  own(path: string): string {
    if (!this.staged.includes(path)) this.staged.push(path);
    return path;
  }

  async write(file: string, text: string): Promise<void> {
    await writeFile(this.own(file), text, { flag: 'wx' });
  }

  /** Queues a rename for `commit`. */
  moveLater(from: string, to: string): void {
    this.own(from);
    this.renames.push({ from, to });
  }

  async commit(): Promise<void> {
    const done: { from: string; to: string }[] = [];
    try {
      for (const step of this.renames) {
        await rename(step.from, step.to);
        done.push(step);
      }
    } catch (error) {
      for (const step of done.reverse()) await rename(step.to, step.from).catch(() => undefined);
      const failed = toPosix(relative(this.siteDir, this.renames[done.length]!.to));
      throw new DocsiteError(`could not move ${failed} into place: ${(error as Error).message}`, { file: failed }, { cause: error });
    }
    this.staged.length = 0;
    this.made.length = 0;
  }

  /** Best effort: what cannot be removed now carries the pid and is removed by a later run. */
  async abandon(): Promise<void> {
    for (const path of this.staged) await rm(path, { recursive: true, force: true }).catch(() => undefined);
    for (const folder of this.made.reverse()) await rmdir(folder).catch(() => undefined);
  }
}
