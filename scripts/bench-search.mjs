// Search figures for `npm run bench`: index size on disk (raw and gzip), and query latency in
// Chromium after the index has loaded — both the engine alone and a keystroke in the real search
// box through to the rendered results. Imported by bench.mjs; not a test, nothing here can fail
// on a slow machine.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/browser/chromium.mjs';

const ROOT = new URL('..', import.meta.url).pathname;

/** Sizes of this build's two search files. */
export function searchIndexSize(buildDir) {
  const files = readdirSync(buildDir).filter((name) => /^(search-doc|lunr-index)-\d+\.json$/.test(name));
  const sizes = { rawKb: 0, gzipKb: 0, docsGzipKb: 0, indexGzipKb: 0 };
  for (const name of files) {
    const bytes = readFileSync(join(buildDir, name));
    const gzip = gzipSync(bytes, { level: 9 }).length / 1024;
    sizes.rawKb += bytes.length / 1024;
    sizes.gzipKb += gzip;
    if (name.startsWith('search-doc')) sizes.docsGzipKb = gzip;
    else sizes.indexGzipKb = gzip;
  }
  return sizes;
}

/**
 * Queries a reader would type, drawn from the corpus itself so every corpus gets a fair set: each
 * prefix of common title words as they are typed, two-word queries, and one-letter typos.
 */
function queriesFor(buildDir) {
  const docsFile = readdirSync(buildDir).find((name) => name.startsWith('search-doc-'));
  const docs = JSON.parse(readFileSync(join(buildDir, docsFile), 'utf8'));
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

async function bundleHarness() {
  const result = await build({
    stdin: {
      contents: `
        import lunr from 'lunr';
        import { createEngine } from './src/client/search/engine';
        import { unpackSearchIndex } from './src/client/search/unpack';
        window.__benchSearch = async (files, queries, rounds) => {
          const fetchStart = performance.now();
          const [docs, packed] = await Promise.all([fetch(files.docs).then((r) => r.json()), fetch(files.index).then((r) => r.json())]);
          const loadStart = performance.now();
          const engine = createEngine(docs, lunr.Index.load(unpackSearchIndex(packed, lunr.version)));
          const loadEnd = performance.now();
          const times = [];
          let hits = 0;
          for (let round = 0; round < rounds; round++) {
            for (const query of queries) {
              const start = performance.now();
              hits += engine.search(query).pages.length;
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
    const files = await page.evaluate(() => JSON.parse(document.getElementById('__docsite-boot').textContent).search);
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
