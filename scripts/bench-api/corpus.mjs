// The OpenAPI corpus (issue 26): the pinned list in test/openapi/specs.json, its cache under .cache/openapi/,
// and one build of a cached document as a site of its own. The cache is filled with the compatibility corpus'
// populate step (scripts/compat/populate.mjs), each document being a "site" whose folder is its entry file.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, loadavg, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countOperations } from '../compat/expected.mjs';
import { collectWarnings, errorExcerpt, parsePageKinds, sanitizer, stripAnsi } from '../compat/output.mjs';
import { isCached, populate } from '../compat/populate.mjs';
import { runMeasured } from './process-tree.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'docsite.js');
export const SPECS_FILE = join(ROOT, 'test', 'openapi', 'specs.json');
export const CACHE_DIR = resolve(process.env.DOCSITE_OPENAPI_CACHE ?? join(ROOT, '.cache', 'openapi'));

const isRepoPath = (path) => typeof path === 'string' && path.length > 0 && !path.startsWith('/') && !path.split('/').includes('..');

/** The pinned documents, checked; only those named in `only` when it is given. */
export function loadSpecs(only) {
  const { specs } = JSON.parse(readFileSync(SPECS_FILE, 'utf8'));
  for (const spec of specs) {
    const where = `test/openapi/specs.json: ${spec.name ?? '(no name)'}`;
    if (!/^[\w.-]+$/.test(spec.name ?? '')) throw new Error(`${where}: name must be letters, digits, '.', '_' or '-'`);
    if (!/^[\w.-]+\/[\w.-]+$/.test(spec.repo ?? '')) throw new Error(`${where}: repo must be owner/name`);
    if (!/^[0-9a-f]{40}$/.test(spec.commit ?? '')) throw new Error(`${where}: commit must be 40 hex digits`);
    if (!isRepoPath(spec.path)) throw new Error(`${where}: path must be a file path inside the repository`);
    if (!(spec.include ?? []).every(isRepoPath)) throw new Error(`${where}: include must list paths inside the repository`);
    if (!Number.isInteger(spec.operations) || spec.operations < 1) throw new Error(`${where}: operations must be the document's operation count`);
  }
  if (!only) return specs;
  const unknown = only.filter((name) => !specs.some((spec) => spec.name === name));
  if (unknown.length) throw new Error(`no document named ${unknown.join(', ')} in test/openapi/specs.json`);
  return specs.filter((spec) => only.includes(spec.name));
}

// The populate step's unit is a site folder plus extra paths; a document is its entry file plus the files it $refs.
const asSite = (spec) => ({ name: spec.name, repo: spec.repo, commit: spec.commit, dir: spec.path, include: spec.include ?? [] });

export const isSpecCached = (spec) => isCached(CACHE_DIR, asSite(spec));

/** Where the cached entry document of `spec` is. */
export const cachedEntry = (spec) => join(CACHE_DIR, spec.name, spec.path);

/** Fills the cache from local git snapshots, then checks each document's operation count against the pinned one. */
export function populateCorpus({ specs, mirrorsDir, force, log }) {
  mkdirSync(CACHE_DIR, { recursive: true });
  const outcomes = populate({ sites: specs.map(asSite), cacheDir: CACHE_DIR, mirrorsDir, force, log });
  for (const spec of specs) {
    if (!isSpecCached(spec)) continue;
    const counted = countOperations(cachedEntry(spec));
    if (counted !== spec.operations) log(`${spec.name}: the document has ${counted ?? 'no readable'} operations, specs.json pins ${spec.operations}`);
  }
  return outcomes;
}

/**
 * The config of a site whose only content is an introduction and the API reference of `specFile`. Links in a
 * public document's descriptions point into its vendor's own docs (`/docs/personal-access-token`), which this
 * site does not have: they are counted as warnings, not failures.
 */
function siteConfig(name, specFile) {
  return `export default {\n  title: ${JSON.stringify(`OpenAPI corpus: ${name}`)},\n  url: 'https://bench.example',\n  onBrokenLinks: 'warn',\n  onBrokenAnchors: 'warn',\n  api: { spec: ${JSON.stringify(specFile)} },\n};\n`;
}

/**
 * Builds one cached document as a site of its own under a time limit and returns its figures:
 * exit, seconds, peak RSS of the build's process tree, API operation pages against the pinned operations,
 * warnings by kind and, when it failed, the first lines of its error.
 */
export async function buildSpec(spec, { timeoutSeconds }) {
  if (!isSpecCached(spec)) return { name: spec.name, status: 'not cached' };
  const siteDir = mkdtempSync(join(tmpdir(), `docsite-openapi-${spec.name}-`));
  // Messages name the document relative to the site folder (../../<cache>/...) or absolutely.
  const clean = sanitizer([
    [relative(siteDir, join(CACHE_DIR, spec.name)), '<cache>'],
    [join(CACHE_DIR, spec.name), '<cache>'],
    [siteDir, '<site>'],
    [ROOT.replace(/\/$/, ''), '<docsite>'],
    [homedir(), '~'],
    [tmpdir(), '<tmpdir>'],
  ]);
  try {
    mkdirSync(join(siteDir, 'docs'));
    writeFileSync(join(siteDir, 'docs', 'intro.md'), `# ${spec.name}\n\nThe [API reference](/docs/api).\n`);
    writeFileSync(join(siteDir, 'docsite.config.ts'), siteConfig(spec.name, cachedEntry(spec)));
    const run = await runMeasured(process.execPath, [BIN, 'build', siteDir, '--quiet'], {
      cwd: siteDir,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', CI: '1' },
      timeoutMs: timeoutSeconds * 1000,
    });
    const output = clean(stripAnsi(`${run.stdout}\n${run.stderr}`));
    const pages = run.exit === 0 ? parsePageKinds(run.stdout) : undefined;
    const apiPages = pages?.byKind.apiOperation ?? 0;
    const warnings = collectWarnings(output);
    // With onBrokenLinks 'warn', each broken link or anchor is a warning line of its own.
    const brokenLinks = (warnings.byKind['broken link'] ?? 0) + (warnings.byKind['broken anchor'] ?? 0);
    return {
      name: spec.name,
      status: 'ran',
      exit: run.exit,
      operations: spec.operations,
      apiPages,
      seconds: round(run.seconds, 2),
      cpuSeconds: run.cpuSeconds === undefined ? undefined : round(run.cpuSeconds, 1),
      peakRssMb: run.peakRssMb === undefined ? undefined : Math.round(run.peakRssMb),
      msPerOperation: run.exit === 0 ? round((run.seconds * 1000) / spec.operations, 1) : undefined,
      warnings: warnings.lines.length,
      warningsByKind: warnings.byKind,
      brokenLinks,
      warningExamples: warnings.lines.slice(0, 5).map((line) => (line.length > 300 ? `${line.slice(0, 300)}...` : line)),
      timeoutSeconds,
      // Wall seconds depend on what else the machine ran: the 1-minute load average as the build ended.
      loadAverage: round(loadavg()[0], 1),
      stages: /Built \d+ pages in [^(]*\(([^)]*)\)/.exec(stripAnsi(run.stdout))?.[1],
      ...(run.exit === 0 ? {} : { error: errorExcerpt(clean(stripAnsi(run.stderr || run.stdout)), 12) }),
    };
  } finally {
    rmSync(siteDir, { recursive: true, force: true });
  }
}

function round(n, digits) {
  const scale = 10 ** digits;
  return Math.round(n * scale) / scale;
}
