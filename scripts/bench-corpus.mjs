// What the build benches share: the generated corpora, one measured `docsite build`, and bench/results.json.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from './bench-client.mjs';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BENCH_TOOLS = resolve(process.env.DOCSITE_BENCH_TOOLS ?? join(ROOT, '..', 'shared', 'bench'));
export const WORK = join(tmpdir(), 'docsite-bench');
export const BIN = join(ROOT, 'bin', 'docsite.js');
export const RESULTS_FILE = join(ROOT, 'bench', 'results.json');

export const BENCH_CONFIG = `export default {\n  title: 'Bench corpus',\n  url: 'https://bench.example',\n  baseUrl: '/',\n  onBrokenLinks: 'throw',\n  onBrokenAnchors: 'throw',\n};\n`;

/** A corpus of `pages` docs (posts in proportion), generated once and reused while its manifest matches. */
export async function corpus(pages) {
  const generator = join(BENCH_TOOLS, 'gen-corpus.mjs');
  if (!existsSync(generator)) {
    console.error(`bench: corpus generator not found at ${generator} (set DOCSITE_BENCH_TOOLS to the folder holding gen-corpus.mjs)`);
    process.exit(1);
  }
  const dir = join(WORK, `corpus-${pages}`);
  const manifest = join(dir, 'corpus-manifest.json');
  // The issue's corpora: 200 pages + 20 posts, 1000 + 50, 5000 (+ 250 in the same proportion).
  const posts = pages === 200 ? 20 : Math.round(pages / 20);
  const made = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')) : undefined;
  const fresh = made?.pages === pages && made?.posts === posts;
  if (!fresh) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const result = await run(process.execPath, [generator, '--pages', String(pages), '--posts', String(posts), '--out', dir]);
    if (result.code !== 0) throw new Error(`gen-corpus failed:\n${result.stderr}`);
  }
  writeFileSync(join(dir, 'docsite.config.ts'), BENCH_CONFIG);
  return { dir, samplePage: JSON.parse(readFileSync(manifest, 'utf8')).samplePage };
}

/**
 * Runs one build under GNU time when it is there (peak RSS of the process, threads included). A failed build
 * throws, or with `tolerate` returns its last lines as `error`.
 */
export async function measureBuild(dir, { args = [], tolerate = false } = {}) {
  const gnuTime = existsSync('/usr/bin/time');
  const started = performance.now();
  const command = [BIN, 'build', dir, '--debug', ...args];
  const tree = sampleTreeRss();
  const result = gnuTime
    ? await run('/usr/bin/time', ['-v', process.execPath, ...command], { env: { ...process.env, NO_COLOR: '1' }, onSpawn: tree.watch })
    : await run(process.execPath, command, { env: { ...process.env, NO_COLOR: '1' }, onSpawn: tree.watch });
  const wallS = (performance.now() - started) / 1000;
  const treeRss = tree.stop();
  const treeRssMb = treeRss?.peakMb;
  if (result.code !== 0) {
    if (!tolerate) throw new Error(`docsite build failed in ${dir}:\n${result.stderr}`);
    const lines = `${result.stdout}\n${result.stderr}`.split('\n').filter((line) => line.trim() && !/^\s+(Command being timed|[A-Z][\w ()/]+:)/.test(line));
    return { error: lines.slice(-6).join('\n'), wallS };
  }
  const field = (name) => {
    const match = new RegExp(`${name}[^:]*:\\s*([\\d.:]+)`).exec(result.stderr);
    return match ? Number(match[1]) : undefined;
  };
  const user = field('User time');
  const system = field('System time');
  const rssKb = field('Maximum resident set size');
  const built = /Built (\d+) pages in [\d.]+ m?s \(([^)]*)\)/.exec(result.stdout + result.stderr);
  // A site of several locales: "locales: en 273, fr 273".
  const locales = /locales:\s*(.+)/.exec(result.stdout + result.stderr)?.[1]?.trim();
  return {
    pages: built ? Number(built[1]) : undefined,
    wallS,
    cpuS: user !== undefined && system !== undefined ? user + system : undefined,
    peakRssMb: rssKb !== undefined ? rssKb / 1024 : undefined,
    ...(treeRssMb !== undefined ? { treeRssMb, treeRssCurveMb: treeRss.curveMb } : {}),
    outMb: folderSize(join(dir, 'build')) / 2 ** 20,
    stages: built ? built[2] : '',
    ...(locales ? { locales } : {}),
  };
}

/**
 * The largest sum of RSS over a process and all its descendants (the build's node, and esbuild's own process),
 * sampled every 0.25 s from `ps`, as the peers' baseline scripts measure theirs. Undefined without `ps`.
 */
/** Seconds per point of the memory curve a build row keeps (`treeRssCurveMb`: the tree's peak in each span). */
export const RSS_CURVE_STEP_S = 5;

function sampleTreeRss() {
  let peakKb = 0;
  let timer;
  const started = performance.now();
  const curveKb = [];
  const sample = (root) => {
    const listed = spawnSync('ps', ['-e', '-o', 'pid=,ppid=,rss='], { encoding: 'utf8' });
    if (listed.status !== 0) return;
    const rows = listed.stdout.trim().split('\n').map((line) => line.trim().split(/\s+/).map(Number));
    const inTree = new Set([root]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [pid, ppid] of rows) if (!inTree.has(pid) && inTree.has(ppid)) (inTree.add(pid), (grew = true));
    }
    const treeKb = rows.reduce((sum, [pid, , rss]) => (inTree.has(pid) ? sum + rss : sum), 0);
    peakKb = Math.max(peakKb, treeKb);
    const span = Math.floor((performance.now() - started) / 1000 / RSS_CURVE_STEP_S);
    curveKb[span] = Math.max(curveKb[span] ?? 0, treeKb);
  };
  return {
    watch: (child) => (timer = setInterval(() => sample(child.pid), 250)),
    stop: () => {
      clearInterval(timer);
      return peakKb ? { peakMb: peakKb / 1024, curveMb: Array.from(curveKb, (kb) => Math.round((kb ?? 0) / 1024)) } : undefined;
    },
  };
}

export function folderSize(dir) {
  if (!existsSync(dir)) return 0;
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath ?? entry.path, entry.name)).size;
  }
  return total;
}

/** Rows of bench/results.json as they are now. */
export function previousResults() {
  return existsSync(RESULTS_FILE) ? (JSON.parse(readFileSync(RESULTS_FILE, 'utf8')).results ?? []) : [];
}

/**
 * Writes this run's rows into bench/results.json. Rows (corpus, kind, peer) this run did not measure are kept
 * from the last file, so runs of different sizes (`--pages 5000` apart from the peers' `--pages 200,1000 --vs ...`)
 * add up to one record; each row says when it ran. Returns how many earlier rows were kept.
 */
export function writeResults(results) {
  const date = new Date().toISOString();
  // The bundled site has a JS budget row per page.
  const rowKey = (row) => `${row.corpus} ${row.kind}${row.peer ? ` ${row.peer}` : ''}${row.kind === 'js-budget' ? ` ${row.page}` : ''}`;
  const measured = new Set(results.map(rowKey));
  const kept = previousResults().filter((row) => !measured.has(rowKey(row)));
  mkdirSync(join(ROOT, 'bench'), { recursive: true });
  writeFileSync(RESULTS_FILE, JSON.stringify({ date, node: process.version, cores: cpus().length, results: [...kept, ...results.map((row) => ({ ...row, date }))] }, null, 2) + '\n');
  return kept.length;
}

export const fixed = (value, digits = 1) => (value === undefined || Number.isNaN(value) ? '?' : value.toFixed(digits));
