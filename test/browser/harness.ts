import type { ChildProcess } from 'node:child_process';
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';
import { after, before } from 'node:test';
import { builtMemoraSite, makeSite, removeSite, runCli, startServe } from '../helpers';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

// Browser tests run against a real build served by the real `docsite serve`.

export interface ServedSite {
  origin: string;
  stop(): Promise<void>;
}

/** Builds `siteDir` with the CLI, then serves it on a free port. */
export async function buildAndServe(siteDir: string, buildArgs: string[] = []): Promise<ServedSite> {
  const build = await runCli(['build', siteDir, ...buildArgs]);
  if (build.code !== 0) throw new Error(`build failed:\n${build.stderr}`);
  return serveBuilt(siteDir);
}

/** Serves the build already in `siteDir`. */
async function serveBuilt(siteDir: string): Promise<ServedSite> {
  const { child, origin } = await startServe(siteDir);
  return { origin, stop: () => stopProcess(child) };
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Collects console errors and warnings and uncaught page errors: a healthy page has none. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400 && response.request().resourceType() !== 'document') problems.push(`${response.status()}: ${response.url()}`);
  });
  return problems;
}

/**
 * Waits until the client router has rendered `path` (the URL bar changes as a navigation starts, the
 * page only once its chunk has loaded).
 */
export async function waitForRoute(page: Page, path: string): Promise<void> {
  await page.waitForFunction((expected) => document.documentElement.dataset.route === expected, path);
}

export interface ServedFixture {
  /** The scratch copy of the site (its build is in `<dir>/build`). */
  readonly dir: string;
  readonly origin: string;
  readonly browser: Browser;
}

/**
 * For the enclosing test file or suite: copies `fixture` (with `files` added, then `prepare` run on the copy),
 * builds and serves it, and launches Chromium before the tests; closes and removes everything after them.
 */
export function serveFixture(fixture: string, buildArgs: string[] = [], files: Record<string, string> = {}, prepare?: (dir: string) => void): ServedFixture {
  let dir = '';
  return servedWithBrowser(
    () => dir,
    () => {
      dir = makeSite(files, fixture);
      prepare?.(dir);
      return buildAndServe(dir, buildArgs);
    },
    () => removeSite(dir),
  );
}

/**
 * For the enclosing test file: serves the built Memora site (the copy `npm test` shares, see builtMemoraSite)
 * and launches Chromium before the tests. The tests only read the site.
 */
export function serveMemora(): ServedFixture {
  const memora = builtMemoraSite();
  return servedWithBrowser(() => memora.dir, async () => serveBuilt(await memora.ready()), () => {});
}

function servedWithBrowser(dirOf: () => string, serve: () => Promise<ServedSite>, cleanUp: () => void): ServedFixture {
  let site: ServedSite | undefined;
  let browser: Browser | undefined;
  before(async () => {
    // Each handle is kept as soon as it exists, so that a failed build still closes the browser in
    // `after`: a leaked Chromium keeps the test process alive forever.
    const settled = await Promise.allSettled([serve().then((served) => (site = served)), launchBrowser().then((launched) => (browser = launched))]);
    for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
    cleanUp();
  });
  return {
    get dir() {
      return dirOf();
    },
    get origin() {
      return site!.origin;
    },
    get browser() {
      return browser!;
    },
  };
}
