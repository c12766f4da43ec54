#!/usr/bin/env node
// `npm run bench`: cold (and warm) `docsite build` of generated corpora, with the figures a reader
// compares tools by: wall time, pages per second, CPU seconds, peak memory, first-load JS; then the 200-page
// corpus as a site of 3 versions and 2 locales against its single build (scripts/bench-variants.mjs); then the
// client JavaScript budgets and client-side navigation time in Chromium (scripts/bench-client.mjs); then the API
// reference: a synthetic document and the cached OpenAPI corpus (scripts/bench-api.mjs).
//
//   node scripts/bench.mjs [--pages 200,1000] [--runs 1] [--no-warm] [--no-memora] [--no-openapi] [--no-variants]
//
// The corpus comes from the shared generator (gen-corpus.mjs, same seed = same files), so the figures
// compare with the Docusaurus and VitePress baselines built from the same corpus. Results are printed
// and written to bench/results.json. A benchmark, never a test: nothing here fails on a slow machine.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { apiBench, openapiCorpusBench } from './bench-api.mjs';
import { applyFlatBudget, corpusBudget, memoraBudgets, navigationBench, printBudgets, printNavigation, run } from './bench-client.mjs';
import { BENCH_TOOLS, BIN, corpus, fixed, measureBuild, previousResults, ROOT, RSS_CURVE_STEP_S, WORK, writeResults } from './bench-corpus.mjs';
import { devBench, printDevBench } from './bench-dev.mjs';
import { printSearchCost, searchCost, searchIndexSize, searchLatency } from './bench-search.mjs';
import { printVariants, variantsBench } from './bench-variants.mjs';

const USAGE = 'usage: node scripts/bench.mjs [--pages 200,1000,5000] [--runs N] [--no-warm] [--no-dev] [--no-memora] [--no-openapi] [--no-variants] [--vs docusaurus|docusaurus-faster|rspress|vitepress]...';
// The peers compared against on the same corpus, each at its fastest where it has a switch for it: Docusaurus as
// it ships and with `future: { v4: true, faster: true }` (Rspack, SWC, Lightning CSS, SSG workers), Rspress 2,
// VitePress with a sidebar per section (as a site of that size would have). Their builds take minutes: on request.
const PEERS = {
  docusaurus: { script: 'docusaurus-baseline.sh' },
  'docusaurus-faster': { script: 'docusaurus-baseline.sh', env: { FASTER: '1' } },
  rspress: { script: 'rspress-baseline.sh' },
  vitepress: { script: 'vitepress-baseline.sh', env: { SIDEBAR: 'section' } },
};

function parseArgs(argv) {
  const options = { pages: [200, 1000, 5000], runs: 1, warm: true, dev: true, memora: true, openapi: true, variants: true, vs: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--pages') options.pages = argv[++i].split(',').map(Number);
    else if (arg === '--runs') options.runs = Number(argv[++i]);
    else if (arg === '--no-warm') options.warm = false;
    else if (arg === '--no-dev') options.dev = false;
    else if (arg === '--no-memora') options.memora = false;
    else if (arg === '--no-openapi') options.openapi = false;
    else if (arg === '--no-variants') options.variants = false;
    else if (arg === '--vs') {
      const peer = argv[++i];
      if (!(peer in PEERS)) {
        console.error(`bench: --vs takes ${Object.keys(PEERS).join(', ')}, not ${peer}\n${USAGE}`);
        process.exit(2);
      }
      options.vs.push(peer);
    } else {
      console.error(`bench: unknown argument ${arg}\n${USAGE}`);
      process.exit(2);
    }
  }
  if (options.pages.some((n) => !Number.isInteger(n) || n < 8)) {
    console.error('bench: --pages takes comma-separated integers of at least 8');
    process.exit(2);
  }
  return options;
}

async function firstLoad(dir, samplePage) {
  const script = join(BENCH_TOOLS, 'first-load-js.mjs');
  const page = join(dir, 'build', samplePage, 'index.html');
  if (!existsSync(script) || !existsSync(page)) return undefined;
  const result = await run(process.execPath, [script, page, join(dir, 'build'), '--json']);
  return result.code === 0 ? JSON.parse(result.stdout) : undefined;
}

/** Runs a peer's baseline script on the corpus; its RESULT line's fields, or undefined when it failed. */
async function peerBuild(peer, dir) {
  const script = join(BENCH_TOOLS, PEERS[peer].script);
  console.log(`  ${peer}: building the same corpus (minutes)…`);
  const result = await run('bash', [script, dir, join(WORK, `${peer}-baseline`)], { env: { ...process.env, ...PEERS[peer].env } });
  const line = result.stdout.split('\n').find((text) => text.startsWith('RESULT '));
  if (result.code !== 0 || !line) {
    console.log(`  ${peer}: baseline failed (exit ${result.code}); last output:\n${(result.stderr || result.stdout).split('\n').slice(-8).join('\n')}`);
    return undefined;
  }
  return Object.fromEntries(line.slice('RESULT '.length).split(/\s+/).map((field) => field.split('=')).map(([key, value]) => [key, Number.isNaN(Number(value)) ? value : Number(value)]));
}

const options = parseArgs(process.argv.slice(2));
console.log(`docsite bench: ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, load ${readLoad()}`);
const results = [];
for (const pages of options.pages) {
  const { dir, samplePage } = await corpus(pages);
  for (let runIndex = 0; runIndex < options.runs; runIndex++) {
    rmSync(join(dir, 'build'), { recursive: true, force: true });
    rmSync(join(dir, '.docsite'), { recursive: true, force: true });
    const cold = await measureBuild(dir);
    const row = { corpus: pages, kind: 'cold', ...cold, pagesPerS: cold.pages / cold.wallS };
    results.push(row);
    print(row);
    if (options.warm) {
      const warm = await measureBuild(dir);
      const warmRow = { corpus: pages, kind: 'warm', ...warm, pagesPerS: warm.pages / warm.wallS };
      results.push(warmRow);
      print(warmRow);
      // A warm build after one page's text changed: what an author's next build costs.
      const editRow = { corpus: pages, kind: 'edit', ...(await withEditedPage(dir, samplePage, () => measureBuild(dir))) };
      results.push(editRow);
      print(editRow);
    }
  }
  const search = await measureSearch(dir, samplePage, results.find((row) => row.corpus === pages && row.kind === 'cold'));
  results.push({ corpus: pages, kind: 'search', ...search });
  // What the first search costs a reader, keystroke to results, cold cache, with and without Fast 3G (issue: scaling
  // search); `node scripts/bench-search.mjs` measures the 10,000-page corpus too.
  results.push({ corpus: pages, kind: 'search-cost', ...searchIndexSize(join(dir, 'build')), ...(await searchCost(dir, samplePage)) });
  const load = await firstLoad(dir, samplePage);
  if (load) {
    const row = { corpus: pages, kind: 'first-load', page: samplePage, jsGzipKb: load.js_gzip / 1024, jsRawKb: load.js_raw / 1024, cssGzipKb: load.css_gzip / 1024, htmlGzipKb: load.html_gzip / 1024 };
    results.push(row);
    console.log(`  first load of ${samplePage}: JS ${fixed(row.jsGzipKb)} KB gzip (${fixed(row.jsRawKb)} KB raw), CSS ${fixed(row.cssGzipKb)} KB gzip, HTML ${fixed(row.htmlGzipKb)} KB gzip`);
  }
  // The client JS budgets (issue 23) are set for the 1000-page corpus and, flat, the 5000-page one: what
  // Chromium really fetches, route chunks loaded before hydration included (the figure above reads the HTML).
  if (pages === 1000 || pages === 5000) {
    const budget = await corpusBudget(pages, dir, samplePage);
    results.push(budget);
    console.log(`  in Chromium: JS ${budget.error ? `not measured (${budget.error})` : `${fixed(budget.jsGzipKb)} KB gzip in ${budget.jsFiles} files`}`);
  }
  if (options.dev) {
    const dev = await devBench({ siteDir: dir, page: `docs/${samplePage.replace(/^\/docs\//, '')}.md`, route: samplePage, edits: 10 });
    results.push({ corpus: pages, kind: 'dev', ...dev });
    printDevBench(dev, `the ${pages}-page corpus`);
  }
  for (const peer of options.vs) {
    const figures = await peerBuild(peer, dir);
    if (!figures) continue;
    const cold = results.find((row) => row.corpus === pages && row.kind === 'cold');
    const ours = results.find((row) => row.corpus === pages && row.kind === 'first-load');
    // Memory of the whole process tree on both sides (docsite's node and esbuild's process; a peer's workers).
    const row = { ...figures, peerCorpus: figures.corpus, corpus: pages, kind: 'peer', peer, buildRatio: figures.wall_s / cold.wallS, memoryRatio: (figures.tree_rss_mb ?? figures.peak_rss_mb) / (cold.treeRssMb ?? cold.peakRssMb), jsRatio: ours ? (figures.browser_js_gzip_kb ?? figures.js_gzip_kb) / ours.jsGzipKb : undefined };
    results.push(row);
    console.log(`  ${peer} ${figures.version}: ${fixed(figures.wall_s, 1)} s wall, process tree ${fixed(figures.tree_rss_mb ?? figures.peak_rss_mb, 0)} MB, first-load JS ${fixed(figures.browser_js_gzip_kb ?? figures.js_gzip_kb)} KB gzip -> docsite is ${fixed(row.buildRatio)}x faster, uses ${fixed(1 / row.memoryRatio * 100, 0)}% of its memory and ${fixed(row.jsRatio ? 100 / row.jsRatio : undefined, 0)}% of its first-load JS`);
  }
}
// Versions and locales: the 200-page corpus as 6 variants of each page against its single build (targets: at
// most 3 times its time and 1.5 times its peak memory; skipped with --no-variants).
let variants;
if (options.variants) {
  variants = await variantsBench();
  results.push(variants);
}
// The bundled Memora site: the search index budget (400 KB gzip) is set for it, and so are the client JS
// budgets of its docs, API and home pages and the navigation target (issue 23; skipped with --no-memora).
let navigation;
{
  const siteDir = join(ROOT, 'content');
  const build = await run(process.execPath, [BIN, 'build', siteDir, '--quiet'], { env: { ...process.env, NO_COLOR: '1' } });
  if (build.code !== 0) throw new Error(`docsite build of content/ failed:\n${build.stderr}`);
  const size = searchIndexSize(join(siteDir, 'build'));
  results.push({ corpus: 'content', kind: 'search', ...size });
  console.log(`bundled site search files: ${fixed(size.gzipKb)} KB gzip (${fixed(size.rawKb)} KB raw)`);
  if (options.memora) {
    results.push(...(await memoraBudgets(siteDir)));
    try {
      navigation = await navigationBench({ siteDir });
      results.push({ corpus: 'content', kind: 'navigation', ...navigation });
    } catch (error) {
      navigation = { error: error.message };
    }
  }
}
// The API reference of a 1200-operation synthetic document (issue 6: under 15 s and 1.5 GB).
{
  const row = await apiBench(1200);
  results.push({ corpus: 'api-1200', kind: 'cold', ...row });
  console.log(`API reference, ${row.operations} operations: ${row.pages} pages in ${fixed(row.wallS, 2)} s wall, peak RSS ${fixed(row.peakRssMb, 0)} MB\n             ${row.stages}`);
}
// Public OpenAPI documents (issue 26), from .cache/openapi/ only: each one not cached is reported as such and
// skipped (skipped altogether with --no-openapi). Its figures go to bench/openapi.json.
if (options.openapi) await openapiCorpusBench();
// The authoring loop (issue 9): dev server start-up and edit-to-screen time in Chromium.
if (options.dev) {
  const row = await devBench({ edits: 10 });
  results.push({ corpus: 'content', kind: 'dev', ...row });
  printDevBench(row, 'the bundled site');
}
printTable(results);
// The 5000-page corpus must stay flat: within a few KB of the 1000-page figure, from this run or the last one.
const previousRows = previousResults();
const isBudget = (corpus) => (row) => row.corpus === corpus && row.kind === 'js-budget' && !row.error;
const flat = results.find(isBudget(5000));
if (flat) {
  const reference = results.find(isBudget(1000));
  const earlier = reference ? undefined : previousRows.find(isBudget(1000));
  applyFlatBudget(flat, (reference ?? earlier)?.jsGzipKb, earlier?.date);
}
printSearchCost(results.filter((row) => row.kind === 'search-cost'));
printBudgets(results.filter((row) => row.kind === 'js-budget'));
if (navigation) printNavigation(navigation);
if (variants) printVariants(variants);
const kept = writeResults(results);
console.log(`results written to bench/results.json${kept ? ` (with ${kept} earlier rows of other corpora)` : ''}`);

async function measureSearch(dir, samplePage, coldRow) {
  const size = searchIndexSize(join(dir, 'build'));
  const match = /search index ([\d.]+) (ms|s)\b/.exec(coldRow?.stages ?? '');
  const indexS = match ? Number(match[1]) / (match[2] === 'ms' ? 1000 : 1) : undefined;
  const latency = await searchLatency(dir, samplePage);
  const row = { ...size, buildS: indexS, buildShare: indexS !== undefined && coldRow ? indexS / coldRow.wallS : undefined, ...latency };
  console.log(
    `  search: files ${fixed(row.gzipKb)} KB gzip (docs ${fixed(row.docsGzipKb)}, index ${fixed(row.indexGzipKb)}; ${fixed(row.rawKb / 1024, 2)} MB raw), ` +
      `built in ${fixed(indexS, 2)} s = ${fixed((row.buildShare ?? NaN) * 100)}% of the cold build (alongside esbuild)\n` +
      `          in Chromium: index fetch ${fixed(row.indexFetchMs, 0)} ms + load ${fixed(row.indexLoadMs, 0)} ms; ${row.queries} queries, median ${fixed(row.queryMedianMs, 2)} ms, p95 ${fixed(row.queryP95Ms, 2)} ms; ` +
      `keystroke to rendered results median ${fixed(row.keystrokeMedianMs, 1)} ms, p95 ${fixed(row.keystrokeP95Ms, 1)} ms`,
  );
  return row;
}

function print(row) {
  console.log(
    `${String(row.corpus).padStart(5)} pages ${row.kind.padEnd(4)}: ${fixed(row.wallS, 2)} s wall, ${row.pagesPerS ? `${fixed(row.pagesPerS, 0)} pages/s, ` : ''}${fixed(row.cpuS, 1)} s CPU, peak RSS ${fixed(row.peakRssMb, 0)} MB (process tree ${fixed(row.treeRssMb, 0)} MB)\n             ${row.stages}`,
  );
  // The memory curve of a big corpus's cold build (issue 30 asks for it at 10,000 pages): where the peak is, and when.
  if (row.kind === 'cold' && row.corpus >= 5000 && row.treeRssCurveMb?.length) console.log(`             process tree MB, each ${RSS_CURVE_STEP_S} s: ${row.treeRssCurveMb.join(' ')}`);
}

/** Runs `build` with one sentence added to the sample page's text, then puts the page back. */
async function withEditedPage(dir, samplePage, build) {
  const file = ['.md', '.mdx'].map((extension) => join(dir, `${samplePage.replace(/^\//, '')}${extension}`)).find((candidate) => existsSync(candidate));
  if (!file) return { error: `no source file for ${samplePage}` };
  const original = readFileSync(file, 'utf8');
  writeFileSync(file, `${original.trimEnd()}\n\nOne more sentence, added by the benchmark.\n`);
  try {
    return await build();
  } finally {
    writeFileSync(file, original);
  }
}

function readLoad() {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  } catch {
    return '?';
  }
}

/** The figures a reader compares tools by, one row per corpus. */
function printTable(rows) {
  const corpora = [...new Set(rows.filter((row) => typeof row.corpus === 'number').map((row) => row.corpus))];
  const header = ['corpus', 'cold s', 'pages/s', 'peak MB', 'tree MB', 'warm s', 'one edit s', 'out MB', 'JS KB gz', 'CSS KB gz', 'search KB gz', 'dev start to page s', 'same, 1st after build s', 'save ms'];
  const lines = corpora.map((corpus) => {
    const of = (kind) => rows.find((row) => row.corpus === corpus && row.kind === kind) ?? {};
    const cold = of('cold');
    const load = of('first-load');
    const dev = of('dev');
    return [corpus, fixed(cold.wallS, 2), fixed(cold.pagesPerS, 0), fixed(cold.peakRssMb, 0), fixed(cold.treeRssMb, 0), fixed(of('warm').wallS, 2), fixed(of('edit').wallS, 2), fixed(cold.outMb), fixed(load.jsGzipKb), fixed(load.cssGzipKb), fixed(of('search').gzipKb, 0), fixed(dev.startupMs === undefined ? undefined : dev.startupMs / 1000, 2), fixed(dev.firstStart === undefined ? undefined : dev.firstStart.startupMs / 1000, 2), fixed(dev.medianMs, 0)];
  });
  const widths = header.map((title, index) => Math.max(title.length, ...lines.map((line) => String(line[index]).length)));
  const format = (cells) => `| ${cells.map((cell, index) => String(cell).padStart(widths[index])).join(' | ')} |`;
  console.log(`\n${format(header)}\n|${widths.map((width) => `${'-'.repeat(width + 1)}:`).join('|')}|`);
  for (const line of lines) console.log(format(line));
  for (const row of rows.filter((candidate) => candidate.kind === 'peer')) {
    console.log(`vs ${row.peer} on ${row.corpus} pages: ${fixed(row.buildRatio)}x faster cold build, ${fixed(100 / row.memoryRatio, 0)}% of its peak memory (process trees), ${fixed(row.jsRatio ? 100 / row.jsRatio : undefined, 0)}% of its first-load JS`);
  }
}
