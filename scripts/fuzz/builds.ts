// Categories 2 and 3: builds of a mutated site into an existing output (they must fail, name the file
// and leave the output as it was), and good builds killed at a random moment (the output must survive,
// and the next build must succeed and leave no staging or server-bundle folder behind).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { applyMutation, makeMutation, type MutationKind } from './mutations.ts';
import { mainSite, type Options } from './options.ts';
import { runDocsite, spawnDocsite, type RunResult } from './processes.ts';
import { stepRng } from './random.ts';
import type { FailureType, Results } from './report.ts';
import { copySite, fingerprint, fingerprintDifference, leftoversOf, listSiteFiles, removeCopy, type SiteName } from './site.ts';
import { planOf } from './dev.ts';

export const BUILD_PLAN: Array<[SiteName, MutationKind, number]> = [
  ['memora', 'doc', 3],
  ['memora', 'blog-post', 1],
  ['memora', 'data-yaml', 1],
  ['memora', 'api-intro', 1],
  ['memora', 'config', 2],
  ['memora', 'category', 1],
  ['memora', 'page-tsx', 1],
  ['memora', 'component', 1],
  ['memora', 'openapi', 2],
  ['memora', 'css', 1],
  ['memora', 'fs', 2],
  ['docusaurus', 'sidebars', 1],
  ['docusaurus', 'partial', 1],
  ['docusaurus', 'category', 1],
  ['blog', 'page-mdx', 1],
];

/** `    at f (file:1:2)` lines: a stack trace, which only --debug may print. */
const STACK_LINE = /^\s+at .+(\(.*:\d+:\d+\)|:\d+:\d+)$/m;

interface Prepared {
  dir: string;
  out: string;
  before: Map<string, string>;
  /** How long a warm build took. */
  buildMs: number;
}

/** Copies of each site with a good build in them, made once per seed. */
class PreparedSites {
  private readonly sites = new Map<SiteName, Prepared>();

  constructor(
    private readonly options: Options,
    private readonly seed: number,
  ) {}

  async get(site: SiteName): Promise<Prepared> {
    const existing = this.sites.get(site);
    if (existing) return existing;
    const dir = copySite(site);
    if (this.options.keep) console.log(`      build copy of ${site} (seed ${this.seed}): ${dir}`);
    const first = await runDocsite(['build', dir], this.options.stepTimeoutMs);
    if (first.code !== 0) throw new Error(`the unmutated ${site} site does not build (exit ${first.code}):\n${tail(first)}`);
    const prepared = { dir, out: join(dir, 'build'), before: fingerprint(join(dir, 'build')), buildMs: first.durationMs };
    this.sites.set(site, prepared);
    return prepared;
  }

  async warmBuildMs(site: SiteName): Promise<number> {
    const prepared = await this.get(site);
    const warm = await runDocsite(['build', prepared.dir], this.options.stepTimeoutMs);
    if (warm.code !== 0) throw new Error(`the unmutated ${site} site does not build (exit ${warm.code}):\n${tail(warm)}`);
    prepared.before = fingerprint(prepared.out);
    prepared.buildMs = warm.durationMs;
    return warm.durationMs;
  }

  closeAll(): void {
    if (this.options.keep) return;
    for (const prepared of this.sites.values()) removeCopy(prepared.dir);
    this.sites.clear();
  }
}

function removeLeftovers(siteDir: string, left: string[]): void {
  for (const path of left) rmSync(join(siteDir, path), { recursive: true, force: true });
}

function tail(result: RunResult, chars = 1500): string {
  return `${result.stdout}${result.stderr}`.slice(-chars);
}

/** The checks every build that ran to its end shares: exit code, a stack trace, hang. */
function exitFailures(result: RunResult, expected: 0 | 1, failures: Array<{ type: FailureType; detail: string }>): void {
  if (result.timedOut) failures.push({ type: 'hang', detail: `docsite build did not finish within its step timeout; output:\n${tail(result)}` });
  else if (result.signal || (result.code !== 0 && result.code !== 1)) failures.push({ type: 'crash', detail: `docsite build ended with ${result.signal ?? `exit code ${result.code}`}:\n${tail(result)}` });
  else if (result.code !== expected) failures.push({ type: 'other', detail: expected === 1 ? `the mutated build succeeded (exit 0): the mutation went unnoticed` : `the build failed (exit ${result.code}):\n${tail(result)}` });
  const stack = STACK_LINE.exec(`${result.stdout}\n${result.stderr}`);
  if (stack) failures.push({ type: 'crash', detail: `a stack trace without --debug (${stack[0].trim()}):\n${tail(result)}` });
}

export async function runBuildCategories(seed: number, buildSteps: number[], killSteps: number[], options: Options, results: Results, timeLeft: () => number): Promise<void> {
  const prepared = new PreparedSites(options, seed);
  try {
    const plan = planOf(seed, 'build', BUILD_PLAN, options.sites);
    const killSite = mainSite(options);
    for (const index of buildSteps) {
      if (timeLeft() <= 0) {
        results.skipped('build', buildSteps.length - buildSteps.indexOf(index));
        break;
      }
      const [site, kind] = plan[(index - 1) % plan.length]!;
      const started = performance.now();
      const failures: Array<{ type: FailureType; detail: string }> = [];
      let name = `${site}:${kind}`;
      let what = `${site}: a ${kind} mutation`;
      try {
        const copy = await prepared.get(site);
        const mutation = makeMutation(stepRng(seed, 'build', index), copy.dir, kind, { breakingOnly: true });
        name = `${site}:${mutation.name}`;
        what = `${site}: ${mutation.description}`;
        const siteFiles = listSiteFiles(copy.dir);
        const undo = applyMutation(copy.dir, mutation);
        let result: RunResult;
        try {
          result = await runDocsite(['build', copy.dir], options.stepTimeoutMs);
        } finally {
          undo.restore();
        }
        exitFailures(result, 1, failures);
        const output = `${result.stdout}\n${result.stderr}`;
        const accepted = mutation.names.length ? mutation.names : [...siteFiles, ...mutation.changes.map((change) => (change.type === 'rename' ? change.to : change.path))];
        if (result.code === 1 && !accepted.some((file) => output.includes(file))) {
          failures.push({ type: 'unnamed-error', detail: `the error output does not name ${mutation.names.length ? mutation.names.join(' or ') : 'any site file'}:\n${tail(result, 800)}` });
        }
        const after = fingerprint(copy.out);
        const difference = fingerprintDifference(copy.before, after);
        // A build that succeeded (wrongly, reported above) replaces the output, as it should.
        if (difference && result.code !== 0) failures.push({ type: 'lost-output', detail: `the previous output changed: ${difference}` });
        copy.before = after;
        const left = leftoversOf(copy.dir, copy.out);
        if (left.length) failures.push({ type: 'leftovers', detail: `left behind by the failed build: ${left.join(', ')}` });
        removeLeftovers(copy.dir, left);
      } catch (error) {
        failures.push({ type: 'other', detail: error instanceof Error ? error.message : String(error) });
      }
      results.record({ category: 'build', seed, step: String(index), name, what, failures, ms: performance.now() - started });
    }

    let typicalMs: number | undefined;
    for (const index of killSteps) {
      if (timeLeft() <= 0) {
        results.skipped('kill', killSteps.length - killSteps.indexOf(index));
        break;
      }
      const started = performance.now();
      const failures: Array<{ type: FailureType; detail: string }> = [];
      let what = `${killSite}: docsite build, SIGKILL after a seeded delay`;
      let note: string | undefined;
      try {
        // The moment to kill is drawn within the length of a warm build of this very copy.
        typicalMs ??= await prepared.warmBuildMs(killSite);
        const copy = await prepared.get(killSite);
        const rng = stepRng(seed, 'kill', index);
        const delay = Math.round(50 + rng() * typicalMs * 0.95);
        what = `${killSite}: docsite build, SIGKILL after ${delay} ms (a warm build takes ${Math.round(typicalMs)} ms)`;
        const before = fingerprint(copy.out);
        const beforeUnstamped = fingerprint(copy.out, { ignoreSearchStamps: true });
        const running = spawnDocsite(['build', copy.dir], options.stepTimeoutMs);
        const killedEarly = await Promise.race([running.result.then(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), delay))]);
        if (killedEarly) running.child.kill('SIGKILL');
        const killed = await running.result;
        if (!killedEarly) {
          // It finished first: a complete new output is as good as the old one.
          note = 'the build finished before the kill';
          exitFailures(killed, 0, failures);
        } else {
          const difference = fingerprintDifference(before, fingerprint(copy.out));
          // Killed after its commit (the swap of the new output into place) but before it exited: the output is
          // the new build, complete. Equal to the old one but for the search files' timestamps, it is as good.
          const committed = difference !== '' && fingerprintDifference(beforeUnstamped, fingerprint(copy.out, { ignoreSearchStamps: true })) === '';
          if (difference && !committed) failures.push({ type: 'lost-output', detail: `the previous output changed under a build killed after ${delay} ms: ${difference}` });
          note = `killed after ${delay} ms${committed ? ', after the new output was in place' : ''}`;
        }
        const next = await runDocsite(['build', copy.dir], options.stepTimeoutMs);
        exitFailures(next, 0, failures);
        const left = leftoversOf(copy.dir, copy.out);
        if (left.length) failures.push({ type: 'leftovers', detail: `after the killed build and a good one, still there: ${left.join(', ')}` });
        // Each step is judged on what it leaves: the next one starts without these.
        removeLeftovers(copy.dir, left);
        copy.before = fingerprint(copy.out);
      } catch (error) {
        failures.push({ type: 'other', detail: error instanceof Error ? error.message : String(error) });
      }
      results.record({ category: 'kill', seed, step: String(index), name: `${killSite}:sigkill`, what, failures, ms: performance.now() - started, ...(note ? { note } : {}) });
    }
  } finally {
    prepared.closeAll();
  }
}
