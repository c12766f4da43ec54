import kleur from 'kleur';
import { setBeforePrint } from './log';

// Progress of a long command (build, check-links), so that a slow build never looks like a hung one.
//
// The pipeline names its stages: `start('compile', 1043, 'files')`, `advance('compile', 412)`,
// `end('compile')`. Stages may overlap (the search index is built while esbuild bundles): each is
// tracked by its name, and every one that has started and not ended is "running".
//
// - On a terminal: one live line on stderr, rewritten in place at most every THROTTLE_MS, listing the
//   running stages (with `done/total unit` when countable) and the time since the reporter was made:
//   `⠙ render 412/1,043 pages · 9.8 s`. A timer redraws it while nothing reports, so the spinner and the
//   clock move. Anything printed through `log` clears the line first (see setBeforePrint); the line comes
//   back on the next tick. close() clears it and stops the timer.
// - Elsewhere (pipes, CI): one whole line per stage when it ends, `  compile 1,043 files in 8.2 s`.
// - Quiet: nothing.
//
// The reporter never writes to stdout: progress is not the result (`--format json` owns stdout).
// A reporter never throws: an unknown stage name is ignored, a stage started twice starts over.

export interface ProgressReporter {
  /** A stage starts; `total` (and its `unit`, e.g. 'pages') when its work is countable. */
  start(stage: string, total?: number, unit?: string): void;
  /**
   * `done` items of that stage are finished. Call as often as you like (output is throttled); without
   * `done`, it only lets the line move during long synchronous work, when timers cannot fire.
   */
  advance(stage: string, done?: number): void;
  /** That stage ended. */
  end(stage: string): void;
  /** Clears any live line and stops the timer: call before the final summary or an error is printed. */
  close(): void;
}

/** What a reporter writes to: process.stderr, or a fake in tests. */
export interface ProgressStream {
  write(chunk: string): unknown;
  /** Width of the terminal, to keep the live line on one row. */
  columns?: number;
}

export interface ProgressOptions {
  stream: ProgressStream;
  /** Live line (true) or a line per finished stage (false). */
  tty: boolean;
  quiet: boolean;
  /** Milliseconds, for tests; performance.now by default. */
  now?: () => number;
  /** Calls `tick` every `ms` until the returned function is called; for tests. Default: an unref'd setInterval. */
  every?: (ms: number, tick: () => void) => () => void;
}

/** The live line is redrawn at most this often. */
export const THROTTLE_MS = 80;

/** Reports nothing: the default of a pipeline run without a reporter, and `--quiet`. */
export const noProgress: ProgressReporter = Object.freeze({
  start() {},
  advance() {},
  end() {},
  close() {},
});

export function createProgress(options: ProgressOptions): ProgressReporter {
  if (options.quiet) return noProgress;
  const now = options.now ?? (() => performance.now());
  return options.tty ? new LiveLine(options.stream, now, options.every ?? everyUnref) : new StageLines(options.stream, now);
}

/**
 * The reporter of a command run in this process's terminal: on stderr, live when stderr is a terminal
 * that understands escapes (not TERM=dumb) and not in CI (CI=true: logs keep every \r), quiet with `--quiet`.
 * Colours follow kleur (NO_COLOR, FORCE_COLOR).
 */
export function terminalProgress(options: { quiet: boolean }): ProgressReporter {
  return createProgress({ stream: process.stderr, tty: isInteractive(process.stderr, process.env), quiet: options.quiet });
}

export function isInteractive(stream: { isTTY?: boolean }, env: Record<string, string | undefined>): boolean {
  const ci = env.CI !== undefined && !['', '0', 'false'].includes(env.CI.toLowerCase());
  return Boolean(stream.isTTY) && env.TERM !== 'dumb' && !ci;
}

interface Stage {
  name: string;
  started: number;
  total?: number;
  unit?: string;
  done: number;
}

/** The stages running, in the order they started; shared by both reporters. */
abstract class StageTracker implements ProgressReporter {
  protected readonly running = new Map<string, Stage>();
  protected closed = false;

  constructor(protected readonly now: () => number) {}

  start(name: string, total?: number, unit?: string): void {
    if (this.closed) return;
    this.running.delete(name);
    this.running.set(name, { name, started: this.now(), done: 0, ...(total === undefined ? {} : { total }), ...(unit === undefined ? {} : { unit }) });
    this.changed();
  }

  advance(name: string, done?: number): void {
    const stage = this.running.get(name);
    if (this.closed || !stage) return;
    if (done !== undefined) stage.done = done;
    this.changed();
  }

  end(name: string): void {
    const stage = this.running.get(name);
    if (this.closed || !stage) return;
    this.running.delete(name);
    this.ended(stage, this.now() - stage.started);
  }

  close(): void {
    this.closed = true;
    this.running.clear();
  }

  protected changed(): void {}
  protected abstract ended(stage: Stage, ms: number): void;
}

/** Non-interactive output: a line per finished stage, nothing else. */
class StageLines extends StageTracker {
  constructor(
    private readonly stream: ProgressStream,
    now: () => number,
  ) {
    super(now);
  }

  protected ended(stage: Stage, ms: number): void {
    const count = stage.total === undefined ? '' : ` ${formatCount(stage.total)}${stage.unit ? ` ${stage.unit}` : ''}`;
    this.stream.write(`  ${stage.name}${count} in ${formatElapsed(ms)}\n`);
  }
}

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
/** Carriage return, then erase the whole row. */
const CLEAR_LINE = '\r\x1b[2K';

/** Interactive output: one line, rewritten in place. */
class LiveLine extends StageTracker {
  private readonly began: number;
  private lastDraw = -Infinity;
  /** Whether the line is on screen (the cursor then stands at its end). */
  private shown = false;
  private stopTimer: (() => void) | undefined;
  private unhook: (() => void) | undefined;
  private readonly clear = () => {
    if (this.shown) this.stream.write(CLEAR_LINE);
    this.shown = false;
  };

  constructor(
    private readonly stream: ProgressStream,
    now: () => number,
    private readonly every: (ms: number, tick: () => void) => () => void,
  ) {
    super(now);
    this.began = now();
  }

  protected override changed(): void {
    if (!this.stopTimer) {
      // From the first stage on, until close(): log output clears the line, the timer keeps it moving.
      this.unhook = setBeforePrint(this.clear);
      this.stopTimer = this.every(THROTTLE_MS, () => this.draw());
    }
    this.draw();
  }

  protected ended(): void {
    this.draw();
  }

  override close(): void {
    if (this.closed) return;
    super.close();
    this.stopTimer?.();
    this.stopTimer = undefined;
    this.clear();
    this.unhook?.();
  }

  /** Redraws the line, unless it was drawn less than THROTTLE_MS ago and is still on screen. */
  private draw(): void {
    const at = this.now();
    if (this.closed || (this.shown && at - this.lastDraw < THROTTLE_MS)) return;
    this.lastDraw = at;
    this.shown = true;
    this.stream.write(`\r${this.render(at)}\x1b[K`);
  }

  /** `⠙ bundle, search index 300/1,043 docs · 3.1 s`, cut to the terminal's width so it never wraps. */
  private render(at: number): string {
    const elapsed = at - this.began;
    const spinner = SPINNER[Math.floor(elapsed / THROTTLE_MS) % SPINNER.length]!;
    const stages = [...this.running.values()].map((stage) => {
      if (stage.total === undefined) return stage.name;
      return `${stage.name} ${formatCount(stage.done)}/${formatCount(stage.total)}${stage.unit ? ` ${stage.unit}` : ''}`;
    });
    // Between stages (work no stage covers), only the clock.
    const clock = `${stages.length ? ' · ' : ''}${(elapsed / 1000).toFixed(1)} s`;
    // One column spare: writing into the last column makes some terminals wrap.
    const room = Math.max((this.stream.columns || 80) - 1 - 2 - clock.length, 1);
    let text = stages.join(', ');
    if (text.length > room) text = `${text.slice(0, room - 1)}…`;
    return `${kleur.cyan(spinner)} ${text}${kleur.dim(clock)}`;
  }
}

function everyUnref(ms: number, tick: () => void): () => void {
  const timer = setInterval(tick, ms);
  // Progress never keeps the process alive.
  timer.unref();
  return () => clearInterval(timer);
}

const COUNT = new Intl.NumberFormat('en-US');

/** 1043 -> "1,043", whatever the locale: output that tests and logs can rely on. */
function formatCount(value: number): string {
  return COUNT.format(value);
}

/** "340 ms", "8.2 s". */
export function formatElapsed(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
