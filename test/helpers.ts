import { spawn, type ChildProcess } from 'node:child_process';
import { request, type IncomingHttpHeaders } from 'node:http';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const FIXTURES = join(ROOT, 'test', 'fixtures');
const BIN = join(ROOT, 'bin', 'docsite.js');

/** The Markdown plugin packages a site of the extension fixtures imports from its own node_modules. */
export const MATH_PACKAGES = ['remark-math', 'rehype-katex', 'katex'];

/** Gives a scratch site its own node_modules, holding docsite's installed copies of `names`. */
export function linkSitePackages(dir: string, names: string[]): void {
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  for (const name of names) symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name), 'dir');
}

/** A scratch site: a copy of a fixture (a name under test/fixtures, or any folder), with files added or replaced. */
export function makeSite(files: Record<string, string> = {}, fixture: string | null = 'basic'): string {
  const dir = mkdtempSync(join(tmpdir(), 'docsite-test-'));
  if (fixture) {
    const source = isAbsolute(fixture) ? fixture : join(FIXTURES, fixture);
    // Never copy a developer's build output or caches along with the sources.
    const skipped = new Set([join(source, 'build'), join(source, '.docsite')]);
    cpSync(source, dir, { recursive: true, filter: (path) => !skipped.has(path) });
  }
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

/**
 * For a test file: `site(files)` makes a scratch copy of the basic fixture (with `files` added), and every
 * copy it made is removed after the file's tests.
 */
export function scratchSites(): (files?: Record<string, string>) => string {
  const made: string[] = [];
  after(() => made.forEach(removeSite));
  return (files = {}) => {
    const dir = makeSite(files);
    made.push(dir);
    return dir;
  };
}

export function removeSite(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * The environment variable through which `npm test` (scripts/test.mjs) hands every test file the same built
 * copy of the bundled Memora site: five files only read its output, and each building its own cost minutes.
 */
export const SHARED_MEMORA_ENV = 'DOCSITE_TEST_MEMORA_SITE';

/**
 * For a test file that only reads the Memora build: `dir` is the shared built copy when `npm test` made one,
 * else (the file run on its own) a scratch copy built here and removed after the tests. Never write into it.
 * Hooks that need the build await `ready()`: node 20 runs a file's top-level `before` hooks concurrently.
 */
export function builtMemoraSite(): { readonly dir: string; ready(): Promise<string> } {
  let dir = '';
  let owned = false;
  let building: Promise<string> | undefined;
  const ready = () =>
    (building ??= (async () => {
      const shared = process.env[SHARED_MEMORA_ENV];
      if (shared) return (dir = shared);
      dir = makeSite({}, join(ROOT, 'content'));
      owned = true;
      const result = await runCli(['build', dir]);
      if (result.code !== 0) throw new Error(`the Memora site did not build:\n${result.stderr}`);
      return dir;
    })());
  before(ready);
  after(() => {
    if (owned) removeSite(dir);
  });
  return {
    get dir() {
      return dir;
    },
    ready,
  };
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI (bin/docsite.js) as a user would, without colours. */
export function runCli(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd ?? ROOT, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...options.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface DevProcess {
  child: ChildProcess;
  origin: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts `docsite dev` on a site folder (from `options.cwd`, else this process's folder); resolves once it prints its URL. */
export function startDev(dir: string, args: string[] = ['--port', '0'], options: { cwd?: string } = {}): Promise<DevProcess> {
  const child = spawn(process.execPath, [BIN, 'dev', dir, '--host', '127.0.0.1', ...args], {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return waitFor(() => /(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1], () => output).then((origin) => ({ child, origin, output: () => output, stop }));
}

/** Polls `probe` until it returns something truthy. */
export async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, describe: () => string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out; dev output so far:\n${describe()}`);
}

export interface ServeProcess {
  child: ChildProcess;
  origin: string;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts `docsite serve` on a free port; resolves once it prints its URL, rejects if it exits first. */
export async function startServe(siteDir: string, args: string[] = []): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, 'serve', siteDir, '--port', '0', '--host', '127.0.0.1', ...args], {
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const origin = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`serve exited with ${code}:\n${output}`)));
  });
  return { child, origin, port: Number(new URL(origin).port), output: () => output, exited };
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose path goes out exactly as written (fetch and URL would resolve `..` first). */
export function rawRequest(port: number, path: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers ?? {}, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Docs for a sidebar large enough that each page ships only its open part (more than
 * SHARED_SIDEBAR_LIMIT as JSON): `sections` categories of `pages` pages each, `docs/<section>/page-<n>.md`.
 */
export function largeSidebarFiles(sections = ['alpha', 'beta', 'gamma'], pages = 80): Record<string, string> {
  const files: Record<string, string> = {};
  sections.forEach((section, position) => {
    const label = section[0]!.toUpperCase() + section.slice(1);
    files[`docs/${section}/_category_.json`] = JSON.stringify({ label, position: position + 10 });
    for (let n = 1; n <= pages; n++) {
      files[`docs/${section}/page-${n}.md`] = `---\nsidebar_position: ${n}\n---\n\n# ${label} page number ${n}\n\nText of ${section} page ${n}.\n`;
    }
  });
  return files;
}
