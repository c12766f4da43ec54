// `npm test`: typecheck, compile, make sure Chromium is there, then every unit and browser test.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// CI gives the whole run 90 minutes and the suite takes a few: a hung step must fail loudly, never stall.
const STEP_TIMEOUT_MS = 20 * 60 * 1000;

/** Runs one step; a failure (or a step over its time) ends `npm test` with its exit code. */
function run(command, args, label, env = process.env) {
  const status = attempt(command, args, label, env);
  if (status !== 0) exit(status);
}

function attempt(command, args, label, env = process.env) {
  console.log(`\n> ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', timeout: STEP_TIMEOUT_MS, killSignal: 'SIGKILL', env });
  if (result.error?.code === 'ETIMEDOUT') {
    console.error(`\n${label} did not finish within ${STEP_TIMEOUT_MS / 60000} minutes: stopped.`);
    return 1;
  }
  return result.status ?? 1;
}

const scratch = [];
function exit(code) {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  process.exit(code);
}

/**
 * Builds one scratch copy of the bundled Memora site for every test file that only reads its output (see
 * builtMemoraSite in test/helpers.ts): five files building their own took minutes. When this build fails, the
 * files build their own copies and report the failure where it belongs.
 */
function buildSharedMemora() {
  const dir = mkdtempSync(join(tmpdir(), 'docsite-memora-'));
  scratch.push(dir);
  const source = resolve('content');
  const skipped = new Set([join(source, 'build'), join(source, '.docsite')]);
  cpSync(source, dir, { recursive: true, filter: (path) => !skipped.has(path) });
  return attempt('node', ['bin/docsite.js', 'build', dir, '--quiet'], 'build the Memora site the tests share') === 0 ? dir : undefined;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`\n> Chromium is missing: installing Debian's chromium package`);
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    return;
  }
  console.error(`Browser tests need Chromium at ${CHROMIUM}. Install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}

function testFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => /\.test\.tsx?$/.test(file))
    .sort()
    .map((file) => join(dir, file));
}

run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], 'typecheck');
run('node', ['scripts/compile.mjs'], 'compile');
ensureChromium();
const files = [...testFiles('test/unit'), ...testFiles('test/cli'), ...testFiles('test/browser')];
// Each file must finish within 10 minutes (a hang fails, never stalls): the heaviest browser files, axe over the
// Memora site in two colour modes and every one of its pages hydrated, take 1.5-3 minutes each on a loaded 2-core machine.
const memora = buildSharedMemora();
const env = memora ? { ...process.env, DOCSITE_TEST_MEMORA_SITE: memora } : process.env;
run('node', ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-timeout=600000', ...files], `node --test (${files.length} files)`, env);
exit(0);
