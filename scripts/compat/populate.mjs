// `node scripts/compat.mjs --populate`: fills .cache/compat/<name>/ from local git snapshots of the corpus'
// repositories. Nothing here touches the network: each repository must already be on this machine as a git
// directory under a mirrors folder (given by --mirrors <dir> or the DOCSITE_COMPAT_MIRRORS variable).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const SOURCE_FILE = '.compat-source.json';

/** The git directory of `owner/name` under a mirrors folder, in the layouts snapshot tools use; or undefined. */
export function findMirror(mirrorsDir, repo) {
  const [owner, name] = repo.split('/');
  const candidates = [
    join(mirrorsDir, `${owner}+${name}`, 'repo'),
    join(mirrorsDir, `${owner}+${name}`),
    join(mirrorsDir, `${owner}+${name}.git`),
    join(mirrorsDir, owner, name),
    join(mirrorsDir, owner, `${name}.git`),
    join(mirrorsDir, owner, name, '.git'),
  ];
  return candidates.find((dir) => existsSync(dir) && isGitDir(dir));
}

function isGitDir(dir) {
  const result = spawnSync('git', ['--git-dir', dir, 'rev-parse', '--git-dir'], { stdio: 'ignore' });
  return result.status === 0;
}

function git(gitDir, args, options = {}) {
  return execFileSync('git', ['--git-dir', gitDir, ...args], { maxBuffer: 1024 * 1024 * 1024, ...options });
}

/** The cached copy's record of where it came from, or undefined when the site is not cached. */
export function cachedSource(cacheDir, site) {
  const file = join(cacheDir, site.name, SOURCE_FILE);
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** True when .cache/compat/<name>/ holds this entry's commit and paths. */
export function isCached(cacheDir, site) {
  const source = cachedSource(cacheDir, site);
  return source !== undefined && source.commit === site.commit && source.dir === site.dir && JSON.stringify(source.include ?? []) === JSON.stringify(site.include ?? []);
}

function fetchHint(site) {
  return `bring a snapshot of it onto this machine first (for example with the tool library's fetch: github:${site.repo}), then run --populate again with --mirrors pointing at the folder that holds it`;
}

/**
 * Extracts each site's `dir` and `include` paths at its commit into cacheDir/<name>/, keeping their
 * repository layout (so `../docs` from the site folder still resolves). Returns one line of outcome a site.
 */
export function populate({ sites, cacheDir, mirrorsDir, force, log }) {
  const outcomes = [];
  for (const site of sites) {
    const target = join(cacheDir, site.name);
    if (!force && isCached(cacheDir, site)) {
      log(`${site.name}: already cached at ${site.commit.slice(0, 12)}`);
      outcomes.push({ name: site.name, status: 'cached' });
      continue;
    }
    const gitDir = mirrorsDir ? findMirror(mirrorsDir, site.repo) : undefined;
    if (!gitDir) {
      log(`${site.name}: no snapshot of ${site.repo} under ${mirrorsDir ? 'the mirrors folder' : '(no mirrors folder given)'}; ${fetchHint(site)}`);
      outcomes.push({ name: site.name, status: 'missing' });
      continue;
    }
    const hasCommit = spawnSync('git', ['--git-dir', gitDir, 'cat-file', '-e', `${site.commit}^{commit}`], { stdio: 'ignore' }).status === 0;
    if (!hasCommit) {
      log(`${site.name}: the snapshot of ${site.repo} does not hold commit ${site.commit}; ${fetchHint(site)}`);
      outcomes.push({ name: site.name, status: 'missing' });
      continue;
    }
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true });
    const paths = [site.dir, ...(site.include ?? [])].map((p) => (p === '.' ? '.' : p.replace(/\/+$/, '')));
    const skipped = extract(gitDir, site.commit, paths, target);
    writeFileSync(join(target, SOURCE_FILE), `${JSON.stringify({ repo: site.repo, commit: site.commit, dir: site.dir, include: site.include ?? [], skipped }, null, 2)}\n`);
    const note = skipped.length > 0 ? ` (${skipped.length} file(s) absent from the snapshot, skipped: ${skipped.slice(0, 3).join(', ')}${skipped.length > 3 ? ', ...' : ''})` : '';
    log(`${site.name}: extracted ${paths.join(', ')} of ${site.repo} at ${site.commit.slice(0, 12)}${note}`);
    outcomes.push({ name: site.name, status: 'populated' });
  }
  return outcomes;
}

// Every blob of the paths at the commit, read in one `git cat-file --batch` and written under target.
// Not `git archive`: it honours the repository's export-ignore attributes, which drop docs and blog folders
// from some repositories. Snapshots can lack large files; those are skipped and listed.
function extract(gitDir, commit, paths, target) {
  const listing = git(gitDir, ['ls-tree', '-r', '-z', commit, '--', ...paths]).toString('utf8').split('\0').filter(Boolean);
  const blobs = [];
  for (const entry of listing) {
    const tab = entry.indexOf('\t');
    const [mode, type, sha] = entry.slice(0, tab).split(' ');
    if (type === 'blob') blobs.push({ mode, sha, path: entry.slice(tab + 1) });
  }
  const batch = spawnSync('git', ['--git-dir', gitDir, 'cat-file', '--batch'], {
    input: blobs.map((b) => `${b.sha}\n`).join(''),
    maxBuffer: 4 * 1024 * 1024 * 1024,
  });
  if (batch.status !== 0) throw new Error(`git cat-file --batch failed in ${gitDir}: ${batch.stderr}`);
  const data = batch.stdout;
  const skipped = [];
  let offset = 0;
  for (const blob of blobs) {
    const newline = data.indexOf(10, offset);
    const header = data.subarray(offset, newline).toString('utf8');
    offset = newline + 1;
    const [, kind, size] = header.split(' ');
    if (kind !== 'blob') {
      skipped.push(blob.path);
      continue;
    }
    const content = data.subarray(offset, offset + Number(size));
    offset += Number(size) + 1;
    const file = join(target, blob.path);
    mkdirSync(dirname(file), { recursive: true });
    // A symlink (mode 120000) is kept as a small file holding its target, never a link that may point outside.
    writeFileSync(file, content, { mode: blob.mode === '100755' ? 0o755 : 0o644 });
  }
  return skipped;
}
