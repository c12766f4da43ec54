import { relative, resolve } from 'node:path';
import { Command } from 'commander';
import kleur from 'kleur';
import { formatDuration, log } from '../core/log';
import { buildSite } from '../pipeline/build';
import { siteDirArgument } from './arguments';
import type { CommandContext } from './context';

// `docsite build [siteDir]`: the whole pipeline, written to the output folder.

export function buildCommand(context: CommandContext): Command {
  return new Command('build')
    .description('build the site into static files')
    .argument('[siteDir]', 'folder holding docsite.config.ts', '.')
    .option('--out-dir <dir>', 'output folder (default: <siteDir>/build)')
    .option('--base-url <path>', "override the config's baseUrl")
    .option('--no-cache', 'ignore the compile cache')
    .action(async (dir: string | undefined, options: { outDir?: string; baseUrl?: string; cache: boolean }) => {
      const siteDir = context.siteDir(siteDirArgument(dir));
      const result = await buildSite({ siteDir, ...(options.outDir ? { outDir: resolve(options.outDir) } : {}), ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}), cache: options.cache });
      const steps = Object.entries(result.timings)
        .map(([name, ms]) => `${name} ${formatDuration(ms)}`)
        .join(', ');
      log.success(`Built ${result.pages} pages in ${formatDuration(result.durationMs)} ${kleur.dim(`(${steps})`)}`);
      log.info(`  ${kleur.dim('output:')} ${relative(process.cwd(), result.outDir) || '.'}`);
    });
}
