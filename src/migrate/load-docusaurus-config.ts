import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DocsiteError } from '../core/errors';
import { loadDocusaurusModule } from './load-module';

// Finds and reads a site's Docusaurus config. Docusaurus accepts a config object, a function returning
// one, or a promise of either; migrate does the same.

export const DOCUSAURUS_CONFIG_FILES = [
  'docusaurus.config.ts',
  'docusaurus.config.mts',
  'docusaurus.config.cts',
  'docusaurus.config.js',
  'docusaurus.config.mjs',
  'docusaurus.config.cjs',
];

export interface DocusaurusConfigFile {
  /** Absolute path. */
  path: string;
  /** File name, for messages. */
  name: string;
}

export function findDocusaurusConfig(siteDir: string): DocusaurusConfigFile | undefined {
  const name = DOCUSAURUS_CONFIG_FILES.find((candidate) => existsSync(join(siteDir, candidate)));
  return name ? { path: join(siteDir, name), name } : undefined;
}

export interface LoadedDocusaurusConfig {
  config: Record<string, unknown>;
  /** Packages that were not installed and were stood in for while reading it. */
  stubbed: string[];
}

export async function loadDocusaurusConfig(file: DocusaurusConfigFile, siteDir: string): Promise<LoadedDocusaurusConfig> {
  const { value, stubbed, missingAtRunTime } = await loadDocusaurusModule(file.path, siteDir);
  let config: unknown = await value;
  if (typeof config === 'function') {
    try {
      config = await (config as () => unknown)();
    } catch (error) {
      throw new DocsiteError(`the config function of ${file.name} failed: ${(error as Error).message}`, { file: file.name }, { cause: error });
    }
  }
  if (config === null || typeof config !== 'object' || Array.isArray(config)) {
    throw new DocsiteError(`${file.name} must export a config object (module.exports = { ... } or export default { ... }), or a function returning one`, { file: file.name });
  }
  // Read after the config function ran: its require.resolve('some-package/theme.css') calls count too.
  return { config: config as Record<string, unknown>, stubbed: [...new Set([...stubbed, ...missingAtRunTime])] };
}
