import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { z } from 'zod';
import { DocsiteError } from '../core/errors';
import { normalizeBaseUrl } from '../shared/url';
import { locateKeyPath } from './locate';
import { attachPluginScopes } from './markdown-plugins';
import { loadUserModule } from './module-loader';
import { configSchema, type SiteConfig } from './schema';

export const CONFIG_FILES = ['docsite.config.ts', 'docsite.config.mts', 'docsite.config.js', 'docsite.config.mjs'];

export interface LoadedConfig {
  siteDir: string;
  /** Absolute path of the config file. */
  configFile: string;
  config: SiteConfig;
}

export interface ConfigOverrides {
  baseUrl?: string;
}

export function findConfigFile(siteDir: string): string | undefined {
  return CONFIG_FILES.map((name) => join(siteDir, name)).find((file) => existsSync(file));
}

export async function loadConfig(siteDirInput: string, overrides: ConfigOverrides = {}): Promise<LoadedConfig> {
  const siteDir = resolve(siteDirInput);
  const configFile = findConfigFile(siteDir);
  if (!configFile) {
    throw new DocsiteError(`no config file found in ${siteDir}: expected one of ${CONFIG_FILES.join(', ')}`, { file: 'docsite.config.ts' });
  }
  const name = configFile.slice(siteDir.length + 1);
  const packageFiles = new Map<string, string>();
  const exported = await loadUserModule(configFile, siteDir, { packageFiles });
  const raw = typeof exported === 'function' ? await (exported as () => unknown)() : exported;
  if (raw === null || typeof raw !== 'object') {
    throw new DocsiteError('the config file must default-export an object: export default defineConfig({ ... })', { file: name });
  }
  const source = readFileSync(configFile, 'utf8');
  const config = validateConfig(raw, name, source);
  if (overrides.baseUrl !== undefined) config.baseUrl = overrides.baseUrl;
  config.baseUrl = normalizeBaseUrl(config.baseUrl);
  checkFilesExist(config, siteDir, name, source);
  await attachPluginScopes(config, { siteDir, configFile, packageFiles });
  return { siteDir, configFile, config };
}

/** Files the config names that every page loads: a missing one is the config's mistake, reported at its key. */
function checkFilesExist(config: SiteConfig, siteDir: string, file: string, source: string): void {
  config.customCss.forEach((path, index) => {
    if (existsSync(resolve(siteDir, path))) return;
    throw new DocsiteError(`customCss[${index}]: no such file ${path} (paths are relative to the site folder)`, { file, ...locateKey(source, ['customCss']) });
  });
}

/** Validates a raw config object; errors name the key path and, where it can be found, its line. */
export function validateConfig(raw: unknown, file: string, source = ''): SiteConfig {
  const result = configSchema.safeParse(raw);
  if (result.success) {
    const config = result.data;
    const toc = config.themeConfig.tableOfContents;
    if (toc.minHeadingLevel > toc.maxHeadingLevel) {
      throw new DocsiteError('themeConfig.tableOfContents: minHeadingLevel must not be greater than maxHeadingLevel', { file, ...locateKey(source, ['themeConfig', 'tableOfContents', 'minHeadingLevel']) });
    }
    return config;
  }
  const messages = result.error.issues.map(describeIssue);
  const first = result.error.issues[0]!;
  const path = first.code === 'unrecognized_keys' ? [...first.path, first.keys[0]!] : first.path;
  return fail(messages, file, locateKey(source, path));
}

function fail(messages: string[], file: string, location: { line?: number; column?: number }): never {
  throw new DocsiteError(`invalid config: ${messages[0]}`, { file, ...location }, { details: messages.slice(1) });
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => (path ? `${path}.${k}` : k));
    return `unknown key${keys.length > 1 ? 's' : ''} ${keys.map((k) => `"${k}"`).join(', ')}`;
  }
  return `${path ? `"${path}"` : 'config'}: ${issue.message}`;
}

/** Best-effort position of the key at `path` in the config source, so the error can point at it. */
function locateKey(source: string, path: readonly PropertyKey[]): { line?: number; column?: number } {
  const found = locateKeyPath(source, path.filter((key): key is string => typeof key === 'string'));
  return found ? { line: found.line, column: found.column } : {};
}
