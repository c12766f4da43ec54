// The suite's command line.
import type { Category } from './report.ts';
import { SITES, type SiteName } from './site.ts';

export interface Options {
  seeds: number[];
  /** The sites mutated (kills and HTTP use the first of memora or these). */
  sites: SiteName[];
  /** Steps per seed. */
  dev: number;
  builds: number;
  kills: number;
  http: boolean;
  /** The whole run: no step starts after it. */
  timeLimitMs: number;
  /** One dev or build step; past it the step is a hang and its processes are killed. */
  stepTimeoutMs: number;
  /** How long a restored page may take to be as it was. */
  restoreMs: number;
  /** How long the dev server may take to react to an edit. */
  settleMs: number;
  /** How long a slow-headers client may hold its request before it counts as a hang (0: only check that others are served). */
  slowLimitMs: number;
  /** Idle connections opened at once. */
  idle: number;
  only?: { category: Category; step?: string };
  json?: string;
  keep: boolean;
  /** Print the mutations the seeds choose, run nothing. */
  list: boolean;
}

export const USAGE = `npm run fuzz -- [options]

  --seed N | --seeds 1,2,3   seeds to run (default 1,2,3); a seed replays the same mutations in the same order
  --sites a,b                sites to mutate: memora (content/), docusaurus, blog (test/fixtures/); default all
  --dev N                    dev-server mutations per seed (default 70)
  --builds N                 mutated builds per seed (default 10)
  --kills N                  builds killed mid-way per seed (default 2)
  --no-http                  skip the hostile HTTP probes of docsite serve (run once per run)
  --time-limit S             stop starting steps after S seconds (default 1200)
  --step-timeout S           a dev or build step taking longer is a hang (default 180)
  --restore-ms MS            a restored page must be as it was within MS (default 5000)
  --settle-ms MS             wait for the dev server to react to an edit up to MS (default 10000)
  --slow-limit S             a slow-headers request must be answered or closed within S (default 120; 0: only
                             check that other requests are served meanwhile, for 5 s)
  --idle N                   idle connections opened at once (default 300)
  --only CATEGORY[:STEPS]    one category (dev, build, kill, http), or some steps of it (dev:17, dev:5-16,20,
                             http:ranges)
  --json FILE                write every step and failure as JSON
  --keep                     keep the temporary site copies (their paths are printed)
  --list                     print the mutations the seeds choose for dev and build steps, and run nothing
`;

export function parseOptions(argv: string[]): Options {
  const options: Options = { seeds: [1, 2, 3], sites: Object.keys(SITES) as SiteName[], dev: 70, builds: 10, kills: 2, http: true, timeLimitMs: 1_200_000, stepTimeoutMs: 180_000, restoreMs: 5000, settleMs: 10_000, slowLimitMs: 120_000, idle: 300, keep: false, list: false };
  const number = (flag: string, value: string | undefined): number => {
    const parsed = Number(value);
    if (value === undefined || !Number.isFinite(parsed) || parsed < 0) throw new Error(`${flag} needs a number, got ${value ?? 'nothing'}`);
    return parsed;
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = () => argv[++i];
    switch (flag) {
      case '--seed':
      case '--seeds':
        options.seeds = (value() ?? '').split(',').map((seed) => number(flag, seed));
        break;
      case '--sites': {
        const sites = (value() ?? '').split(',');
        const unknown = sites.filter((site) => !(site in SITES));
        if (unknown.length || !sites.length) throw new Error(`--sites takes ${Object.keys(SITES).join(', ')}; got ${unknown.join(', ')}`);
        options.sites = sites as SiteName[];
        break;
      }
      case '--dev':
        options.dev = number(flag, value());
        break;
      case '--builds':
        options.builds = number(flag, value());
        break;
      case '--kills':
        options.kills = number(flag, value());
        break;
      case '--http':
        options.http = true;
        break;
      case '--no-http':
        options.http = false;
        break;
      case '--time-limit':
        options.timeLimitMs = number(flag, value()) * 1000;
        break;
      case '--step-timeout':
        options.stepTimeoutMs = number(flag, value()) * 1000;
        break;
      case '--restore-ms':
        options.restoreMs = number(flag, value());
        break;
      case '--settle-ms':
        options.settleMs = number(flag, value());
        break;
      case '--slow-limit':
        options.slowLimitMs = number(flag, value()) * 1000;
        break;
      case '--idle':
        options.idle = number(flag, value());
        break;
      case '--only': {
        const [category, step] = (value() ?? '').split(':');
        if (!['dev', 'build', 'kill', 'http'].includes(category ?? '')) throw new Error(`--only takes dev, build, kill or http (with :step), got ${category}`);
        options.only = { category: category as Category, ...(step ? { step } : {}) };
        break;
      }
      case '--json':
        options.json = value();
        break;
      case '--keep':
        options.keep = true;
        break;
      case '--list':
        options.list = true;
        break;
      case '--help':
      case '-h':
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        throw new Error(`unknown option ${flag}`);
    }
  }
  return options;
}

/** The step numbers of a category to run under the options (1-based). */
export function stepsOf(options: Options, category: Category, count: number): number[] {
  if (options.only && options.only.category !== category) return [];
  if (options.only?.step) {
    // dev:17, dev:5-16 or dev:3,9,12 (steps of one category; HTTP probes by name).
    return options.only.step.split(',').flatMap((part) => {
      const [from, to] = part.split('-').map(Number);
      if (!Number.isInteger(from) || (to !== undefined && !Number.isInteger(to))) throw new Error(`--only ${category}: steps are numbers (17, 5-16, 3,9), got ${part}`);
      return to === undefined ? [from!] : Array.from({ length: to - from! + 1 }, (_, i) => from! + i);
    });
  }
  return Array.from({ length: count }, (_, i) => i + 1);
}

/** The site builds are killed in and `docsite serve` is probed on: Memora when it is among the sites. */
export function mainSite(options: Options): SiteName {
  return options.sites.includes('memora') ? 'memora' : options.sites[0]!;
}
