// What the migration could not carry over, or changed on the way. Each note names the file it is about
// (the Docusaurus config or the sidebars file) and the key, so a user can find it in their own source.

export interface MigrationWarning {
  /** Site-relative file the note is about, e.g. "docusaurus.config.js". */
  file: string;
  message: string;
}

/** Collects the notes of one file. */
export class WarningList {
  readonly items: MigrationWarning[] = [];

  constructor(private readonly file: string) {}

  /** "<key> is not carried over (<reason>)". */
  notCarried(key: string, reason?: string): void {
    this.add(`${key} is not carried over${reason ? ` (${reason})` : ''}`);
  }

  add(message: string): void {
    this.items.push({ file: this.file, message });
  }

  /** Notes every key of `value` that the mapping did not handle. */
  unhandledKeys(value: Record<string, unknown>, handled: readonly string[], prefix: string, reasons: Record<string, string> = {}): void {
    for (const [key, item] of Object.entries(value)) {
      if (handled.includes(key) || item === undefined) continue;
      this.notCarried(`${prefix}${key}`, reasons[key]);
    }
  }
}
