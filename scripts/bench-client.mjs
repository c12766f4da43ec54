#!/usr/bin/env node
// The browser side of issue 23: how much JavaScript a first visit costs, against its budgets, and how
// long a client-side navigation to a prefetched page takes, both measured in Chromium.
//
//   node scripts/bench-client.mjs [--no-build] [--navigations 10]
//
// Run alone, it builds the bundled Memora site (content/ into content/build) and measures its docs page,
// an API operation page and the home page, then times navigations between sidebar links. It prints and
// records nothing else: `npm run bench` calls the same functions, adds the generated corpora's sample pages
// and writes the rows to bench/results.json. A benchmark, never a test: a figure over its budget prints
// OVER and the exit code stays 0; only something that does not work at all (a failed build) fails.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/browser/chromium.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'docsite.js');
export const BENCH_TOOLS = resolve(process.env.DOCSITE_BENCH_TOOLS ?? join(ROOT, '..', 'shared', 'bench'));
export const MEMORA_DIR = join(ROOT, 'content');

/** First-load budgets in KiB of gzip JavaScript (issue 23). The 5000-page corpus must stay flat: its budget is the 1000-page figure plus this. */
export const BUDGETS_KB = { memoraDocs: 85, memoraApi: 90, memoraHome: 85, corpus1000: 90 };
export const FLAT_SLACK_KB = 5;
/** Click on a prefetched link to the new page painted (issue 23). */
export const NAVIGATION_TARGET_MS = 50;

const MEMORA_PAGES = [
  { label: 'Memora docs page', page: '/docs/overview/introduction', file: 'docs/overview/introduction/index.html', budgetKb: BUDGETS_KB.memoraDocs },
  { label: 'Memora API operation', page: '/docs/api/login', file: 'docs/api/login/index.html', budgetKb: BUDGETS_KB.memoraApi },
  { label: 'Memora home', page: '/', file: 'index.html', budgetKb: BUDGETS_KB.memoraHome },
];

/** Runs a command to its end: { code, stdout, stderr } (code -1 when it cannot start). scripts/bench.mjs uses it too. */
export function run(command, args, options = {}) {
  return new Promise((resolvePromise) => {
    const { onSpawn, ...spawnOptions } = options;
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...spawnOptions });
    onSpawn?.(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => resolvePromise({ code: -1, stdout, stderr: `${stderr}${error.message}` }));
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
  });
}

/** `docsite build content --quiet`; throws when the build fails (there is nothing to measure then). */
export async function buildMemora(siteDir = MEMORA_DIR) {
  const build = await run(process.execPath, [BIN, 'build', siteDir, '--quiet'], { env: { ...process.env, NO_COLOR: '1' } });
  if (build.code !== 0) throw new Error(`docsite build of ${siteDir} failed:\n${build.stderr}`);
}

/**
 * What headless Chromium fetches for one built page until it is idle, prefetches left out: the shared
 * first-load-js.mjs in --browser mode, plus which of the fetched JavaScript files mention `preact`
 * (production is meant to ship React). Returns { error } when the tool, the page or Chromium is missing.
 */
export async function browserFirstLoad(htmlFile, outRoot) {
  const script = join(BENCH_TOOLS, 'first-load-js.mjs');
  if (!existsSync(script)) return { error: `first-load-js.mjs not found in ${BENCH_TOOLS} (set DOCSITE_BENCH_TOOLS)` };
  if (!existsSync(htmlFile)) return { error: `${htmlFile} was not built` };
  const result = await run(process.execPath, [script, htmlFile, outRoot, '--browser', '--chromium', CHROMIUM_PATH, '--json', '--list']);
  if (result.code !== 0) return { error: (result.stderr.trim().split('\n').at(-1) ?? '') || `first-load-js exited with ${result.code}` };
  const figures = JSON.parse(result.stdout);
  // --list prints "  <raw> <gzip>  <url path>" per counted file on stderr; prefetches are marked "(prefetch)".
  const files = [];
  for (const line of result.stderr.split('\n')) {
    const match = /^\s*\d+\s+\d+\s+(\S+)$/.exec(line);
    if (match && /\.m?js$/.test(match[1])) files.push(match[1]);
  }
  const preactFiles = files.filter((url) => {
    const file = join(outRoot, decodeURIComponent(url));
    return existsSync(file) && readFileSync(file, 'utf8').includes('preact');
  });
  return {
    jsGzipKb: figures.js_gzip / 1024,
    jsRawKb: figures.js_raw / 1024,
    jsFiles: figures.js_files,
    cssGzipKb: figures.css_gzip / 1024,
    prefetchJsGzipKb: figures.prefetch_js_gzip / 1024,
    files,
    preactFiles,
  };
}

function budgetRow(corpus, label, page, budgetKb, load) {
  if (load.error) return { corpus, kind: 'js-budget', label, page, budgetKb, error: load.error };
  const overKb = budgetKb === undefined ? undefined : Math.max(0, load.jsGzipKb - budgetKb);
  return { corpus, kind: 'js-budget', label, page, ...load, budgetKb, overKb, ok: overKb === undefined ? undefined : overKb === 0 };
}

/** The three Memora pages against their budgets (the site must be built already: see buildMemora). */
export async function memoraBudgets(siteDir = MEMORA_DIR) {
  const outRoot = join(siteDir, 'build');
  const rows = [];
  for (const { label, page, file, budgetKb } of MEMORA_PAGES) {
    rows.push(budgetRow('content', label, page, budgetKb, await browserFirstLoad(join(outRoot, file), outRoot)));
  }
  return rows;
}

/**
 * A generated corpus's sample page (built in `<dir>/build`). The 1000-page corpus has a fixed budget; the
 * 5000-page one gets its flat budget from applyFlatBudget once the 1000-page figure is known.
 */
export async function corpusBudget(pages, dir, samplePage) {
  const outRoot = join(dir, 'build');
  const budgetKb = pages === 1000 ? BUDGETS_KB.corpus1000 : undefined;
  return budgetRow(pages, `${pages}-page corpus sample`, samplePage, budgetKb, await browserFirstLoad(join(outRoot, samplePage, 'index.html'), outRoot));
}

/**
 * The 5000-page row's budget: within FLAT_SLACK_KB of the 1000-page figure, from this run or (with its
 * date) an earlier one. Without a 1000-page figure the row has no budget.
 */
export function applyFlatBudget(row, referenceKb, referenceDate) {
  if (row.error || referenceKb === undefined) return row;
  row.flatAgainstKb = referenceKb;
  if (referenceDate) row.flatAgainstDate = referenceDate;
  row.budgetKb = referenceKb + FLAT_SLACK_KB;
  row.overKb = Math.max(0, row.jsGzipKb - row.budgetKb);
  row.ok = row.overKb === 0;
  return row;
}

const fixed = (value, digits = 1) => (value === undefined || Number.isNaN(value) ? '?' : value.toFixed(digits));

export function printBudgets(rows) {
  if (!rows.length) return;
  const header = ['page', 'JS KB gz', 'budget KB', 'result'];
  const lines = rows.map((row) => {
    const name = `${row.label} (${row.page})`;
    if (row.error) return [name, '?', fixed(row.budgetKb), `not measured: ${row.error}`];
    const budget = row.flatAgainstKb !== undefined ? `${fixed(row.budgetKb)} (1000-page${row.flatAgainstDate ? ` of ${row.flatAgainstDate.slice(0, 10)}` : ''} + ${FLAT_SLACK_KB})` : fixed(row.budgetKb);
    const result = row.budgetKb === undefined ? 'no budget (needs the 1000-page figure)' : row.ok ? 'ok' : `OVER by ${fixed(row.overKb)} KB`;
    return [name, fixed(row.jsGzipKb), budget, result];
  });
  const widths = header.map((title, index) => Math.max(title.length, ...lines.map((line) => String(line[index]).length)));
  const format = (cells) => `| ${cells.map((cell, index) => (index === 1 || index === 2 ? String(cell).padStart(widths[index]) : String(cell).padEnd(widths[index]))).join(' | ')} |`;
  console.log('\nclient JS budgets: gzip KB of the JavaScript Chromium fetched before the page was idle (prefetches excluded)');
  console.log(`${format(header)}\n|${widths.map((width, index) => (index === 1 || index === 2 ? `${'-'.repeat(width + 1)}:` : `${'-'.repeat(width + 2)}`)).join('|')}|`);
  for (const line of lines) console.log(format(line));
  const measured = rows.filter((row) => !row.error);
  const withPreact = measured.filter((row) => row.preactFiles.length);
  if (!measured.length) return;
  if (!withPreact.length) console.log(`preact in the fetched JS: none (${measured.length} pages checked; production ships React)`);
  else for (const row of withPreact) console.log(`preact in the fetched JS of ${row.page}: YES, in ${row.preactFiles.join(', ')}`);
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** `docsite serve` on a free port; resolves with its origin once it says where it listens. */
async function startServe(siteDir) {
  const port = await freePort();
  const child = spawn(process.execPath, [BIN, 'serve', siteDir, '--port', String(port), '--host', '127.0.0.1'], { env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const origin = await new Promise((resolveOrigin, reject) => {
    const onData = (chunk) => {
      output += chunk;
      const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolveOrigin(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`docsite serve exited with ${code}:\n${output}`)));
  });
  const stop = () => {
    if (child.exitCode !== null) return Promise.resolve();
    const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
    child.kill('SIGTERM');
    return exited;
  };
  return { origin, stop };
}

/**
 * Client-side navigation on the built Memora site, served by `docsite serve`: on a docs page, the pointer
 * rests on a sidebar link to another docs page (the runtime loads its route chunk on that intent), and once
 * the chunk is in, a click; the time runs from the click event in the page to the first animation frame
 * after `<html data-route>` names the new path (the frame that paints it). The walk goes out to a new sidebar
 * link and back to the start page, `navigations` clicks in all; the median is the figure.
 */
export async function navigationBench({ siteDir = MEMORA_DIR, start = '/docs/overview/introduction', navigations = 10 } = {}) {
  const served = await startServe(siteDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const fetched = new Set();
    const inFlight = new Set();
    let lastNetworkEvent = Date.now();
    tab.on('request', (request) => {
      inFlight.add(request);
      lastNetworkEvent = Date.now();
    });
    tab.on('requestfinished', (request) => {
      fetched.add(request.url());
      inFlight.delete(request);
      lastNetworkEvent = Date.now();
    });
    tab.on('requestfailed', (request) => {
      inFlight.delete(request);
      lastNetworkEvent = Date.now();
    });
    const errors = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    await tab.goto(served.origin + start);
    await tab.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const boot = await tab.evaluate(() => JSON.parse(document.getElementById('__docsite-boot').textContent));
    const manifestResponse = await fetch(new URL(boot.manifest, served.origin));
    if (!manifestResponse.ok) throw new Error(`GET ${boot.manifest}: ${manifestResponse.status}`);
    const manifest = await manifestResponse.json();
    const routes = manifest.routes;
    // What the runtime loads for a route: its chunk, or for a page of static content its content file and its frame.
    const filesOf = (path) => {
      const entry = routes[path];
      return typeof entry === 'string' ? { chunk: entry } : { chunk: entry[1], frame: manifest.frames[entry[0]] };
    };
    // Sidebar links in view to other docs pages.
    const hrefs = await tab.evaluate(() =>
      [...document.querySelectorAll('.docs-sidebar a[href^="/docs/"]')].filter((anchor) => anchor.getClientRects().length > 0).map((anchor) => anchor.getAttribute('href')),
    );
    const routeOf = (href) => {
      const path = new URL(href, served.origin).pathname.replace(/(.)\/$/, '$1');
      return routes[path] ? path : undefined;
    };
    const targets = [...new Set(hrefs.map(routeOf).filter((path) => path && path !== start))];
    if (!targets.length) throw new Error(`no sidebar links to other docs pages on ${start}`);
    if (!hrefs.some((href) => routeOf(href) === start)) throw new Error(`the sidebar of ${start} has no link back to it`);

    const times = [];
    let prefetched = 0;
    let current = start;
    for (let i = 0; i < navigations; i++) {
      const next = current === start ? targets[Math.floor(i / 2) % targets.length] : start;
      const link = tab.locator(`.docs-sidebar a[href="${next}"], .docs-sidebar a[href="${next}/"]`).first();
      const files = filesOf(next);
      const chunk = new URL(files.chunk, served.origin).href;
      await link.hover();
      // The runtime's own fetch of the chunk or content file (hover intent, or the in-view prefetch hint earlier)...
      if (await until(() => fetched.has(chunk), 5_000)) prefetched++;
      // ...and the module graph loaded, the chunk's or the frame's (shares the runtime's import; fetches only if it
      // never started), then the network quiet for 100 ms, so that what the runtime loads on intent besides is in.
      await tab.evaluate((url) => import(url).then(() => undefined), files.frame ? new URL(files.frame, served.origin).href : chunk);
      await until(() => inFlight.size === 0 && Date.now() - lastNetworkEvent >= 100, 5_000);
      await tab.evaluate(
        (path) => {
          window.__docsiteNavigation = new Promise((resolveTime, reject) => {
            let clickedAt;
            window.addEventListener('click', () => (clickedAt = performance.now()), { capture: true, once: true });
            const observer = new MutationObserver(() => {
              if (document.documentElement.dataset.route !== path) return;
              observer.disconnect();
              clearTimeout(timer);
              requestAnimationFrame(() => resolveTime(performance.now() - clickedAt));
            });
            observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-route'] });
            const timer = setTimeout(() => {
              observer.disconnect();
              reject(new Error(`route ${path} did not render within 10 s`));
            }, 10_000);
          });
        },
        next,
      );
      await link.click();
      times.push(await tab.evaluate(() => window.__docsiteNavigation));
      current = next;
      // Let the new page settle (its in-view prefetch hints, idle work) before the next hover.
      await tab.waitForTimeout(300);
    }
    if (errors.length) throw new Error(`errors in the page during the navigations:\n${errors.join('\n')}`);
    const sorted = [...times].sort((a, b) => a - b);
    const quantile = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    const medianMs = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    return { page: start, navigations: times.length, prefetched, medianMs, p90Ms: quantile(0.9), minMs: sorted[0], maxMs: sorted.at(-1), targetMs: NAVIGATION_TARGET_MS, ok: medianMs <= NAVIGATION_TARGET_MS, timesMs: times };
  } finally {
    await browser.close();
    await served.stop();
  }
}

async function until(probe, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (probe()) return true;
    await new Promise((resolveTick) => setTimeout(resolveTick, 10));
  }
  return probe();
}

export function printNavigation(result) {
  if (result.error) {
    console.log(`\nclient navigation: not measured: ${result.error}`);
    return;
  }
  console.log(
    `\nclient navigation on ${result.page} (sidebar link, chunk prefetched on hover; click -> new route painted): ` +
      `median ${fixed(result.medianMs)} ms, p90 ${fixed(result.p90Ms)} ms, max ${fixed(result.maxMs)} ms over ${result.navigations} navigations ` +
      `(${result.prefetched} of them fetched by the runtime before the click); target <= ${result.targetMs} ms: ${result.ok ? 'ok' : `OVER by ${fixed(result.medianMs - result.targetMs)} ms`}`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const usage = 'usage: node scripts/bench-client.mjs [--no-build] [--navigations N]';
  let build = true;
  let navigations = 10;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--no-build') build = false;
    else if (args[i] === '--navigations' && Number.isInteger(Number(args[i + 1])) && Number(args[i + 1]) > 0) navigations = Number(args[++i]);
    else {
      console.error(`bench-client: unknown argument ${args[i]}\n${usage}`);
      process.exit(2);
    }
  }
  if (build) await buildMemora();
  printBudgets(await memoraBudgets());
  let navigation;
  try {
    navigation = await navigationBench({ navigations });
  } catch (error) {
    navigation = { error: error.message };
  }
  printNavigation(navigation);
}
