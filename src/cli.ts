import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import kleur from 'kleur';
import { buildSite } from './pipeline/build';
import { runCheckLinks } from './commands/check-links';
import { log, formatDuration } from './core/log';
import { runMigrate } from './commands/migrate';
import { PACKAGE_ROOT } from './core/paths';
import { printError } from './core/print-error';
import { startDev } from './dev/server';
import { serve } from './commands/serve';

// Exit codes: 0 success, 1 a content or config error, 2 wrong usage.
const EXIT_CONTENT = 1;
const EXIT_USAGE = 2;

const { version } = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string };

class UsageError extends Error {}

function port(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) throw new InvalidArgumentError('must be a port number (0-65535)');
  return parsed;
}

/** The site folder of the running command; error messages name files relative to it. */
let currentSiteDir = process.cwd();

/** The site folder argument: must exist, or it is a usage error. */
function siteDirOf(value: string | undefined): string {
  const dir = resolve(value ?? '.');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`site folder not found: ${value ?? dir}`);
  currentSiteDir = dir;
  return dir;
}

const program = new Command()
  .name('docsite')
  .description('Static site compiler for documentation websites.')
  .version(version, '-v, --version')
  .option('--debug', 'print stack traces for errors')
  .showHelpAfterError()
  .exitOverride();

program
  .command('build')
  .description('build the site into static files')
  .argument('[siteDir]', 'folder holding docsite.config.ts', '.')
  .option('--out-dir <dir>', 'output folder (default: <siteDir>/build)')
  .option('--base-url <path>', "override the config's baseUrl")
  .option('--no-cache', 'ignore the compile cache')
  .action(async (dir: string | undefined, options: { outDir?: string; baseUrl?: string; cache: boolean }) => {
    const siteDir = siteDirOf(dir);
    const result = await buildSite({ siteDir, ...(options.outDir ? { outDir: resolve(options.outDir) } : {}), ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}), cache: options.cache });
    const steps = Object.entries(result.timings)
      .map(([name, ms]) => `${name} ${formatDuration(ms)}`)
      .join(', ');
    log.success(`Built ${result.pages} pages in ${formatDuration(result.durationMs)} ${kleur.dim(`(${steps})`)}`);
    log.info(`  ${kleur.dim('output:')} ${relative(process.cwd(), result.outDir) || '.'}`);
  });

program
  .command('dev')
  .description('start the development server: watch, rebuild, live reload')
  .argument('[siteDir]', 'folder holding docsite.config.ts', '.')
  .option('--port <port>', 'port', port, 3000)
  .option('--host <host>', 'host', 'localhost')
  .option('--strict-port', 'exit instead of trying the next port when the port is in use')
  .option('--poll', 'watch by polling (network drives, some containers)')
  .option('--open', 'open the site in the default browser')
  .action(async (dir: string | undefined, options: { port: number; host: string; strictPort?: boolean; poll?: boolean; open?: boolean }) => {
    const dev = await startDev({ siteDir: siteDirOf(dir), ...options });
    let stopping = false;
    const stop = () => {
      // A second Ctrl+C does not wait for the clean-up.
      if (stopping) process.exit(0);
      stopping = true;
      void dev.close().finally(() => process.exit(0));
    };
    process.on('SIGINT', stop).on('SIGTERM', stop);
  });

program
  .command('serve')
  .description('serve a finished build')
  .argument('[siteDir]', 'folder holding docsite.config.ts', '.')
  .option('--dir <dir>', 'build folder to serve (default: <siteDir>/build)')
  .option('--port <port>', 'port', port, 3000)
  .option('--host <host>', 'host', 'localhost')
  .action(async (dir: string | undefined, options: { dir?: string; port: number; host: string }) => {
    await serve({ siteDir: siteDirOf(dir), ...options });
  });

program
  .command('check-links')
  .description('check every internal link and anchor; writes nothing; exits 1 on a broken link')
  .argument('[siteDir]', 'folder holding docsite.config.ts', '.')
  .option('--external', 'also check http(s) links over the network (results cached for a day)')
  .addOption(new Option('--format <format>', 'report format').choices(['text', 'json']).default('text'))
  .action(async (dir: string | undefined, options: { external?: boolean; format: 'text' | 'json' }) => {
    process.exitCode = await runCheckLinks({ siteDir: siteDirOf(dir), external: options.external ?? false, format: options.format });
  });

program
  .command('migrate')
  .description('write a docsite.config.ts for a Docusaurus site, from its docusaurus.config.js')
  .argument('[dir]', 'folder holding docusaurus.config.js', '.')
  .option('--force', 'overwrite an existing docsite.config.ts (and sidebars.docsite.ts)')
  .option('--dry-run', 'print what would be written and the warnings; write nothing')
  .action(async (dir: string | undefined, options: { force?: boolean; dryRun?: boolean }) => {
    await runMigrate({ siteDir: siteDirOf(dir), force: options.force ?? false, dryRun: options.dryRun ?? false });
  });

const debug = process.argv.includes('--debug');
try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Help and version exit 0; everything else commander rejects is wrong usage.
    process.exit(error.exitCode === 0 ? 0 : EXIT_USAGE);
  }
  if (error instanceof UsageError) {
    console.error(`${kleur.red('error')} ${error.message}\n`);
    program.outputHelp({ error: true });
    process.exit(EXIT_USAGE);
  }
  printError(error, debug, currentSiteDir);
  process.exit(EXIT_CONTENT);
}
