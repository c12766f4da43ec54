import { Command, Option } from 'commander';
import kleur from 'kleur';
import { describePageKinds, type PageCount } from '../pipeline/page-count';
import { buildSite } from '../pipeline/build';
import { formatBrokenLink, type LinkProblem } from '../links/check-links';
import { DocsiteError, isDocsiteError } from '../core/errors';
import { formatDuration, log, setQuiet } from '../core/log';
import { noProgress, terminalProgress, type ProgressReporter } from '../core/progress';
import { checkExternalLinks, EXTERNAL_CHECK_DEFAULTS, type ExternalCheckOptions } from '../links/check-external';
import { externalCacheFile } from '../links/external-cache';
import { siteDirArgument } from './arguments';
import type { CommandContext } from './context';

export function checkLinksCommand(context: CommandContext): Command {
  return new Command('check-links')
    .description('check every internal link and anchor; writes nothing; exits 1 on a broken link')
    .argument('[siteDir]', 'folder holding docsite.config.ts', '.')
    .option('--external', 'also check http(s) links over the network (results cached for a day)')
    .addOption(new Option('--format <format>', 'report format').choices(['text', 'json']).default('text'))
    .option('--quiet', 'no progress on stderr (the report, warnings and errors still print)')
    .action(async (dir: string | undefined, options: { external?: boolean; format: 'text' | 'json'; quiet?: boolean }) => {
      const progress = terminalProgress({ quiet: options.quiet ?? false });
      process.exitCode = await runCheckLinks({ siteDir: context.siteDir(siteDirArgument(dir)), external: options.external ?? false, format: options.format, progress });
    });
}

// `docsite check-links`: the link gate. It renders the whole site without writing it, and fails
// on any broken link or anchor whatever the config's onBrokenLinks / onBrokenAnchors say: those
// tune what `build` tolerates, while a gate that can be told to look away is no gate.

export interface CheckLinksOptions {
  siteDir: string;
  /** Also probe http(s) links over the network. */
  external: boolean;
  format: 'text' | 'json';
  /** Stage progress, on stderr only (never stdout: the JSON report owns it). Closed before the report prints. */
  progress?: ProgressReporter;
}

/** One link problem as `--format json` prints it. */
export interface LinkProblemJson {
  source: string;
  line?: number;
  column?: number;
  page: string;
  href: string;
  reason: string;
  kind: LinkProblem['kind'];
}

export interface LinkReportJson {
  ok: boolean;
  /** Pages rendered and checked, redirects included: the figure `docsite build` gives too. */
  pages: number;
  /** The same pages by kind (doc, blogPost, apiOperation, redirect, …). */
  pageKinds?: PageCount['byKind'];
  links: number;
  broken: LinkProblemJson[];
  warnings: LinkProblemJson[];
  /** Set when the site could not be checked at all (a content or config error). */
  error?: { message: string; file?: string; line?: number; column?: number };
}

/** Runs the check and prints the report; returns the exit code (0 clean, 1 a broken link). */
export async function runCheckLinks(options: CheckLinksOptions): Promise<number> {
  const json = options.format === 'json';
  // JSON goes to stdout alone; warnings and errors still reach stderr.
  if (json) setQuiet(true);
  const started = performance.now();
  const progress = options.progress ?? noProgress;
  try {
    let checked: Awaited<ReturnType<typeof checkLinks>>;
    try {
      checked = await checkLinks(options, progress);
    } finally {
      // The live line goes before the report, or before the error is printed.
      progress.close();
    }
    const { pages, broken, warnings, linkCount, externalSummary } = checked;
    const report: LinkReportJson = { ok: broken.length === 0, pages: pages.total, pageKinds: pages.byKind, links: linkCount, broken: broken.map(toJson), warnings: warnings.map(toJson) };
    if (json) {
      for (const warning of warnings) log.warn(formatBrokenLink(warning));
      process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    } else {
      printText(broken, warnings, `${pages.total} pages and ${linkCount} links${externalSummary}`, describePageKinds(pages), performance.now() - started);
    }
    return report.ok ? 0 : 1;
  } catch (error) {
    if (json) process.stdout.write(`${JSON.stringify(errorReport(error), null, 2)}\n`);
    throw error;
  }
}

/** The site's links and, with --external, the network's answers; the progress reporter sees the stages. */
async function checkLinks(options: CheckLinksOptions, progress: ProgressReporter) {
  const { links, pages } = await buildSite({ siteDir: options.siteDir, write: false, collectLinks: true, progress });
  const broken = [...links.broken];
  const warnings = [...links.warnings];
  let linkCount = links.links;
  let externalSummary = '';
  if (options.external) {
    progress.start('external links');
    const external = await checkExternalLinks(links.external, { ...externalOptionsFromEnv(), cacheFile: externalCacheFile(options.siteDir) });
    progress.end('external links');
    broken.push(...external.broken);
    warnings.push(...external.warnings);
    linkCount += external.checked;
    externalSummary = ` (${external.checked} external${external.fromCache ? `, ${external.fromCache} from the cache` : ''})`;
  }
  return { links, pages, broken, warnings, linkCount, externalSummary };
}

function printText(broken: LinkProblem[], warnings: LinkProblem[], checked: string, pageKinds: string, durationMs: number): void {
  // Problems go to stderr, like every other error of docsite; the report is for people, JSON for programs.
  for (const link of broken) log.problem(formatBrokenLink(link));
  for (const link of warnings) log.warn(formatBrokenLink(link));
  const warned = warnings.length ? `, ${plural(warnings.length, 'warning')}` : '';
  const time = kleur.dim(`(${formatDuration(durationMs)})`);
  // Which pages were checked, beside the summary: on stderr with a failure, on stdout with a pass.
  const pagesLine = `  ${kleur.dim(`pages: ${pageKinds}`)}`;
  if (broken.length) {
    log.error(`${plural(broken.length, 'broken link')} found${warned}: checked ${checked} ${time}`);
    log.problem(pagesLine);
  } else {
    log.success(`Checked ${checked}: no broken links${warned} ${time}`);
    log.info(pagesLine);
  }
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function toJson(link: LinkProblem): LinkProblemJson {
  return {
    source: link.source,
    ...(link.line ? { line: link.line } : {}),
    ...(link.column ? { column: link.column } : {}),
    page: link.page,
    href: link.href,
    reason: link.reason,
    kind: link.kind,
  };
}

function errorReport(error: unknown): LinkReportJson {
  const message = error instanceof Error ? error.message : String(error);
  const where = isDocsiteError(error) ? { ...(error.file ? { file: error.file } : {}), ...(error.line ? { line: error.line } : {}), ...(error.column ? { column: error.column } : {}) } : {};
  return { ok: false, pages: 0, links: 0, broken: [], warnings: [], error: { message, ...where } };
}

/**
 * DOCSITE_LINK_TIMEOUT_MS and DOCSITE_LINK_RETRY_DELAY_MS tune the probes: slow hosts in CI
 * get more time, tests get less.
 */
function externalOptionsFromEnv(): ExternalCheckOptions {
  return {
    ...EXTERNAL_CHECK_DEFAULTS,
    timeoutMs: millisecondsFromEnv('DOCSITE_LINK_TIMEOUT_MS', EXTERNAL_CHECK_DEFAULTS.timeoutMs, 1),
    retryDelayMs: millisecondsFromEnv('DOCSITE_LINK_RETRY_DELAY_MS', EXTERNAL_CHECK_DEFAULTS.retryDelayMs, 0),
  };
}

function millisecondsFromEnv(name: string, fallback: number, minimum: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < minimum) throw new DocsiteError(`${name} must be a whole number of milliseconds, not "${value}"`);
  return parsed;
}
