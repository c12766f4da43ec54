// What the suite tried and what happened: counts per category and per kind of failure, the failures
// with what it takes to replay them, and the table printed at the end.

export type Category = 'dev' | 'build' | 'kill' | 'http';

export const CATEGORY_LABELS: Record<Category, string> = {
  dev: 'dev mutations',
  build: 'mutated builds',
  kill: 'kills mid-build',
  http: 'hostile HTTP',
};

export type FailureType = 'crash' | 'hang' | 'lost-output' | 'unnamed-error' | 'left-different' | 'no-answer' | 'leftovers' | 'other';

export const FAILURE_LABELS: Record<FailureType, string> = {
  crash: 'crashes',
  hang: 'hangs',
  'lost-output': 'lost outputs',
  'unnamed-error': 'errors not naming their file',
  'left-different': 'pages left different after restore',
  'no-answer': 'requests without answer',
  leftovers: 'leftover temp folders',
  other: 'other failures',
};

export interface Failure {
  category: Category;
  type: FailureType;
  seed: number;
  step: string;
  /** What was tried (the mutation, the probe). */
  what: string;
  detail: string;
  /** A command that runs this step again. */
  replay: string;
}

export interface StepOutcome {
  category: Category;
  seed: number;
  step: string;
  /** e.g. "doc/unclosed-jsx" or the probe name. */
  name: string;
  what: string;
  failures: Array<{ type: FailureType; detail: string }>;
  ms: number;
  note?: string;
}

export class Results {
  readonly steps: StepOutcome[] = [];
  readonly notRun = new Map<Category, number>();
  readonly started = Date.now();

  /** `extraArgs`: options a replay needs besides the seed and step (the sites, which the plan depends on). */
  constructor(private readonly extraArgs = '') {}

  record(outcome: StepOutcome): void {
    this.steps.push(outcome);
    const status = outcome.failures.length ? `FAIL ${[...new Set(outcome.failures.map((failure) => failure.type))].join(', ')}` : 'ok';
    const note = outcome.note ? ` (${outcome.note})` : '';
    console.log(`${outcome.category.padEnd(5)} seed ${outcome.seed} #${outcome.step.padEnd(4)} ${outcome.name.padEnd(30)} ${status} ${(outcome.ms / 1000).toFixed(1)} s${note}`);
    console.log(`      ${outcome.what}`);
    for (const failure of outcome.failures) console.log(`      ${failure.type}: ${indent(failure.detail)}`);
  }

  skipped(category: Category, count: number): void {
    this.notRun.set(category, (this.notRun.get(category) ?? 0) + count);
  }

  failures(): Failure[] {
    return this.steps.flatMap((step) =>
      step.failures.map((failure) => ({ category: step.category, type: failure.type, seed: step.seed, step: step.step, what: step.what, detail: failure.detail, replay: replayCommand(step, this.extraArgs) })),
    );
  }

  /** Steps of a category, with how many had each kind of failure. */
  summary(): Array<{ category: Category; tried: number; passed: number; notRun: number; counts: Record<FailureType, number> }> {
    return (Object.keys(CATEGORY_LABELS) as Category[]).map((category) => {
      const steps = this.steps.filter((step) => step.category === category);
      const counts = Object.fromEntries((Object.keys(FAILURE_LABELS) as FailureType[]).map((type) => [type, steps.filter((step) => step.failures.some((failure) => failure.type === type)).length])) as Record<FailureType, number>;
      return { category, tried: steps.length, passed: steps.filter((step) => !step.failures.length).length, notRun: this.notRun.get(category) ?? 0, counts };
    });
  }

  failed(): boolean {
    return this.steps.some((step) => step.failures.length > 0);
  }

  /** The results table (Markdown, so it can go into the README as it is). */
  table(): string {
    const types = Object.keys(FAILURE_LABELS) as FailureType[];
    const header = ['category', 'tried', 'passed', ...types.map((type) => FAILURE_LABELS[type])];
    const rows = this.summary().map((row) => [CATEGORY_LABELS[row.category] + (row.notRun ? ` (${row.notRun} not run: time limit)` : ''), String(row.tried), String(row.passed), ...types.map((type) => String(row.counts[type]))]);
    const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
    return [line(header), line(header.map((_, i) => (i === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n');
  }

  /** Tried and failed, per mutation or probe name. */
  byName(): string {
    const names = new Map<string, { tried: number; failed: number }>();
    for (const step of this.steps) {
      const key = `${step.category} ${step.name}`;
      const entry = names.get(key) ?? { tried: 0, failed: 0 };
      entry.tried++;
      if (step.failures.length) entry.failed++;
      names.set(key, entry);
    }
    return [...names.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, { tried, failed }]) => `  ${name.padEnd(44)} tried ${String(tried).padStart(3)}  failed ${String(failed).padStart(3)}`)
      .join('\n');
  }

  json(): unknown {
    return { durationMs: Date.now() - this.started, summary: this.summary(), failures: this.failures(), steps: this.steps };
  }
}

export function replayCommand(step: { category: Category; seed: number; step: string }, extraArgs = ''): string {
  return `npm run fuzz -- --seed ${step.seed}${extraArgs ? ` ${extraArgs}` : ''} --only ${step.category}:${step.step}`;
}

function indent(text: string): string {
  return text.replace(/\n/g, '\n        ');
}
