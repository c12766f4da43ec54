// `npm run audit`: Lighthouse (performance, accessibility, best practices, SEO) on the bundled Memora
// site served by `docsite serve`, for the home page, a docs page and an API operation page, with the
// mobile and desktop presets, in Debian's Chromium. Prints the table; exits 1 below 0.95 anywhere.
// Lighthouse is fetched by npx at its pinned version rather than kept in devDependencies: it is large,
// only this script needs it, and one of its dependencies is declared as "latest", which makes
// package-lock.json go stale on its own.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/browser/chromium.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'docsite.js');
const LIGHTHOUSE = 'lighthouse@12.8.2';
const PAGES = [
  ['home', '/'],
  ['docs page', '/docs/overview/introduction'],
  ['API operation', '/docs/api/create-shared-link'],
];
const PRESETS = ['mobile', 'desktop'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const THRESHOLD = 0.95;

function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function serve(siteDir) {
  const child = spawn(process.execPath, [BIN, 'serve', siteDir, '--port', '0', '--host', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk) => {
      output += chunk;
      const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve({ child, origin: match[1] });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`docsite serve exited with ${code}:\n${output}`)));
  });
}

const siteDir = join(ROOT, 'content');
console.log('audit: building the bundled site…');
const build = await run(process.execPath, [BIN, 'build', siteDir]);
if (build.code !== 0) {
  console.error(build.stderr);
  process.exit(1);
}
const { child, origin } = await serve(siteDir);
const rows = [];
let failed = false;
try {
  for (const [name, path] of PAGES) {
    for (const preset of PRESETS) {
      const args = [
        '--yes', LIGHTHOUSE, origin + path,
        '--output=json', '--output-path=stdout', '--quiet',
        `--only-categories=${CATEGORIES.join(',')}`,
        `--chrome-flags=${CHROMIUM_ARGS.join(' ')}`,
        ...(preset === 'desktop' ? ['--preset=desktop'] : []),
      ];
      const result = await run('npx', args, { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH } });
      if (result.code !== 0) {
        console.error(`lighthouse failed on ${path} (${preset}):\n${result.stderr.split('\n').slice(-15).join('\n')}`);
        process.exit(1);
      }
      const report = JSON.parse(result.stdout);
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, report.categories[id]?.score ?? 0]));
      const below = Object.entries(scores).filter(([, score]) => score < THRESHOLD);
      if (below.length) {
        failed = true;
        for (const [id] of below) {
          const audits = report.categories[id].auditRefs.map((ref) => report.audits[ref.id]).filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative');
          console.log(`  ${name} ${preset} ${id}: ${audits.map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`).join(', ')}`);
        }
      }
      const metrics = report.audits;
      rows.push({ page: name, path, preset, ...scores, lcpMs: metrics['largest-contentful-paint']?.numericValue, cls: metrics['cumulative-layout-shift']?.numericValue, tbtMs: metrics['total-blocking-time']?.numericValue });
      console.log(`  ${name} (${preset}): ${CATEGORIES.map((id) => `${id} ${Math.round(scores[id] * 100)}`).join(', ')}`);
    }
  }
} finally {
  child.kill('SIGTERM');
}

const header = ['page', 'preset', ...CATEGORIES, 'LCP ms', 'CLS', 'TBT ms'];
console.log(`\n| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
for (const row of rows) {
  console.log(`| ${row.page} | ${row.preset} | ${CATEGORIES.map((id) => Math.round(row[id] * 100)).join(' | ')} | ${Math.round(row.lcpMs ?? 0)} | ${(row.cls ?? 0).toFixed(3)} | ${Math.round(row.tbtMs ?? 0)} |`);
}
mkdirSync(join(ROOT, 'bench'), { recursive: true });
writeFileSync(join(ROOT, 'bench', 'audit.json'), JSON.stringify({ date: new Date().toISOString(), lighthouse: LIGHTHOUSE, rows }, null, 2) + '\n');
console.log(failed ? `\nbelow ${THRESHOLD} somewhere: see above` : `\nevery score at least ${THRESHOLD}`);
process.exit(failed ? 1 : 0);
