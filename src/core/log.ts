import kleur from 'kleur';

// One place for terminal output, so commands print in one voice and tests can silence it.
let quiet = false;

export function setQuiet(value: boolean): void {
  quiet = value;
}

export const log = {
  info(message: string): void {
    if (!quiet) console.log(message);
  },
  success(message: string): void {
    if (!quiet) console.log(`${kleur.green('✔')} ${message}`);
  },
  step(message: string): void {
    if (!quiet) console.log(`${kleur.dim('•')} ${message}`);
  },
  warn(message: string): void {
    console.warn(`${kleur.yellow('warning')} ${message}`);
  },
  error(message: string): void {
    console.error(`${kleur.red('error')} ${message}`);
  },
  /** One line of a list of problems (after or before an error that sums them up): stderr, no prefix. */
  problem(message: string): void {
    console.error(message);
  },
};

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
