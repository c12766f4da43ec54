#!/usr/bin/env node
// The authoring loop, measured on the bundled Memora site: how long `docsite dev` takes to start
// and answer its first page (its first start after a build, and the next one), and how long an edit
// to one Markdown page takes to show in an open Chromium page (from the file write to the new text on screen).
//
//   node scripts/bench-dev.mjs [--edits 10] [--page docs/overview/introduction.md]
//
// A benchmark, never a test: it prints figures and fails only when something does not work.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/browser/chromium.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'docsite.js');

export async function devBench({ siteDir = join(ROOT, 'content'), edits = 10, page = 'docs/overview/introduction.md', route = '/docs/overview/introduction' } = {}) {
  const site = mkdtempSync(join(tmpdir(), 'docsite-dev-bench-'));
  // The build's caches come along (compiled Markdown): the first start is an author's first `docsite dev` after a
  // build; the second is the next one, with what the first kept (the runtime bundles, parsed front matter).
  cpSync(siteDir, site, { recursive: true, filter: (path) => !path.startsWith(join(siteDir, 'build')) });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const first = await startServer(site, route);
    await first.stop();
    const server = await startServer(site, route);
    try {
      const tab = await browser.newPage();
      await tab.goto(server.origin + route);
      await tab.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await tab.evaluate(() => window.scrollTo(0, 600));
      const file = join(site, page);
      const original = readFileSync(file, 'utf8');
      const times = [];
      for (let i = 1; i <= edits; i++) {
        const marker = `Edited paragraph number ${i} for the benchmark.`;
        const writtenAt = Date.now();
        writeFileSync(file, `${original.trimEnd()}\n\n${marker}\n`);
        await tab.waitForFunction((text) => document.getElementById('__docsite')?.textContent?.includes(text), marker, { polling: 'raf', timeout: 10_000 });
        times.push(Date.now() - writtenAt);
        // Let the file settle so each edit is measured on its own.
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      const scrollKept = (await tab.evaluate(() => window.scrollY)) > 0;
      times.sort((a, b) => a - b);
      const quantile = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
      return { readyMs: server.readyMs, firstPageMs: server.firstPageMs, startupMs: server.startupMs, firstStart: { readyMs: first.readyMs, firstPageMs: first.firstPageMs, startupMs: first.startupMs }, edits, medianMs: quantile(0.5), p90Ms: quantile(0.9), maxMs: times.at(-1), scrollKept };
    } finally {
      await server.stop();
    }
  } finally {
    await browser.close();
    rmSync(site, { recursive: true, force: true });
  }
}

/** Starts `docsite dev` on the site and times it: to the "ready" line, and to the first page's HTML. */
async function startServer(site, route) {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, 'dev', site, '--port', '0', '--host', '127.0.0.1'], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // The server may still be writing its caches: it is stopped as an author stops it, and waited for.
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  try {
    const origin = await waitFor(() => /(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1], () => output);
    const readyMs = performance.now() - started;
    const firstStarted = performance.now();
    const response = await fetch(origin + route);
    if (response.status !== 200) throw new Error(`GET ${route}: ${response.status}`);
    await response.text();
    return { origin, readyMs, firstPageMs: performance.now() - firstStarted, startupMs: performance.now() - started, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function waitFor(probe, describe, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`docsite dev did not start:\n${describe()}`);
}

export function printDevBench(result, what = 'the bundled site') {
  const first = result.firstStart;
  console.log(`\ndocsite dev on ${what}: ready in ${(result.readyMs / 1000).toFixed(2)} s, first page ${Math.round(result.firstPageMs)} ms (${(result.startupMs / 1000).toFixed(2)} s from start to first page${first ? `; the first start after a build: ${(first.startupMs / 1000).toFixed(2)} s` : ''})`);
  console.log(`  edit -> open page updated: median ${result.medianMs} ms, p90 ${result.p90Ms} ms, max ${result.maxMs} ms over ${result.edits} edits; scroll position kept: ${result.scrollKept ? 'yes' : 'NO'}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const edits = args.includes('--edits') ? Number(args[args.indexOf('--edits') + 1]) : 10;
  printDevBench(await devBench({ edits }));
}
