#!/usr/bin/env node
// The cost of versions and locales: the 200-page corpus as a site of 3 versions (current, 2.0, 1.0) and 2
// locales (en, fr), 6 variants of each page, most of them the same text, built cold against the corpus's
// single build in the same run. Targets: at most 3 times the single build's wall time and 1.5 times its peak
// memory. Also built: `--locale fr` alone and `docs.onlyIncludeVersions: ['current']` alone.
//
//   node scripts/bench-variants.mjs [--pages 200]      (npm run bench runs it too; --no-variants skips it)
//
// The variant site is made from the generated corpus, the same every time:
// - versions.json ["2.0", "1.0"]: versioned_docs/version-2.0/ and version-1.0/ are copies of docs/, with one
//   page in ten given an extra paragraph in each (not the same pages), and one page in forty left out of 1.0
//   (the links other 1.0 pages have to it become plain text);
// - i18n.locales ['en', 'fr']: i18n/fr/docusaurus-plugin-content-docs/current/ holds a French text of one
//   current doc in seven (its prose changed, its headings kept, so every anchor other pages link to exists).
// Results are printed and written to bench/results.json (row `kind: 'variants'`). A benchmark, never a test.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BENCH_CONFIG, corpus, fixed, measureBuild, ROOT, WORK, writeResults } from './bench-corpus.mjs';

const TARGETS = { time: 3, memory: 1.5 };
const VERSIONS = ['2.0', '1.0'];

/** Every build of the bench, cold, and how the variant build compares with the single one. */
export async function variantsBench({ pages = 200 } = {}) {
  const { dir: single } = await corpus(pages);
  const site = variantSite(single, pages);
  console.log(`versions and locales: ${site.docs} docs, ${site.changed} changed in a version, ${site.removed} left out of 1.0, ${site.translated} translated to French`);
  const builds = {};
  builds.single = await coldBuild(single, BENCH_CONFIG);
  print('single build', builds.single);
  builds.variants = await coldBuild(site.dir, siteConfig());
  print('3 versions x 2 locales', builds.variants, builds.single);
  builds.fr = await coldBuild(site.dir, siteConfig(), ['--locale', 'fr']);
  print('--locale fr alone', builds.fr, builds.single);
  builds.current = await coldBuild(site.dir, siteConfig("  docs: { onlyIncludeVersions: ['current'], lastVersion: 'current' },\n"));
  print("onlyIncludeVersions ['current']", builds.current, builds.single);
  writeFileSync(join(site.dir, 'docsite.config.ts'), siteConfig());
  const ratio = (build, field) => (!build.error && !builds.single.error && build[field] !== undefined && builds.single[field] ? build[field] / builds.single[field] : undefined);
  const row = {
    corpus: pages,
    kind: 'variants',
    site: { versions: ['current', ...VERSIONS], locales: ['en', 'fr'], docs: site.docs, changedInVersions: site.changed, removedFrom1_0: site.removed, translated: site.translated },
    ...builds,
    timeRatio: ratio(builds.variants, 'wallS'),
    cpuRatio: ratio(builds.variants, 'cpuS'),
    memoryRatio: ratio(builds.variants, 'peakRssMb'),
    targets: TARGETS,
  };
  row.meetsTargets = row.timeRatio !== undefined && row.memoryRatio !== undefined ? row.timeRatio <= TARGETS.time && row.memoryRatio <= TARGETS.memory : undefined;
  return row;
}

export function printVariants(row) {
  if (!row.variants || row.variants.error) {
    console.log(`versions and locales: the variant build failed${row.variants?.error ? `:\n${indent(row.variants.error)}` : ''}`);
    return;
  }
  const mark = (value, target) => (value === undefined ? '?' : `${fixed(value, 2)}x (target <= ${target}x: ${value <= target ? 'met' : 'missed'})`);
  console.log(`versions and locales, ${row.corpus} pages x 6 variants against the single build: time ${mark(row.timeRatio, row.targets.time)}, peak memory ${mark(row.memoryRatio, row.targets.memory)}, CPU ${fixed(row.cpuRatio, 2)}x`);
  for (const [name, label] of [['fr', '--locale fr'], ['current', "onlyIncludeVersions ['current']"]]) {
    const build = row[name];
    if (!build || build.error) console.log(`  ${label}: failed`);
    else console.log(`  ${label}: ${fixed(build.wallS / row.single.wallS, 2)}x the time, ${fixed(build.peakRssMb / row.single.peakRssMb, 2)}x the peak memory`);
  }
}

function print(label, build, single) {
  if (build.error) {
    console.log(`  ${label}: failed after ${fixed(build.wallS, 1)} s\n${indent(build.error)}`);
    return;
  }
  const against = single && !single.error ? ` = ${fixed(build.wallS / single.wallS, 2)}x wall, ${fixed(build.cpuS / single.cpuS, 2)}x CPU, ${fixed(build.peakRssMb / single.peakRssMb, 2)}x peak RSS` : '';
  console.log(
    `  ${label}: ${build.pages ?? '?'} pages${build.locales ? ` (${build.locales})` : ''}, ${fixed(build.wallS, 2)} s wall, ${fixed(build.cpuS, 1)} s CPU, peak RSS ${fixed(build.peakRssMb, 0)} MB${against}${build.load !== undefined ? ` (load ${fixed(build.load, 2)})` : ''}\n             ${build.stages}`,
  );
}

const indent = (text) => text.split('\n').map((line) => `    ${line}`).join('\n');

/** A build with no cache and no output from before, with this config. */
async function coldBuild(dir, config, args = []) {
  writeFileSync(join(dir, 'docsite.config.ts'), config);
  rmSync(join(dir, 'build'), { recursive: true, force: true });
  rmSync(join(dir, '.docsite'), { recursive: true, force: true });
  // Wall times of builds run on a busy machine do not compare: the load each one started under is kept with it.
  const load = loadAverage();
  return { ...(await measureBuild(dir, { args, tolerate: true })), ...(load !== undefined ? { load } : {}) };
}

function loadAverage() {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return undefined;
  }
}

function siteConfig(more = '') {
  return BENCH_CONFIG.replace(/};\n$/, `  i18n: { defaultLocale: 'en', locales: ['en', 'fr'] },\n${more}};\n`);
}

/** The corpus with versions and a French locale, made again from the corpus each time (it is quick). */
function variantSite(single, pages) {
  const dir = join(WORK, `corpus-${pages}-variants`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const folder of ['docs', 'blog']) cpSync(join(single, folder), join(dir, folder), { recursive: true });
  const docs = markdownFiles(join(single, 'docs'));
  writeFileSync(join(dir, 'versions.json'), `${JSON.stringify(VERSIONS)}\n`);
  let changed = 0;
  VERSIONS.forEach((version, index) => {
    const folder = join(dir, 'versioned_docs', `version-${version}`);
    cpSync(join(single, 'docs'), folder, { recursive: true });
    docs.forEach((path, position) => {
      if (position % 10 !== 3 + index * 4) return;
      const file = join(folder, path);
      writeFileSync(file, `${readFileSync(file, 'utf8')}\nIn version ${version}, this page also says what changed since the release before it, and how to move to it.\n`);
      changed++;
    });
  });
  // Pages left out of 1.0: not the first page, whose route the sidebar starts at.
  const removed = docs.filter((path, position) => position % 40 === 11 && path !== 'intro.md');
  const older = join(dir, 'versioned_docs', 'version-1.0');
  for (const path of removed) rmSync(join(older, path));
  for (const path of docs.filter((path) => !removed.includes(path))) {
    const file = join(older, path);
    const text = readFileSync(file, 'utf8');
    const unlinked = text.replace(/\[([^\]]*)\]\(([^)\s#]+\.md)(#[^)\s]*)?\)/g, (link, label, target) => (removed.includes(posix.join(posix.dirname(path), target)) ? label : link));
    if (unlinked !== text) writeFileSync(file, unlinked);
  }
  const translations = join(dir, 'i18n', 'fr', 'docusaurus-plugin-content-docs', 'current');
  const translated = docs.filter((_, position) => position % 7 === 2);
  for (const path of translated) {
    const target = join(translations, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, inFrench(readFileSync(join(single, 'docs', path), 'utf8')));
  }
  return { dir, docs: docs.length, changed, removed: removed.length, translated: translated.length };
}

function markdownFiles(root) {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.md'))
    .map((path) => path.split('\\').join('/'))
    .sort();
}

/**
 * A stand-in translation: prose words replaced, a paragraph added; front matter, headings, code, tables and
 * link targets as they were, so the page has the anchors and links of the original.
 */
function inFrench(text) {
  const words = { the: 'le', and: 'et', is: 'est', to: 'à', of: 'de', when: 'quand', you: 'vous', with: 'avec', for: 'pour', every: 'chaque' };
  const lines = text.split('\n');
  let frontMatter = lines[0] === '---';
  let fence = false;
  let bodyStart = 0;
  const out = lines.map((line, index) => {
    if (frontMatter) {
      if (index > 0 && line === '---') {
        frontMatter = false;
        bodyStart = index + 1;
      }
      return line;
    }
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    if (fence || /^\s*(#|\||```|~~~|:::|<|import |export )/.test(line)) return line;
    // Outside link targets only: `](...)` keeps its path and anchor.
    return line.replace(/(\]\([^)]*\))|\b(the|and|is|to|of|when|you|with|for|every)\b/g, (match, target, word) => target ?? words[word]);
  });
  out.splice(bodyStart, 0, '', 'Cette page est une traduction française : le texte change, les titres et les liens restent.', '');
  return out.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--pages');
  const pages = at === -1 ? 200 : Number(process.argv[at + 1]);
  if (!Number.isInteger(pages) || pages < 8) {
    console.error('usage: node scripts/bench-variants.mjs [--pages N]   (N: at least 8; default 200)');
    process.exit(2);
  }
  if (!existsSync(join(ROOT, 'dist', 'cli.js'))) {
    console.error('bench-variants: dist/ is missing; run npm run compile first');
    process.exit(1);
  }
  const row = await variantsBench({ pages });
  printVariants(row);
  writeResults([row]);
  console.log('results written to bench/results.json');
}
