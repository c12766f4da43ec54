import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Command } from 'commander';
import kleur from 'kleur';
import { CONFIG_FILES } from '../config/load';
import { DocsiteError } from '../core/errors';
import { log } from '../core/log';
import { DOCUSAURUS_CONFIG_FILES, findDocusaurusConfig, loadDocusaurusConfig } from '../migrate/load-docusaurus-config';
import { migrateConfig } from '../migrate/map-config';
import { warningPlace } from '../migrate/warnings';
import { CONFIG_FILE, outputFiles, writeOutputFiles, type OutputFile } from '../migrate/write-config';
import { siteDirArgument } from './arguments';
import type { CommandContext } from './context';

// `docsite migrate [dir] [--force] [--dry-run]`: reads the Docusaurus config of a site and writes a
// docsite.config.ts beside it (and a converted sidebars file when needed), so that `docsite build`
// builds the existing docs and blog. It never changes a file that is already there, unless --force.

export function migrateCommand(context: CommandContext): Command {
  return new Command('migrate')
    .description('write a docsite.config.ts for a Docusaurus site, from its docusaurus.config.js')
    .argument('[dir]', 'folder holding docusaurus.config.js', '.')
    .option('--force', 'overwrite an existing docsite.config.ts (and sidebars.docsite.ts)')
    .option('--dry-run', 'print what would be written and the warnings; write nothing')
    .action(async (dir: string | undefined, options: { force?: boolean; dryRun?: boolean }) => {
      await runMigrate({ siteDir: context.siteDir(siteDirArgument(dir)), force: options.force ?? false, dryRun: options.dryRun ?? false });
    });
}

export interface MigrateOptions {
  siteDir: string;
  force: boolean;
  dryRun: boolean;
}

export async function runMigrate({ siteDir, force, dryRun }: MigrateOptions): Promise<void> {
  const source = findDocusaurusConfig(siteDir);
  if (!source) {
    throw new DocsiteError(`no Docusaurus config found in ${siteDir}: looked for ${DOCUSAURUS_CONFIG_FILES.join(', ')}`);
  }
  const existing = CONFIG_FILES.filter((name) => existsSync(join(siteDir, name)));
  if (existing.length > 0 && !force && !dryRun) {
    throw new DocsiteError(`${existing.join(' and ')} already exist${existing.length === 1 ? 's' : ''}: run docsite migrate --force to overwrite the docsite config`);
  }

  const { config, stubbed } = await loadDocusaurusConfig(source, siteDir);
  const migration = await migrateConfig(config, { siteDir, configName: source.name });
  const files = outputFiles(migration, { sourceName: source.name, sourceText: await readFile(source.path, 'utf8'), date: today() });

  // The converted sidebars file is new too: an existing one is kept unless --force.
  const clashes = files.filter((file) => file.name !== CONFIG_FILE && existsSync(join(siteDir, file.name)));
  if (clashes.length > 0 && !force && !dryRun) {
    throw new DocsiteError(`${clashes.map((file) => file.name).join(', ')} already exists: run docsite migrate --force to overwrite it`);
  }

  if (stubbed.length > 0) {
    log.info(kleur.dim(`Read ${source.name} with stand-ins for packages that are not installed: ${stubbed.join(', ')}`));
  }
  if (dryRun) printFiles(files);
  else await writeOutputFiles(siteDir, files);

  for (const warning of migration.warnings) log.warn(`${warningPlace(warning)}: ${warning.message}`);
  if (!dryRun) {
    for (const other of existing.filter((name) => name !== CONFIG_FILE)) log.warn(`${other}: docsite reads ${CONFIG_FILE} first, so ${other} is no longer used`);
  }
  printSummary(files, source.name, migration.warnings.length, dryRun);
}

function printFiles(files: OutputFile[]): void {
  for (const file of files) {
    log.info(kleur.bold(`--- ${file.name} ---`));
    log.info(file.text);
  }
}

function printSummary(files: OutputFile[], sourceName: string, warnings: number, dryRun: boolean): void {
  const notes = warnings === 0 ? 'everything was carried over' : `${warnings} note${warnings === 1 ? '' : 's'} on what was not carried over, above`;
  if (dryRun) {
    log.info(`Dry run: would write ${files.map((file) => file.name).join(' and ')} from ${sourceName} (${notes}); nothing was written.`);
    return;
  }
  log.success(`Wrote ${files.map((file) => file.name).join(' and ')} from ${sourceName} (${notes}).`);
  log.info(`Next: run ${kleur.bold('docsite build')} to build the site (or ${kleur.bold('docsite dev')} to work on it).`);
}

/** The local date, YYYY-MM-DD. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
