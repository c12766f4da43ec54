import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, CommanderError } from 'commander';
import kleur from 'kleur';
import { UsageError } from './commands/arguments';
import { buildCommand } from './commands/build';
import { checkLinksCommand } from './commands/check-links';
import type { CommandContext } from './commands/context';
import { devCommand } from './commands/dev';
import { migrateCommand } from './commands/migrate';
import { serveCommand } from './commands/serve';
import { versionCommand } from './commands/version';
import { limitBundlerMemory } from './core/bundler-memory';
import { PACKAGE_ROOT } from './core/paths';
import { printError } from './core/print-error';

// The command line: one module per command in commands/, listed here. Exit codes: 0 success,
// 1 a content or config error, 2 wrong usage.
const EXIT_CONTENT = 1;
const EXIT_USAGE = 2;

// Before any command calls esbuild (the config is loaded with it): its process takes the environment as it starts.
limitBundlerMemory();

const { version } = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string };

/** The site folder of the running command; error messages name files relative to it. */
let currentSiteDir = process.cwd();
const context: CommandContext = { siteDir: (dir) => (currentSiteDir = dir) };

const program = new Command()
  .name('docsite')
  .description('Static site compiler for documentation websites.')
  .version(version, '-v, --version')
  .option('--debug', 'print stack traces for errors')
  .showHelpAfterError()
  .exitOverride();

for (const command of [buildCommand, devCommand, serveCommand, checkLinksCommand, migrateCommand, versionCommand]) {
  // Subcommands inherit the program's behaviour on errors: commander throws, we choose the exit code.
  program.addCommand(command(context).showHelpAfterError().exitOverride());
}

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
