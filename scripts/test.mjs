// `npm test`: typecheck, compile, make sure Chromium is there, then every unit and browser test.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// CI gives the whole run 90 minutes and the suite takes a few: a hung step must fail loudly, never stall.
const STEP_TIMEOUT_MS = 20 * 60 * 1000;

function run(command, args, label) {
  console.log(`\n> ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', timeout: STEP_TIMEOUT_MS, killSignal: 'SIGKILL' });
  if (result.error?.code === 'ETIMEDOUT') {
    console.error(`\n${label} did not finish within ${STEP_TIMEOUT_MS / 60000} minutes: stopped.`);
    process.exit(1);
  }
  if (result.status !== 0) process.exit(result.status ?? 1);
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
run('node', ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-timeout=600000', ...files], `node --test (${files.length} files)`);
