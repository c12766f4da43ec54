// `npm run fuzz`: seeded, time-bounded fault injection against docsite's commands (see "Fuzzing" in
// the README). Dev-server mutations, mutated builds, builds killed mid-way and hostile HTTP at
// `docsite serve`; a table of what was tried and what happened; exit 1 on any failure.
import { writeFileSync } from 'node:fs';
import { BUILD_PLAN, runBuildCategories } from './builds.ts';
import { DEV_PLAN, planOf, runDevCategory } from './dev.ts';
import { makeMutation } from './mutations.ts';
import { stepRng } from './random.ts';
import { runHttpCategory } from './http.ts';
import { parseOptions, stepsOf, USAGE, type Options } from './options.ts';
import { killAllProcesses } from './processes.ts';
import { FAILURE_LABELS, Results } from './report.ts';
import { copySite, removeAllCopies, SITES, type SiteName } from './site.ts';

let options: Options;
try {
  options = parseOptions(process.argv.slice(2));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  process.exit(2);
}

const cleanUp = () => {
  killAllProcesses();
  if (!options.keep) removeAllCopies();
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping, cleaning up`);
    cleanUp();
    process.exit(130);
  });
}
process.once('exit', cleanUp);

if (options.list) {
  // The mutations each step would make, drawn from pristine copies (as every step starts from one).
  const copies = new Map<SiteName, string>();
  const copyOf = (site: SiteName) => copies.get(site) ?? copies.set(site, copySite(site)).get(site)!;
  for (const seed of options.seeds) {
    for (const [category, plan, count, breakingOnly] of [['dev', DEV_PLAN, options.dev, false], ['build', BUILD_PLAN, options.builds, true]] as const) {
      const steps = planOf(seed, category, plan, options.sites);
      for (const index of stepsOf(options, category, count)) {
        const [site, kind] = steps[(index - 1) % steps.length]!;
        const mutation = makeMutation(stepRng(seed, category, index), copyOf(site), kind, { breakingOnly });
        console.log(`${category} seed ${seed} #${index} ${site}:${mutation.name} ${mutation.description}`);
      }
    }
  }
  process.exit(0);
}

const results = new Results(options.sites.join(',') === Object.keys(SITES).join(',') ? '' : `--sites ${options.sites.join(',')}`);
const deadline = Date.now() + options.timeLimitMs;
const timeLeft = () => deadline - Date.now();

console.log(
  `docsite fuzz: seeds ${options.seeds.join(',')}; sites ${options.sites.join(',')}; per seed ${options.dev} dev mutations, ${options.builds} mutated builds, ${options.kills} kills; HTTP probes ${options.http ? 'once' : 'off'}; time limit ${options.timeLimitMs / 1000} s`,
);

try {
  if (options.http && (!options.only || options.only.category === 'http')) {
    await runHttpCategory(options.seeds[0]!, options.only?.step ? options.only.step.split(',') : undefined, options, results, timeLeft);
  }
  for (const seed of options.seeds) {
    const devSteps = stepsOf(options, 'dev', options.dev);
    if (devSteps.length) await runDevCategory(seed, devSteps, options, results, timeLeft);
    const buildSteps = stepsOf(options, 'build', options.builds);
    const killSteps = stepsOf(options, 'kill', options.kills);
    if (buildSteps.length || killSteps.length) await runBuildCategories(seed, buildSteps, killSteps, options, results, timeLeft);
  }
} catch (error) {
  console.error(`the fuzz run itself failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  cleanUp();
  process.exit(1);
}

const failures = results.failures();
console.log(`\nTried, per mutation or probe:\n${results.byName()}`);
if (failures.length) {
  console.log(`\n${failures.length} failure${failures.length === 1 ? '' : 's'}:`);
  for (const failure of failures) {
    console.log(`\n- ${FAILURE_LABELS[failure.type]}: ${failure.category} seed ${failure.seed} step ${failure.step}\n  tried: ${failure.what}\n  ${failure.detail.replace(/\n/g, '\n  ')}\n  replay: ${failure.replay}`);
  }
}
const minutes = ((Date.now() - results.started) / 60000).toFixed(1);
console.log(`\nResults (seeds ${options.seeds.join(',')}, ${minutes} min):\n\n${results.table()}\n`);
if (options.json) writeFileSync(options.json, `${JSON.stringify(results.json(), null, 2)}\n`);
process.exitCode = results.failed() ? 1 : 0;
