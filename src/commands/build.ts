import { relative, resolve } from 'node:path';
import { Command } from 'commander';
import kleur from 'kleur';
import { formatDuration, log } from '../core/log';
import { terminalProgress } from '../core/progress';
import { describePageKinds } from '../pipeline/page-count';
import { buildSite, type BuildResult, type LocaleResult } from '../pipeline/build';
import { siteDirArgument } from './arguments';
import type { CommandContext } from './context';

// `docsite build [siteDir]`: the whole pipeline, written to the output folder.

export function buildCommand(context: CommandContext): Command {
  return new Command('build')
    .description('build the site into static files')
    .argument('[siteDir]', 'folder holding docsite.config.ts', '.')
    .option('--out-dir <dir>', 'output folder (default: <siteDir>/build)')
    .option('--base-url <path>', "override the config's baseUrl")
    .option('--locale <locale>', 'build this locale only (into <out-dir>/<locale>/ unless it is the default)')
    .option('--no-cache', 'build everything again: no compile cache, nothing taken from the previous output')
    .option('--quiet', 'no progress on stderr (the summary, warnings and errors still print)')
    .action(async (dir: string | undefined, options: { outDir?: string; baseUrl?: string; locale?: string; cache: boolean; quiet?: boolean }) => {
      const siteDir = context.siteDir(siteDirArgument(dir));
      // Stage by stage on stderr: a live line on a terminal, a line per stage elsewhere.
      const progress = terminalProgress({ quiet: options.quiet ?? false });
      let result: BuildResult;
      try {
        result = await buildSite({ siteDir, ...(options.outDir ? { outDir: resolve(options.outDir) } : {}), ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}), ...(options.locale ? { locale: options.locale } : {}), cache: options.cache, progress });
      } finally {
        // The live line goes before the summary, or before cli.ts prints the error.
        progress.close();
      }
      const steps = Object.entries(result.timings)
        .map(([name, ms]) => `${name} ${formatDuration(ms)}`)
        .join(', ');
      log.success(`Built ${result.pages.total} pages in ${formatDuration(result.durationMs)} ${kleur.dim(`(${steps})`)}`);
      log.info(`  ${kleur.dim('pages:')}  ${describePageKinds(result.pages)}`);
      if (result.reused) log.info(`  ${kleur.dim('reused:')} ${reusedLine(result.reused, result.pages.total)}`);
      if (result.locales.length > 1) log.info(`  ${kleur.dim('locales:')} ${result.locales.map((locale) => `${locale.locale} ${locale.pages.total}`).join(', ')}`);
      for (const line of untranslatedLines(result.locales)) log.info(`  ${line}`);
      log.info(`  ${kleur.dim('output:')} ${relative(process.cwd(), result.outDir) || '.'}`);
    });
}

/** What an incremental build took from the previous output. */
export function reusedLine(reused: NonNullable<BuildResult['reused']>, total: number): string {
  const rendered = total - reused.pages;
  return `${reused.bundles ? 'the bundles' : 'no bundles (bundled again)'}, ${reused.pages} of ${total} pages (${rendered} rendered)`;
}

/**
 * What the summary says of the files a translated locale builds from the default locale's text: each file once per
 * locale, and locales that say the same thing (none translated yet, or the same files missing) on one line.
 */
export function untranslatedLines(locales: LocaleResult[]): string[] {
  const groups = new Map<string, string[]>();
  for (const locale of locales) {
    const count = locale.untranslated.length;
    if (!count) continue;
    const text =
      count === locale.translatable
        ? `no translation yet: all ${count} docs and posts are built from the default locale's text`
        : `${count} ${count === 1 ? 'file is' : 'files are'} not translated yet, built from the default locale's text: ${locale.untranslated.join(', ')}`;
    groups.set(text, [...(groups.get(text) ?? []), locale.locale]);
  }
  return [...groups].map(([text, codes]) => `${kleur.dim(`${codes.join(', ')}:`)} ${text}`);
}
