import { Command } from 'commander';
import kleur from 'kleur';
import { DEFAULT_DOCS_ID } from '../config/schema';
import { log } from '../core/log';
import { snapshotVersion } from '../versioning/snapshot-version';
import { siteDirArgument } from './arguments';
import type { CommandContext } from './context';

// `docsite version <name> [siteDir] [--docs-plugin-id <id>]`: Docusaurus's `docs:version`. The docs folder
// and its sidebars become a released version (versioned_docs/, versioned_sidebars/, versions.json).

export function versionCommand(context: CommandContext): Command {
  return new Command('version')
    .description('snapshot the docs as a released version: versioned_docs/, versioned_sidebars/, versions.json')
    .argument('<name>', 'the version name, e.g. 2.0')
    .argument('[siteDir]', 'folder holding docsite.config.ts', '.')
    .option('--docs-plugin-id <id>', `which docs: "${DEFAULT_DOCS_ID}" for \`docs\`, else the id of a \`docsInstances\` entry`, DEFAULT_DOCS_ID)
    .action(async (name: string, dir: string | undefined, options: { docsPluginId: string }) => {
      const siteDir = context.siteDir(siteDirArgument(dir));
      const result = await snapshotVersion({ siteDir, name, pluginId: options.docsPluginId });
      const docs = result.pluginId === DEFAULT_DOCS_ID ? 'the docs' : `the docs "${result.pluginId}"`;
      const files = `${result.fileCount} file${result.fileCount === 1 ? '' : 's'}`;
      const written = [
        `${result.docsDir} (${result.sidebarsFile ? files : `${files}; its sidebar is generated from it`})`,
        ...(result.sidebarsFile ? [result.sidebarsFile] : []),
        result.versionsFile,
      ];
      log.success(`Version ${kleur.bold(result.name)} of ${docs}: ${written.join(', ')}`);
      if (result.versioningDisabled) {
        const key = result.pluginId === DEFAULT_DOCS_ID ? 'docs' : `docsInstances "${result.pluginId}"`;
        log.warn(`${key}.disableVersioning is true: the build leaves out the versions until it is turned off`);
      }
    });
}
