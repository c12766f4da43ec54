#!/usr/bin/env node
// `npm run compat`: the Docusaurus compatibility corpus (issue 24). Each public Docusaurus site listed in
// test/compat/sites.json is copied from the local cache (.cache/compat/<name>/) to a temp folder, prepared
// (its `prepare` steps: what the site's own scripts do before building), migrated with `docsite migrate` and
// built with `docsite build`, each under a time limit; the figures (exit codes, docs/posts/pages/API pages
// built against what Docusaurus would build in every docs version and locale, warnings by kind, seconds) are
// printed as a table and merged by site into bench/compat.json. It never uses the network: a site that is
// not in the cache is reported as "not cached" and skipped, and keeps the figures it has in the file.
//
//   node scripts/compat.mjs [--only a,b] [--keep] [--json] [--timeout <seconds>] [--no-write] [--no-lenient]
//   node scripts/compat.mjs --populate [--mirrors <dir>] [--only a,b] [--force]
//
// --populate fills the cache from git snapshots already on this machine, found by repository name under
// --mirrors <dir> or $DOCSITE_COMPAT_MIRRORS (as <owner>+<name>/repo, <owner>+<name>, <owner>/<name>, ...).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { isAbsolute, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectedCounts } from './compat/expected.mjs';
import { collectWarnings, errorExcerpt, parsePageKinds, sanitizer, stripAnsi, warningKind } from './compat/output.mjs';
import { isCached, populate, SOURCE_FILE } from './compat/populate.mjs';
import { readSiteOptions } from './compat/site-config.mjs';
import { runMeasured } from './bench-api/process-tree.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'docsite.js');
const SITES_FILE = join(ROOT, 'test', 'compat', 'sites.json');
const CACHE_DIR = resolve(process.env.DOCSITE_COMPAT_CACHE ?? join(ROOT, '.cache', 'compat'));
const RESULTS_FILE = join(ROOT, 'bench', 'compat.json');

const USAGE = `usage: node scripts/compat.mjs [--only a,b] [--keep] [--json] [--timeout <seconds>] [--no-write] [--no-lenient]
       node scripts/compat.mjs --populate [--mirrors <dir>] [--only a,b] [--force]

  --only <names>     run (or populate) these sites only, comma-separated
  --keep             keep each site's temp folder (the migrated copy and the build output) and print where
  --json             print the results as JSON instead of the table
  --timeout <s>      time limit of each migrate and each build, in seconds (default 600)
  --no-write         do not write bench/compat.json (written: the sites run replace their entries, others keep theirs)
  --no-lenient       do not build again with broken links as warnings when broken links fail a build
  --populate         fill .cache/compat/ from local git snapshots instead of running
  --mirrors <dir>    folder holding the snapshots (default: $DOCSITE_COMPAT_MIRRORS)
  --force            with --populate: extract again even when the cache holds the pinned commit`;

function parseArgs(argv) {
  const options = { only: undefined, lenient: true, keep: false, json: false, timeout: 600, write: true, populate: false, mirrors: process.env.DOCSITE_COMPAT_MIRRORS, force: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) fail(`${arg} needs a value`);
      return next;
    };
    if (arg === '--only') options.only = value().split(',').map((s) => s.trim()).filter(Boolean);
    else if (arg === '--keep') options.keep = true;
    else if (arg === '--json') options.json = true;
    else if (arg === '--timeout') options.timeout = Number(value());
    else if (arg === '--no-write') options.write = false;
    else if (arg === '--no-lenient') options.lenient = false;
    else if (arg === '--populate') options.populate = true;
    else if (arg === '--mirrors') options.mirrors = value();
    else if (arg === '--force') options.force = true;
    else if (arg === '-h' || arg === '--help') {
      console.log(USAGE);
      process.exit(0);
    } else fail(`unknown argument ${arg}`);
  }
  if (!Number.isFinite(options.timeout) || options.timeout <= 0) fail('--timeout takes a number of seconds');
  return options;
}

function fail(message) {
  console.error(`compat: ${message}\n${USAGE}`);
  process.exit(2);
}

function loadSites(only) {
  const { sites } = JSON.parse(readFileSync(SITES_FILE, 'utf8'));
  for (const site of sites) {
    if (!site.name || !/^[\w.-]+$/.test(site.name)) throw new Error(`sites.json: bad name ${JSON.stringify(site.name)}`);
    if (!/^[\w.-]+\/[\w.-]+$/.test(site.repo ?? '')) throw new Error(`sites.json: ${site.name}: repo must be owner/name`);
    if (!/^[0-9a-f]{40}$/.test(site.commit ?? '')) throw new Error(`sites.json: ${site.name}: commit must be 40 hex digits`);
    if (typeof site.dir !== 'string' || site.dir.startsWith('/') || site.dir.split('/').includes('..')) throw new Error(`sites.json: ${site.name}: dir must be a path inside the repository`);
    checkPrepare(site);
  }
  if (!only) return sites;
  const unknown = only.filter((name) => !sites.some((site) => site.name === name));
  if (unknown.length) fail(`no site named ${unknown.join(', ')} in test/compat/sites.json`);
  return sites.filter((site) => only.includes(site.name));
}

// The steps a site's own build scripts take before building, which the cached source lacks the result of:
// `{ "copy": <path>, "to": <path>, "why": <text> }` replaces `to` with a copy of `copy` (a file or a folder),
// both relative to the site folder and inside the cached paths (dir and include). Run on the temp copy,
// before the expected figures are counted and before migrating.
const PREPARE_KEYS = ['copy', 'to', 'why'];

function checkPrepare(site) {
  if (site.prepare === undefined) return;
  const where = `sites.json: ${site.name}: prepare`;
  if (!Array.isArray(site.prepare)) throw new Error(`${where} must be a list of steps`);
  site.prepare.forEach((step, index) => {
    const at = `${where}[${index}]`;
    if (!step || typeof step !== 'object' || Array.isArray(step)) throw new Error(`${at} must be an object: { "copy": <path>, "to": <path>, "why": <text> }`);
    const unknown = Object.keys(step).filter((key) => !PREPARE_KEYS.includes(key));
    if (unknown.length) throw new Error(`${at}: unknown key ${unknown.join(', ')} (a step is { "copy", "to", "why" })`);
    for (const key of PREPARE_KEYS) if (typeof step[key] !== 'string' || !step[key].trim()) throw new Error(`${at}.${key} must be a non-empty string`);
    for (const key of ['copy', 'to']) {
      // Relative to the site folder, and inside the repository's cached copy (`../docs` from website/ is fine).
      const inRepository = posix.normalize(posix.join(site.dir, step[key]));
      if (step[key].startsWith('/') || inRepository === '..' || inRepository.startsWith('../')) throw new Error(`${at}.${key} must be a path inside the repository, relative to the site folder`);
    }
    const [from, to] = [step.copy, step.to].map((path) => `${posix.normalize(posix.join(site.dir, path)).replace(/\/$/, '')}/`);
    if (to === `${posix.normalize(site.dir).replace(/\/$/, '')}/`) throw new Error(`${at}.to cannot be the site folder itself`);
    if (from.startsWith(to) || to.startsWith(from)) throw new Error(`${at}: copy and to cannot hold one another`);
  });
}

/** Runs a site's prepare steps in its temp copy (repoDir holds the repository's layout, siteDir the site). */
function runPrepare(site, repoDir, siteDir) {
  const done = [];
  for (const step of site.prepare ?? []) {
    const from = resolve(siteDir, step.copy);
    const to = resolve(siteDir, step.to);
    for (const path of [from, to]) {
      const inside = relative(repoDir, path);
      if (inside.startsWith('..') || isAbsolute(inside)) throw new Error(`prepare: ${step.copy} -> ${step.to} leaves the site's copy`);
    }
    if (!existsSync(from)) throw new Error(`prepare: copy ${step.copy}: no such file or folder in the cached site`);
    rmSync(to, { recursive: true, force: true });
    cpSync(from, to, { recursive: true });
    done.push(`copy ${step.copy} -> ${step.to}`);
  }
  return done;
}

// One command under a time limit, in its own process group so that a timeout ends its children too.
async function runCommand(args, { cwd, timeoutMs }) {
  const run = await runMeasured(process.execPath, [BIN, ...args], { cwd, timeoutMs, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', CI: '1' } });
  return { exit: run.exit, stdout: stripAnsi(run.stdout), stderr: stripAnsi(run.stderr), seconds: run.seconds };
}

function summarizeBuild(build, text, warnings, clean) {
  const summary = { exit: build.exit, seconds: round(build.seconds), warnings: warnings.byKind };
  const kinds = build.exit === 0 ? parsePageKinds(build.stdout) : undefined;
  if (kinds) {
    summary.pages = kinds.total;
    summary.byKind = kinds.byKind;
  }
  if (build.exit !== 0) summary.error = errorExcerpt(clean(build.stderr || build.stdout));
  const broken = /(\d+) broken (links?|anchors?) found/i.exec(text);
  if (broken) summary.brokenLinks = Number(broken[1]);
  return summary;
}

/** Sets onBrokenLinks and onBrokenAnchors to 'warn' in the migrated docsite.config.ts; false if it cannot. */
function relaxLinkPolicy(siteDir) {
  const file = join(siteDir, 'docsite.config.ts');
  if (!existsSync(file)) return false;
  let text = readFileSync(file, 'utf8');
  for (const key of ['onBrokenLinks', 'onBrokenAnchors']) {
    const pattern = new RegExp(`${key}:\\s*(['"])(throw|warn|ignore)\\1`);
    if (pattern.test(text)) text = text.replace(pattern, `${key}: 'warn'`);
    else if (/defineConfig\(\{/.test(text)) text = text.replace(/defineConfig\(\{/, `defineConfig({\n  ${key}: 'warn',`);
    else return false;
  }
  writeFileSync(file, text);
  return true;
}

function mergeKinds(...maps) {
  const out = {};
  for (const map of maps) for (const [kind, n] of Object.entries(map)) out[kind] = (out[kind] ?? 0) + n;
  return Object.fromEntries(Object.entries(out).sort((a, b) => b[1] - a[1]));
}

async function runSite(site, options, log) {
  if (!isCached(CACHE_DIR, site)) {
    return { name: site.name, repo: site.repo, commit: site.commit, status: 'not cached' };
  }
  const work = mkdtempSync(join(tmpdir(), `docsite-compat-${site.name}-`));
  const src = join(work, 'src');
  const out = join(work, 'out');
  cpSync(join(CACHE_DIR, site.name), src, { recursive: true, filter: (path) => !path.endsWith(SOURCE_FILE) });
  const siteDir = join(src, site.dir);
  const clean = sanitizer([
    [siteDir, '<site>'],
    [work, '<tmp>'],
    [ROOT.replace(/\/$/, ''), '<docsite>'],
    [homedir(), '~'],
    [tmpdir(), '<tmpdir>'],
  ]);
  const timeoutMs = options.timeout * 1000;
  // `expected` is filled once the migrated config is read; named here to keep its place in bench/compat.json.
  const result = { name: site.name, repo: site.repo, commit: site.commit, status: 'ran', expected: undefined };

  if (site.prepare?.length) {
    try {
      result.prepare = runPrepare(site, src, siteDir);
      log(`${site.name}: prepare: ${result.prepare.join('; ')}`);
    } catch (error) {
      result.prepareError = clean(error instanceof Error ? error.message : String(error));
    }
  }

  let migrate = { exit: undefined, stdout: '', stderr: '', seconds: 0 };
  let migrateWarnings = { byKind: {}, lines: [] };
  if (!result.prepareError) {
    log(`${site.name}: migrate`);
    migrate = await runCommand(['migrate', '.'], { cwd: siteDir, timeoutMs });
    const migrateText = clean(`${migrate.stdout}\n${migrate.stderr}`);
    migrateWarnings = collectWarnings(migrateText);
    result.migrate = { exit: migrate.exit, seconds: round(migrate.seconds), warnings: migrateWarnings.byKind };
    if (migrate.exit !== 0) result.migrate.error = errorExcerpt(clean(migrate.stderr || migrate.stdout));
    const stubbed = /stand-ins for packages that are not installed: (.*)/.exec(migrateText);
    if (stubbed) result.migrate.stubbed = stubbed[1].split(',').map((s) => s.trim());
  }

  // The versions options and locales come from the migrated config (Docusaurus' own is not evaluated here);
  // counted before building, from the source as the site's build scripts leave it.
  const siteOptions = migrate.exit === 0 ? await readSiteOptions(siteDir) : { error: 'not migrated' };
  if (siteOptions.error) siteOptions.error = clean(siteOptions.error);
  result.expected = expectedCounts(siteDir, site, siteOptions);

  let buildWarnings = { byKind: {}, lines: [] };
  let figures;
  if (migrate.exit === 0) {
    log(`${site.name}: build`);
    const build = await runCommand(['build', '.', '--out-dir', out, '--quiet'], { cwd: siteDir, timeoutMs });
    const buildText = clean(`${build.stdout}\n${build.stderr}`);
    buildWarnings = collectWarnings(buildText);
    result.build = summarizeBuild(build, buildText, buildWarnings, clean);
    figures = result.build.byKind;
    // Broken links stop a build before anything is written, and hide every figure behind them. When that is
    // the failure, build once more with links and anchors as warnings (a change to the temp copy's
    // docsite.config.ts only), so the table still shows what the rest of the pipeline makes of the site.
    if (options.lenient && build.exit === 1 && /broken (links?|anchors?) found/i.test(buildText) && relaxLinkPolicy(siteDir)) {
      log(`${site.name}: build again with broken links as warnings`);
      const lenient = await runCommand(['build', '.', '--out-dir', out, '--quiet'], { cwd: siteDir, timeoutMs });
      const lenientText = clean(`${lenient.stdout}\n${lenient.stderr}`);
      buildWarnings = collectWarnings(lenientText);
      result.buildLinksAsWarnings = summarizeBuild(lenient, lenientText, buildWarnings, clean);
      if (lenient.exit === 0) {
        figures = result.buildLinksAsWarnings.byKind;
        result.figuresFrom = 'build with broken links as warnings';
      }
    }
  }
  result.built = {
    docs: figures?.doc ?? 0,
    posts: figures?.blogPost ?? 0,
    pages: figures?.page ?? 0,
    api: figures?.apiOperation ?? 0,
  };
  result.warnings = mergeKinds(migrateWarnings.byKind, buildWarnings.byKind);
  // A few examples of each kind, so the figures can be traced to lines without keeping the whole log.
  result.warningExamples = examples([...migrateWarnings.lines, ...buildWarnings.lines]);
  result.seconds = round((migrate.seconds ?? 0) + (result.build?.seconds ?? 0) + (result.buildLinksAsWarnings?.seconds ?? 0));

  if (options.keep) {
    result.keptAt = work;
    log(`${site.name}: kept ${work}`);
  } else {
    rmSync(work, { recursive: true, force: true });
  }
  return result;
}

function examples(lines) {
  const byKind = new Map();
  for (const line of lines) {
    const kind = warningKind(line);
    const list = byKind.get(kind) ?? [];
    if (list.length < 2) list.push(line.length > 300 ? `${line.slice(0, 300)}...` : line);
    byKind.set(kind, list);
  }
  return Object.fromEntries(byKind);
}

function round(n) {
  return Math.round(n * 10) / 10;
}

function ratio(built, expected, ran) {
  const b = ran ? String(built) : '-';
  if (expected === undefined) return ran && built ? b : '-';
  return `${b}/${expected}`;
}

/** `4 × 9`: the docs versions built (per docs plugin, `2+1` for two) times the locales. */
function versionsTimesLocales(expected) {
  const versions = Object.values(expected.docsVersions ?? {}).map((counts) => Object.keys(counts).length);
  const locales = expected.locales?.length;
  return `${versions.length ? versions.join('+') : '0'} × ${locales ?? '?'}`;
}

function printTable(results) {
  const header = ['site', 'migrate', 'build', 'docs', 'docs (current)', 'versions × locales', 'posts', 'pages', 'API', 's', 'warnings by kind'];
  const rows = results.map((r) => {
    if (r.status !== 'ran') return [r.name, 'not cached', ...header.slice(2).map(() => '')];
    if (r.prepareError) return [r.name, 'prepare failed', ...header.slice(2).map(() => '')];
    const lenient = r.buildLinksAsWarnings;
    const ran = r.build?.exit === 0 || lenient?.exit === 0;
    const mark = r.build?.exit !== 0 && lenient?.exit === 0 ? '*' : '';
    const warnings = Object.entries(r.warnings)
      .map(([kind, n]) => `${n} ${kind}`)
      .join(', ');
    const cell = (built, expected) => `${ratio(built, expected, ran)}${ran && (built || expected !== undefined) ? mark : ''}`;
    return [
      r.name,
      String(r.migrate.exit),
      r.build ? `${r.build.exit}${lenient ? ` (${lenient.exit}*)` : ''}` : '-',
      cell(r.built.docs, r.expected.docs),
      String(r.expected.docsCurrent),
      versionsTimesLocales(r.expected),
      cell(r.built.posts, r.expected.posts),
      cell(r.built.pages, r.expected.pages),
      r.expected.api === undefined && !r.built.api ? '-' : cell(r.built.api, r.expected.api),
      r.seconds.toFixed(1),
      warnings || '-',
    ];
  });
  const last = header.length - 1;
  const widths = header.map((h, i) => (i === last ? h.length : Math.max(h.length, ...rows.map((row) => row[i].length))));
  const line = (cells) => `| ${cells.map((c, i) => (i === last ? c : c.padEnd(widths[i]))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  console.log('\ndocs/posts/pages/API: built by docsite / expected from the Docusaurus source (every docs version Docusaurus builds, times the locales; drafts left out); "-" built when the build failed.');
  console.log('docs (current): the docs folders themselves in one locale, built or not. versions × locales: the docs versions built, per docs plugin (a + b for two plugins), and the locales; "?" when the migrated config could not be read.');
  console.log('*: the build failed on broken links only; (n*) is the exit code of a second build with broken links and anchors as warnings, and starred figures come from it.');

  for (const r of results) {
    if (r.status !== 'ran') continue;
    if (r.prepareError) {
      console.log(`\n${r.name}: ${r.prepareError}`);
      continue;
    }
    const failed = r.migrate.exit !== 0 ? ['migrate', r.migrate] : r.build?.exit !== 0 ? ['build', r.build] : undefined;
    if (!failed) continue;
    console.log(`\n${r.name}: ${failed[0]} exited ${failed[1].exit}`);
    for (const l of (failed[1].error ?? []).slice(0, 8)) console.log(`    ${l}`);
    const lenient = r.buildLinksAsWarnings;
    if (lenient) {
      console.log(`  with broken links as warnings: build exited ${lenient.exit}${lenient.exit === 0 ? ` (${lenient.pages} pages; ${r.build.brokenLinks ?? '?'} broken links)` : ''}`);
      for (const l of (lenient.error ?? []).slice(0, 8)) console.log(`    ${l}`);
    }
  }
  const missing = results.filter((r) => r.status === 'not cached');
  if (missing.length) {
    console.log(`\nnot cached (skipped): ${missing.map((r) => r.name).join(', ')}. Fill the cache with: node scripts/compat.mjs --populate --mirrors <folder of git snapshots>`);
  }
}

function docsiteCommit() {
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no', '--', 'src', 'templates'], { cwd: ROOT, encoding: 'utf8' });
  return head.status === 0 ? `${head.stdout.trim()}${dirty.stdout.trim() ? ' (with uncommitted changes in src/ or templates/)' : ''}` : undefined;
}

// Merges by site name: the sites this run measured replace their entries; the others (not run, or not cached
// on this machine) keep theirs as they were measured, as long as sites.json still pins the same commit. Each
// entry carries its own date and docsite commit, since the file's own are those of the last run.
function writeResults(results, options) {
  let previous = [];
  if (existsSync(RESULTS_FILE)) {
    try {
      const file = JSON.parse(readFileSync(RESULTS_FILE, 'utf8'));
      // Entries written before each carried its commit were measured with the file's.
      previous = (file.sites ?? []).map((r) => (r.docsite || !file.docsite ? r : { ...r, docsite: file.docsite }));
    } catch {
      previous = [];
    }
  }
  const date = new Date().toISOString();
  const docsite = docsiteCommit();
  const stamped = results.map((r) => {
    const { keptAt, ...rest } = r;
    return { ...rest, date, ...(docsite ? { docsite } : {}) };
  });
  const listed = JSON.parse(readFileSync(SITES_FILE, 'utf8')).sites;
  const byName = new Map(previous.filter((r) => listed.some((site) => site.name === r.name && site.commit === r.commit)).map((r) => [r.name, r]));
  for (const r of stamped) if (r.status === 'ran' || !byName.has(r.name)) byName.set(r.name, r);
  const sites = listed.map((site) => site.name).filter((name) => byName.has(name)).map((name) => byName.get(name));
  const summary = {
    sites: sites.length,
    ran: sites.filter((r) => r.status === 'ran').length,
    migrateOk: sites.filter((r) => r.migrate?.exit === 0).length,
    buildOk: sites.filter((r) => r.build?.exit === 0).length,
  };
  const doc = { date, docsite, node: process.version, timeoutSeconds: options.timeout, summary, sites };
  mkdirSync(join(ROOT, 'bench'), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(doc, null, 2)}\n`);
  return doc;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const sites = loadSites(options.only);
  const log = (message) => console.error(`compat: ${message}`);

  if (options.populate) {
    if (!options.mirrors) {
      log('no mirrors folder: pass --mirrors <dir> or set DOCSITE_COMPAT_MIRRORS to the folder holding git snapshots of the repositories (as <owner>+<name>/repo or <owner>/<name>)');
    }
    mkdirSync(CACHE_DIR, { recursive: true });
    const outcomes = populate({ sites, cacheDir: CACHE_DIR, mirrorsDir: options.mirrors ? resolve(options.mirrors) : undefined, force: options.force, log });
    const missing = outcomes.filter((o) => o.status === 'missing');
    log(`${outcomes.length - missing.length} of ${outcomes.length} sites cached${missing.length ? `; missing: ${missing.map((o) => o.name).join(', ')}` : ''}`);
    return;
  }

  if (!existsSync(join(ROOT, 'dist', 'cli.js'))) fail('dist/ is missing: run npm run compile first (npm run compat does)');
  const results = [];
  for (const site of sites) {
    const result = await runSite(site, options, log);
    if (result.status === 'not cached') log(`${site.name}: not cached, skipped`);
    else if (result.prepareError) log(`${site.name}: ${result.prepareError}`);
    else log(`${site.name}: migrate ${result.migrate.exit}, build ${result.build?.exit ?? '-'} (${result.seconds.toFixed(1)} s)`);
    results.push(result);
  }
  if (options.write && results.some((r) => r.status === 'ran')) writeResults(results, options);
  if (options.json) console.log(JSON.stringify(results, null, 2));
  else printTable(results);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
