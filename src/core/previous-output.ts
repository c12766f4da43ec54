/**
 * What a build takes from the previous output as it is: a page still current, a file named by its content
 * (emit/output-dir.ts makes it: the file is kept in place, or linked into a new output folder).
 */
export interface PreviousOutput {
  /** The previous output's folder, to read from. */
  readonly dir: string;
  /** Puts the previous output's `file` (relative to both outputs) in this output unchanged; false when it has none. */
  take(file: string): boolean;
  /** Takes back a file taken: this build writes it after all. */
  release(file: string): void;
}
