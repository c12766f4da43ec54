// Search figures for `npm run bench`: index size on disk (raw and gzip), and query latency in
// Chromium after the index has loaded — both the engine alone and a keystroke in the real search
// box through to the rendered results; and what a reader's first search costs (run alone, see below).
// Imported by bench.mjs; not a test, nothing here can fail on a slow machine.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/browser/chromium.mjs';
import { corpus, fixed, measureBuild, writeResults } from './bench-corpus.mjs';

const ROOT = new URL('..', import.meta.url).pathname;

/** Sizes of this build's search files: the two entry files, and a big site's shards (assets/search). */
export function searchIndexSize(buildDir) {
  const files = readdirSync(buildDir).filter((name) => /^(search-doc|lunr-index)-\d+\.json$/.test(name)).map((name) => join(buildDir, name));
  const shardDir = join(buildDir, 'assets', 'search');
  const shards = existsSync(shardDir) ? readdirSync(shardDir).filter((name) => /^[thd]-.*\.json$/.test(name)).map((name) => join(shardDir, name)) : [];
  const sizes = { rawKb: 0, gzipKb: 0, docsGzipKb: 0, indexGzipKb: 0, shards: shards.length };
  for (const file of [...files, ...shards]) {
    const bytes = readFileSync(file);
    const gzip = gzipSync(bytes, { level: 9 }).length / 1024;
    sizes.rawKb += bytes.length / 1024;
    sizes.gzipKb += gzip;
    if (/search-doc-\d+\.json$/.test(file)) sizes.docsGzipKb = gzip;
    else if (/lunr-index-\d+\.json$/.test(file)) sizes.indexGzipKb = gzip;
  }
  return sizes;
}

/**
 * Queries a reader would type, drawn from the corpus itself so every corpus gets a fair set: each
 * prefix of common title words as they are typed, two-word queries, and one-letter typos.
 */
function queriesFor(buildDir) {
  const docs = allDocs(buildDir);
  const counts = new Map();
  for (const doc of docs) for (const word of `${doc.t} ${doc.h ?? ''}`.toLowerCase().match(/[a-z]{4,}/g) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  const words = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 40)
    .map(([word]) => word);
  const queries = [];
  for (const word of words.slice(0, 12)) for (let length = 1; length <= word.length; length++) queries.push(word.slice(0, length));
  for (let i = 0; i + 1 < words.length; i += 2) queries.push(`${words[i]} ${words[i + 1]}`);
  for (const word of words.filter((w) => w.length >= 5).slice(0, 12)) queries.push(word.slice(0, 2) + word[3] + word[2] + word.slice(4));
  queries.push('no-such-word-anywhere', 'how do i configure the server');
  return queries;
}

/** Every search document of a build, from its one file or, for a sharded index, from its document shards. */
function allDocs(buildDir) {
  const docsFile = readdirSync(buildDir).find((name) => /^search-doc-\d+\.json$/.test(name));
  const entry = JSON.parse(readFileSync(join(buildDir, docsFile), 'utf8'));
  if (Array.isArray(entry)) return entry;
  const { prefix, names } = entry.shards;
  return (names.match(/.{10}/g) ?? []).flatMap((name) => JSON.parse(readFileSync(join(buildDir, `${prefix}${name}.json`), 'utf8')));
}

async function bundleHarness() {
  const result = await build({
    stdin: {
      contents: `
        import { search } from './src/client/search/engine';
        import { openSearchSource } from './src/client/search/open-source';
        window.__benchSearch = async (files, queries, rounds) => {
          const fetchStart = performance.now();
          const fetchJson = (url) => fetch(url).then((r) => r.json());
          const absolute = { docs: new URL(files.docs, location.href).href, index: new URL(files.index, location.href).href };
          const source = await openSearchSource(absolute, fetchJson);
          const loadStart = performance.now();
          // A sharded index loads as queries need it: the warm-up round fetches what these queries read.
          const loadEnd = performance.now();
          const times = [];
          let hits = 0;
          for (let round = 0; round < rounds; round++) {
            for (const query of queries) {
              const start = performance.now();
              hits += (await search(source, query)).pages.length;
              times.push(performance.now() - start);
            }
          }
          return { fetchMs: loadStart - fetchStart, loadMs: loadEnd - loadStart, times, hits };
        };`,
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

function serve(siteDir) {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'docsite.js'), 'serve', siteDir, '--port', '0', '--host', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk) => {
      output += chunk;
      const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve({ origin: match[1], stop: () => child.kill('SIGTERM') });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`docsite serve exited with ${code}:\n${output}`)));
  });
}

const gzipSizes = new Map();
/** A built file's size gzipped at level 9 (0 for a page's own path, which is not a file). */
function gzipSizeOf(file) {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = existsSync(file) && statSync(file).isFile() ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
    gzipSizes.set(file, size);
  }
  return size;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];

/** Query latency in Chromium on `samplePage` of the built site in `siteDir`. */
export async function searchLatency(siteDir, samplePage) {
  const buildDir = join(siteDir, 'build');
  const queries = queriesFor(buildDir);
  const [server, harness, browser] = await Promise.all([serve(siteDir), bundleHarness(), chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })]);
  try {
    // The site's Content-Security-Policy allows no inline script but its own: the bench's harness is one.
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await page.goto(server.origin + samplePage, { waitUntil: 'networkidle' });

    // The engine alone: three rounds over every query after one warm-up round.
    await page.addScriptTag({ content: harness });
    // The search files are named by the route manifest, which the boot data names.
    const files = await page.evaluate(async () => {
      const boot = JSON.parse(document.getElementById('__docsite-boot').textContent);
      const manifest = await (await fetch(boot.manifest)).json();
      return { ...manifest.search, worker: boot.searchWorker };
    });
    await page.evaluate(([f, q]) => window.__benchSearch(f, q, 1), [files, queries]);
    const engine = await page.evaluate(([f, q]) => window.__benchSearch(f, q, 3), [files, queries]);
    const times = engine.times.sort((a, b) => a - b);

    // The real box: set the text as a keystroke would, then wait for React to commit the results.
    await page.locator('input[type="search"]').first().focus();
    await page.waitForFunction(() => document.querySelector('input[type="search"]').placeholder === 'Search');
    const ui = await page.evaluate(async (list) => {
      const input = document.querySelector('input[type="search"]');
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      const results = [];
      for (const query of list) {
        const start = performance.now();
        setValue.call(input, query);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await Promise.resolve(); // React commits discrete updates in a microtask queued before this one resumes
        results.push(performance.now() - start);
      }
      return results;
    }, queries);
    const uiTimes = ui.sort((a, b) => a - b);
    return {
      queries: queries.length,
      indexFetchMs: engine.fetchMs,
      indexLoadMs: engine.loadMs,
      queryMedianMs: percentile(times, 0.5),
      queryP95Ms: percentile(times, 0.95),
      keystrokeMedianMs: percentile(uiTimes, 0.5),
      keystrokeP95Ms: percentile(uiTimes, 0.95),
    };
  } finally {
    await browser.close();
    server.stop();
  }
}

// ---------------------------------------------------------------------------------------------------------
// What search costs a reader (issue: scaling search), from the first keystroke in the navbar box to the first
// results on screen, in a cold browser: bytes over the wire, time with and without a slow network, and the
// longest main-thread task meanwhile. The figures the sharded index is to be judged against.
//
//   node scripts/bench-search.mjs [--pages 1000,5000,10000] [--runs N] [--rebuild]

/**
 * Two queries a reader would type, fixed so that runs compare: words the generator writes on many pages of
 * every corpus size ("certificate" on two pages in three of the 1000-page corpus, "retry" and "cluster" on
 * more than a third), not drawn from the index as queriesFor() does, since that list shifts with the corpus.
 */
export const COST_QUERIES = [
  { name: 'one word', text: 'certificate' },
  { name: 'two words', text: 'retry cluster' },
];

/**
 * Chrome DevTools' "Fast 3G" preset (the "applied" form of Lighthouse's 150 ms RTT, 1.6 Mbps mobile profile):
 * 150 ms x 3.75 = 562.5 ms added to each request, 1.6 Mbps x 0.9 = 180,000 bytes/s down, 750 kbps x 0.9 =
 * 84,375 bytes/s up.
 */
export const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };

/** The issue's targets, beside which the figures are printed. */
export const COST_TARGETS = { kbAt1000: 150, kbAt10000: 300, fast3gMs: 300, longTaskMs: 50 };

/** Reads the page's own clock for the first keystroke, the first result drawn and the long tasks between. */
function installProbe() {
  const probe = { longTasks: [] };
  window.__searchCost = probe;
  // Capture phase on the document: the keystroke is seen before the box (or the Ctrl+K handler) acts on it.
  document.addEventListener('keydown', (event) => (probe.keyAt ??= event.timeStamp), { capture: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask' });
  const seen = () => {
    if (!document.querySelector('.navbar-search-panel a.search-hit')) return;
    const typed = document.querySelector('input[type="search"]').value;
    // The frame after the commit is when the reader can see them.
    if (probe.shownAt === undefined) {
      probe.shownAt = performance.now();
      probe.query = typed;
      requestAnimationFrame(() => (probe.paintedAt = performance.now()));
    }
    // The first results may answer what was typed so far; these answer the whole query.
    if (probe.fullAt === undefined && typed === probe.target) {
      probe.fullAt = performance.now();
      requestAnimationFrame(() => (probe.fullPaintedAt = performance.now()));
    }
  };
  // Attributes too: results for the whole query can differ from a prefix's in their links only.
  new MutationObserver(seen).observe(document.body, { childList: true, subtree: true, attributes: true });
}

/**
 * One search in a fresh browser context (empty HTTP cache, as for a reader's first search on the site): loads
 * `samplePage`, then presses Ctrl+K (the first keystroke: it focuses the box, which starts the load) and types
 * `query` at once, and waits for the first result link. `network`: CDP network conditions, or none.
 */
async function searchOnce(browser, origin, siteDir, samplePage, query, network) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // Chromium asks for brotli, which `docsite serve` prefers; the issue's budgets are in gzip, so ask for that.
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'gzip' } });
    await page.goto(origin + samplePage, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.querySelector('input[type="search"]')?.placeholder === 'Search');
    await page.evaluate(installProbe);
    // Throttled from here on only: the page itself is loaded already when a reader starts to type.
    if (network) await cdp.send('Network.emulateNetworkConditions', network);

    // Every request from here on, the search worker's too (a page's CDP session sees only the page's own).
    const requests = [];
    page.on('request', (request) => requests.push(request));

    await page.evaluate((text) => (window.__searchCost.target = text), query);
    // Typed at once, as fast as CDP delivers keys: the figures are the page's, not a typist's.
    await page.keyboard.press('Control+k');
    await page.keyboard.type(query);
    await page.waitForFunction(() => window.__searchCost.fullPaintedAt !== undefined, undefined, { timeout: 300_000, polling: 50 });
    const probe = await page.evaluate(() => window.__searchCost);
    // Bytes as a host serving gzip sends them: each file gzipped (level 9) plus its response headers. The worker's
    // requests cannot be told to ask for gzip, and Chromium asks for brotli, which is smaller: this counts gzip.
    const files = await Promise.all(
      requests.map(async (request) => {
        const response = await request.response().catch(() => null);
        const headers = response ? await response.headersArray().catch(() => []) : [];
        const headerBytes = headers.reduce((sum, { name, value }) => sum + name.length + value.length + 4, 17);
        const path = decodeURIComponent(new URL(request.url()).pathname);
        return { file: path, bytes: gzipSizeOf(join(siteDir, 'build', path)) + headerBytes, encoding: headers.find(({ name }) => name.toLowerCase() === 'content-encoding')?.value ?? 'identity' };
      }),
    );
    const isIndex = (file) => /\/(search-doc|lunr-index)-\d+\.json$/.test(file.file) || /\/assets\/search\/[thd]-[a-z2-7]+\.json$/.test(file.file);
    // Long tasks from the keystroke to the whole query's results painted: the index arrives, is parsed and
    // loaded, and the results render, all on the main thread.
    const tasks = probe.longTasks.filter((task) => task.start + task.duration >= probe.keyAt && task.start <= probe.fullPaintedAt);
    return {
      query,
      typed: probe.query,
      firstResultsMs: probe.paintedAt - probe.keyAt,
      fullResultsMs: probe.fullPaintedAt - probe.keyAt,
      transferKb: files.reduce((sum, file) => sum + file.bytes, 0) / 1024,
      indexTransferKb: files.filter(isIndex).reduce((sum, file) => sum + file.bytes, 0) / 1024,
      requests: files.length,
      encodings: [...new Set(files.map((file) => file.encoding))].join(','),
      longestTaskMs: Math.max(0, ...tasks.map((task) => task.duration)),
      longTasksOver50: tasks.filter((task) => task.duration > 50).length,
      files,
    };
  } finally {
    await context.close();
  }
}

/**
 * The cost of each COST_QUERIES query on the built site in `siteDir`, unthrottled and on Fast 3G, `runs` times
 * each (the median run is kept, by time to first results).
 */
export async function searchCost(siteDir, samplePage, { runs = 1 } = {}) {
  const [server, browser] = await Promise.all([serve(siteDir), chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })]);
  try {
    // One search unmeasured first: `docsite serve` compresses each file on its first request and keeps it, and a
    // real host serves files compressed ahead of time, so no measured run should wait for the compressor.
    await searchOnce(browser, server.origin, siteDir, samplePage, COST_QUERIES[0].text);
    const measured = [];
    for (const query of COST_QUERIES) {
      for (const [network, conditions] of [['none', undefined], ['fast-3g', FAST_3G]]) {
        const samples = [];
        for (let run = 0; run < runs; run++) samples.push(await searchOnce(browser, server.origin, siteDir, samplePage, query.text, conditions));
        samples.sort((a, b) => a.firstResultsMs - b.firstResultsMs);
        const median = samples[Math.floor((samples.length - 1) / 2)];
        measured.push({ name: query.name, network, ...median, longestTaskMs: Math.max(...samples.map((sample) => sample.longestTaskMs)) });
      }
    }
    return { fast3g: FAST_3G, runs, load: loadAverage(), measured };
  } finally {
    await browser.close();
    server.stop();
  }
}

function loadAverage() {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return '?';
  }
}

// First results, and in brackets those of the whole query when a prefix's came first.
const timing = (m) => `${fixed(m.firstResultsMs, 0)}${m.fullResultsMs - m.firstResultsMs >= 1 ? ` (${fixed(m.fullResultsMs, 0)})` : ''}`;

/** One line per corpus and query, beside the issue's targets. */
export function printSearchCost(rows) {
  const header = ['pages', 'query', 'files KB gz', 'sent KB', 'of which index', 'first results ms', 'on Fast 3G ms', 'longest task ms', 'load', 'targets missed'];
  const lines = [];
  for (const row of rows) {
    for (const query of COST_QUERIES) {
      const fast = row.measured.find((m) => m.name === query.name && m.network === 'none');
      const slow = row.measured.find((m) => m.name === query.name && m.network === 'fast-3g');
      if (!fast || !slow) continue;
      lines.push([row.corpus, query.text, fixed(row.gzipKb, 0), fixed(slow.transferKb, 0), fixed(slow.indexTransferKb, 0), timing(fast), timing(slow), fixed(Math.max(fast.longestTaskMs, slow.longestTaskMs), 0), row.load.split(' ')[0], missedTargets(row.corpus, fast, slow).join(', ') || '-']);
    }
  }
  const widths = header.map((title, index) => Math.max(title.length, ...lines.map((line) => String(line[index]).length)));
  const format = (cells) => `| ${cells.map((cell, index) => (index === 1 || index === cells.length - 1 ? String(cell).padEnd(widths[index]) : String(cell).padStart(widths[index]))).join(' | ')} |`;
  console.log(`\n${format(header)}\n|${widths.map((width, index) => (index === 1 || index === widths.length - 1 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`);
  for (const line of lines) console.log(format(line));
  const net = FAST_3G;
  console.log(
    `targets: <= ${COST_TARGETS.kbAt1000} KB gzip at 1000 pages and <= ${COST_TARGETS.kbAt10000} KB at 10,000 from keystroke to first results; ` +
      `<= ${COST_TARGETS.fast3gMs} ms to first results on Fast 3G (${net.latency} ms per request, ${net.downloadThroughput / 1000} KB/s down, ${net.uploadThroughput / 1000} KB/s up); no long task over ${COST_TARGETS.longTaskMs} ms`,
  );
}

function missedTargets(pages, fast, slow) {
  const missed = [];
  // The issue sets a KB target at 1000 and at 10,000 pages only.
  const kbTarget = { 1000: COST_TARGETS.kbAt1000, 10000: COST_TARGETS.kbAt10000 }[pages];
  if (kbTarget !== undefined && slow.transferKb > kbTarget) missed.push(`KB > ${kbTarget}`);
  if (slow.firstResultsMs > COST_TARGETS.fast3gMs) missed.push(`3G > ${COST_TARGETS.fast3gMs} ms`);
  if (Math.max(fast.longestTaskMs, slow.longestTaskMs) > COST_TARGETS.longTaskMs) missed.push(`task > ${COST_TARGETS.longTaskMs} ms`);
  return missed;
}

/**
 * The corpus's build, made only when there is none newer than the corpus's manifest (the generator rewrites the
 * manifest with the corpus): a 10,000-page build takes minutes on two cores, and `npm run bench` leaves one.
 */
async function builtCorpus(pages, rebuild) {
  const { dir, samplePage } = await corpus(pages);
  const buildDir = join(dir, 'build');
  const docsFile = existsSync(buildDir) ? readdirSync(buildDir).find((name) => /^search-doc-\d+\.json$/.test(name)) : undefined;
  const current = docsFile && existsSync(join(buildDir, samplePage, 'index.html')) && statSync(join(buildDir, docsFile)).mtimeMs > statSync(join(dir, 'corpus-manifest.json')).mtimeMs;
  if (rebuild || !current) {
    console.log(`${pages} pages: building (minutes for the largest corpora)…`);
    const built = await measureBuild(dir);
    console.log(`${pages} pages: built ${built.pages} pages in ${fixed(built.wallS, 1)} s`);
  } else console.log(`${pages} pages: reusing the build in the corpus folder (--rebuild to make it again)`);
  return { dir, samplePage };
}

async function main(argv) {
  const usage = 'usage: node scripts/bench-search.mjs [--pages 1000,5000,10000] [--runs N] [--rebuild]';
  const options = { pages: [1000, 5000, 10_000], runs: 1, rebuild: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--pages') options.pages = argv[++i].split(',').map(Number);
    else if (argv[i] === '--runs') options.runs = Number(argv[++i]);
    else if (argv[i] === '--rebuild') options.rebuild = true;
    else {
      console.error(`bench-search: unknown argument ${argv[i]}\n${usage}`);
      process.exit(2);
    }
  }
  if (options.pages.some((n) => !Number.isInteger(n) || n < 8) || !(options.runs >= 1)) {
    console.error(usage);
    process.exit(2);
  }
  const rows = [];
  for (const pages of options.pages) {
    const { dir, samplePage } = await builtCorpus(pages, options.rebuild);
    const cost = await searchCost(dir, samplePage, { runs: options.runs });
    const row = { corpus: pages, kind: 'search-cost', ...searchIndexSize(join(dir, 'build')), ...cost };
    rows.push(row);
    for (const m of cost.measured) console.log(`  ${m.name} (${m.network}): ${fixed(m.transferKb)} KB in ${m.requests} requests (${m.encodings}), first results ${fixed(m.firstResultsMs, 0)} ms, longest task ${fixed(m.longestTaskMs, 0)} ms (load ${cost.load})`);
  }
  printSearchCost(rows);
  const kept = writeResults(rows);
  console.log(`results written to bench/results.json${kept ? ` (with ${kept} earlier rows)` : ''}`);
}

// Run alone: build (or reuse) the corpora and measure them; imported by bench.mjs, it only lends its functions.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));
