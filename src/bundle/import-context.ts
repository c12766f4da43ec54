import { readFile } from 'node:fs/promises';
import { isAbsolute, relative, sep } from 'node:path';
import type { OnResolveArgs, PluginBuild } from 'esbuild';
import { log } from '../core/log';
import { CLIENT_DIR, TEMPLATES_DIR } from '../core/paths';
import { importLocation } from './import-statements';

// What the site-import handlers share within one bundle: esbuild's own resolution of an import (asked without
// looping back into them), the importing files' text, and one warning per import.

/** Imports that load a module (CSS `url()` and `@import` are not component imports). */
export const MODULE_IMPORTS = new Set(['import-statement', 'require-call', 'dynamic-import']);
export const MARKDOWN = /\.mdx?$/;

/** Marks the resolutions the handlers ask esbuild for themselves, so they let them pass. */
const PROBE = Symbol('docsite-probe');
/** Once per process: the browser and server bundles resolve the same imports. */
const warned = new Set<string>();

export class ImportContext {
  // Other plugins resolve imports through esbuild too (without the probe's mark), which comes back to the
  // handlers: an import being probed is let through when it comes back, instead of being probed without end.
  private readonly probing = new Set<string>();
  private readonly sources = new Map<string, Promise<string>>();

  constructor(
    private readonly build: PluginBuild,
    readonly siteDir: string,
  ) {}

  /** A path of the site folder (`./static/x.svg`), resolved as esbuild would. */
  async resolveInSite(path: string, importer: string): Promise<string | undefined> {
    const result = await this.build.resolve(path, { kind: 'import-statement', resolveDir: this.siteDir, importer });
    return result.errors.length ? undefined : result.path;
  }

  /** esbuild's own resolution of an import, the site-import handlers left out. */
  async probe(path: string, args: OnResolveArgs): Promise<string | undefined> {
    const key = `${path}\0${args.importer}`;
    this.probing.add(key);
    try {
      const result = await this.build.resolve(path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: PROBE });
      return result.errors.length ? undefined : result.path;
    } finally {
      this.probing.delete(key);
    }
  }

  isProbe(args: OnResolveArgs): boolean {
    return args.pluginData === PROBE || this.probing.has(`${args.path}\0${args.importer}`);
  }

  sourceOf(file: string): Promise<string> {
    let text = this.sources.get(file);
    if (!text) this.sources.set(file, (text = readFile(file, 'utf8').catch(() => '')));
    return text;
  }

  /** The site's own files: its folder and any folder its config points at (`../docs`), not packages or docsite's theme. */
  isSiteFile(args: OnResolveArgs): boolean {
    const file = args.importer;
    return args.namespace === 'file' && isAbsolute(file) && !file.includes(`${sep}node_modules${sep}`) && !file.startsWith(TEMPLATES_DIR) && !file.startsWith(CLIENT_DIR);
  }

  /** `file:line` of the import of `specifier` in `importer`, for warnings. */
  async whereImported(importer: string, specifier: string): Promise<string> {
    const location = importLocation(await this.sourceOf(importer), specifier);
    return `${relative(this.siteDir, importer) || importer}${location ? `:${location.line}` : ''}`;
  }

  /** Where a Markdown file imports `args.path`, in esbuild's terms: the compiled module's lines are not the file's. */
  async markdownImportLocation(args: OnResolveArgs): Promise<{ file: string; line: number; column: number; lineText: string } | undefined> {
    if (!MARKDOWN.test(args.importer)) return undefined;
    const location = importLocation(await this.sourceOf(args.importer), args.path);
    return location && { file: args.importer, line: location.line, column: location.column - 1, lineText: location.lineText };
  }

  /** One warning per import, at the importing file and line: `src/pages/x.js:4: \`pkg\` <what>`. */
  async warnAtImport(args: OnResolveArgs, what: string): Promise<void> {
    const where = await this.whereImported(args.importer, args.path);
    const key = `${where}\0${args.path}`;
    if (warned.has(key)) return;
    warned.add(key);
    log.warn(`${where}: \`${args.path}\` ${what}`);
  }
}
