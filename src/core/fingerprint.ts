import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { PACKAGE_ROOT } from './paths';

// Caches kept between builds (compiled Markdown, highlighted code) must miss when docsite's code that made
// them changes: their keys start with a hash of those sources and of the versions of the compilers they
// drive, rather than a version number someone has to remember to bump.

const fingerprints = new Map<string, string>();

/**
 * Each .ts file's hash (by its path from the package root), put in by scripts/compile.mjs: the compiled CLI's caches
 * are keyed by the sources it was compiled from. Run from the sources (tsx), the files are read.
 */
declare const DOCSITE_SOURCE_HASHES: string | undefined;
const compiledFrom = typeof DOCSITE_SOURCE_HASHES === 'undefined' ? undefined : (JSON.parse(DOCSITE_SOURCE_HASHES) as Record<string, string>);

/** A hash of every .ts file under `dirs` (relative to the package root) and of the `dependencies`' versions. */
export function sourceFingerprint(dirs: string[], dependencies: string[]): string {
  const id = JSON.stringify([dirs, dependencies]);
  const known = fingerprints.get(id);
  if (known) return known;
  const hash = createHash('sha256').update('format 3');
  for (const dir of dirs) for (const [file, fileHash] of sourceHashesUnder(dir)) hash.update(file).update(fileHash);
  for (const dependency of dependencies) hash.update(dependencyVersion(dependency));
  const fingerprint = hash.digest('hex');
  fingerprints.set(id, fingerprint);
  return fingerprint;
}

/** The .ts files under `dir` (relative to it, sorted) with a hash of each. */
function sourceHashesUnder(dir: string): [string, string][] {
  if (compiledFrom) {
    const prefix = `${dir}/`;
    return Object.keys(compiledFrom)
      .filter((file) => file.startsWith(prefix))
      .sort()
      .map((file) => [file.slice(prefix.length), compiledFrom[file]!]);
  }
  const absolute = join(PACKAGE_ROOT, dir);
  return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((file) => [file.split(sep).join('/'), createHash('sha256').update(readFileSync(join(absolute, file))).digest('hex')]);
}

/** A dependency's version, from the package.json above its entry (its `exports` hide the file itself). */
function dependencyVersion(name: string): string {
  let entry: string;
  try {
    entry = createRequire(join(PACKAGE_ROOT, 'package.json')).resolve(name);
  } catch {
    // A package with no main entry (only subpath exports): its folder under the nearest node_modules.
    return packageFolderVersion(name);
  }
  let dir = dirname(entry);
  while (dir !== dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (manifest.name === name) return manifest.version ?? '';
    } catch {
      // no package.json at this level
    }
    dir = dirname(dir);
  }
  return '';
}

function packageFolderVersion(name: string): string {
  let dir = PACKAGE_ROOT;
  while (true) {
    try {
      return (JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version?: string }).version ?? '';
    } catch {
      if (dir === dirname(dir)) return '';
      dir = dirname(dir);
    }
  }
}
