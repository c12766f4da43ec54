import { locateKey } from './key-location';

// What the migration could not carry over, or changed on the way. Each note names the file it is about
// (the Docusaurus config or the sidebars file), the key, and where the key is written when the source
// text shows it, so a user can find it in their own source.

export interface MigrationWarning {
  /** Site-relative file the note is about, e.g. "docusaurus.config.js". */
  file: string;
  /** 1-based position of the key the note is about, when it was found in the file's text. */
  line?: number;
  column?: number;
  message: string;
}

/** `docusaurus.config.js:12:7` or, without a position, the file alone. */
export function warningPlace(warning: MigrationWarning): string {
  return warning.line === undefined ? warning.file : `${warning.file}:${warning.line}:${warning.column ?? 1}`;
}

/** Collects the notes of one file. */
export class WarningList {
  readonly items: MigrationWarning[] = [];

  /** `source`: the file's text, to place each note at its key. */
  constructor(
    private readonly file: string,
    readonly source?: string,
  ) {}

  /** "<key> is not carried over (<reason>)". */
  notCarried(key: string, reason?: string): void {
    this.add(`${key} is not carried over${reason ? ` (${reason})` : ''}`, key);
  }

  /** `key`: the config key the note is about (`themeConfig.navbar.items[2]`), to place it. */
  add(message: string, key?: string): void {
    const position = key !== undefined && this.source !== undefined ? locateKey(this.source, key) : undefined;
    this.items.push({ file: this.file, ...(position ? { line: position.line, column: position.column } : {}), message });
  }

  /** Notes every key of `value` that the mapping did not handle. */
  unhandledKeys(value: Record<string, unknown>, handled: readonly string[], prefix: string, reasons: Record<string, string> = {}): void {
    for (const [key, item] of Object.entries(value)) {
      if (handled.includes(key) || item === undefined) continue;
      this.notCarried(`${prefix}${key}`, reasons[key]);
    }
  }
}
