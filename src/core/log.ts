import kleur from 'kleur';

// One place for terminal output, so commands print in one voice and tests can silence it.
let quiet = false;

export function setQuiet(value: boolean): void {
  quiet = value;
}

// A live line on the terminal (the build's progress, core/progress.ts) that must be cleared before a
// line is printed, or the two would share a row; it draws itself again afterwards.
let beforePrint: (() => void) | undefined;

/** Registers the hook run before every line log prints; returns its removal (a no-op once replaced). */
export function setBeforePrint(hook: () => void): () => void {
  beforePrint = hook;
  return () => {
    if (beforePrint === hook) beforePrint = undefined;
  };
}

function out(line: string): void {
  if (quiet) return;
  beforePrint?.();
  console.log(line);
}

function err(line: string): void {
  beforePrint?.();
  console.error(line);
}

export const log = {
  info(message: string): void {
    out(message);
  },
  success(message: string): void {
    out(`${kleur.green('✔')} ${message}`);
  },
  step(message: string): void {
    out(`${kleur.dim('•')} ${message}`);
  },
  warn(message: string): void {
    beforePrint?.();
    console.warn(`${kleur.yellow('warning')} ${message}`);
  },
  error(message: string): void {
    err(`${kleur.red('error')} ${message}`);
  },
  /** One line of a list of problems (after or before an error that sums them up): stderr, no prefix. */
  problem(message: string): void {
    err(message);
  },
};

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
