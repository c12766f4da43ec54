import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SiteConfig } from './schema';
import { DocsiteError } from '../core/errors';
import { packageOf, type PluginRef, type PluginScope } from './plugin-refs';

// Turns the Markdown plugin keys of the config (functions or module specifiers) into plugin refs the
// worker threads can load: each function is traced to the package module that exports it.

type Entry = SiteConfig['docs']['remarkPlugins'][number];
type PluginLists = Pick<SiteConfig['docs'], 'remarkPlugins' | 'rehypePlugins' | 'beforeDefaultRemarkPlugins' | 'beforeDefaultRehypePlugins'>;

interface Context {
  siteDir: string;
  configFile: string;
  /** Package specifier the config imports -> the file it resolves to. */
  packageFiles: Map<string, string>;
}

/**
 * The resolved plugins of each loaded config: the config object keeps the user's functions (its schema type),
 * and the compile setup takes the refs from here.
 */
const scopesOfConfig = new WeakMap<SiteConfig, PluginScope[]>();

export function pluginScopesOf(config: SiteConfig): PluginScope[] {
  return scopesOfConfig.get(config) ?? [];
}

/** A config made from another (a locale's, a translated one's) keeps the plugins resolved for the one it came from. */
export function withPluginScopesOf<T extends SiteConfig>(derived: T, from: SiteConfig): T {
  const scopes = scopesOfConfig.get(from);
  if (scopes) scopesOfConfig.set(derived, scopes);
  return derived;
}

export async function attachPluginScopes(config: SiteConfig, context: Context): Promise<void> {
  scopesOfConfig.set(config, await resolvePluginScopes(config, context));
}

export async function resolvePluginScopes(config: SiteConfig, context: Context): Promise<PluginScope[]> {
  const folders: Array<{ key: string; path: string; lists: PluginLists }> = [
    { key: 'docs', path: config.docs.path, lists: config.docs },
    ...config.docsInstances.map((instance) => ({ key: `docsInstances.${instance.id}`, path: instance.path ?? instance.id, lists: instance })),
    { key: 'blog', path: config.blog.path, lists: config.blog },
    { key: 'pages', path: config.pages.path, lists: config.pages },
  ];
  const scopes: PluginScope[] = [];
  for (const folder of folders) {
    const refs = async (name: keyof PluginLists) => Promise.all(folder.lists[name].map((entry, index) => resolveEntry(entry, `${folder.key}.${name}[${index}]`, context)));
    const scope: PluginScope = {
      key: folder.key,
      dir: resolve(context.siteDir, folder.path),
      beforeRemark: await refs('beforeDefaultRemarkPlugins'),
      remark: await refs('remarkPlugins'),
      beforeRehype: await refs('beforeDefaultRehypePlugins'),
      rehype: await refs('rehypePlugins'),
    };
    if (scope.beforeRemark.length || scope.remark.length || scope.beforeRehype.length || scope.rehype.length) scopes.push(scope);
  }
  return scopes;
}

async function resolveEntry(entry: Entry, key: string, context: Context): Promise<PluginRef> {
  const [plugin, options] = Array.isArray(entry) ? entry : [entry, undefined];
  const configName = relative(context.siteDir, context.configFile);
  if (options !== undefined && !isJsonData(options)) {
    throw new DocsiteError(`${key}: the plugin's options must be JSON data (they go to the compile workers and the cache key; no functions, RegExps or class instances)`, { file: configName });
  }
  const found = typeof plugin === 'string' ? await fromSpecifier(plugin, key, context) : await fromFunction(plugin, key, context);
  const owner = packageOf(found.module);
  // A local file has no version of its own: its text stands for it, so editing it invalidates cached pages.
  const local = !owner || !found.module.split(sep).includes('node_modules');
  const name = local ? relative(context.siteDir, found.module) : owner.name;
  const version = local ? createHash('sha256').update(readFileSync(found.module)).digest('hex').slice(0, 16) : owner.version;
  return { key, module: found.module, exportName: found.exportName, ...(options !== undefined ? { options } : {}), name, version };
}

async function fromSpecifier(specifier: string, key: string, context: Context): Promise<{ module: string; exportName: string }> {
  const configName = relative(context.siteDir, context.configFile);
  let module: string;
  try {
    // Node's resolution from the site folder: a package from its node_modules, a path with or without extension.
    module = createRequire(join(context.siteDir, 'package.json')).resolve(specifier);
  } catch {
    throw new DocsiteError(`${key}: cannot find the plugin module "${specifier}" (looked in the site folder and its node_modules)`, { file: configName });
  }
  let exports: Record<string, unknown>;
  try {
    exports = (await import(pathToFileURL(module).href)) as Record<string, unknown>;
  } catch (error) {
    throw new DocsiteError(`${key}: the plugin module "${specifier}" failed to load: ${(error as Error).message}`, { file: configName }, { cause: error });
  }
  if (typeof exports.default !== 'function') throw new DocsiteError(`${key}: the plugin module "${specifier}" has no default export that is a function`, { file: configName });
  return { module, exportName: 'default' };
}

/** The package module (among those the config imports) that exports this very function. */
async function fromFunction(plugin: (...args: never[]) => unknown, key: string, context: Context): Promise<{ module: string; exportName: string }> {
  for (const module of new Set(context.packageFiles.values())) {
    if (!/\.[cm]?js$/.test(module)) continue;
    let exports: Record<string, unknown>;
    try {
      exports = (await import(pathToFileURL(module).href)) as Record<string, unknown>;
    } catch {
      continue;
    }
    const exportName = Object.keys(exports).find((name) => exports[name] === plugin);
    if (exportName) return { module, exportName };
  }
  throw new DocsiteError(
    `${key}: the plugin function ${plugin.name ? `"${plugin.name}" ` : ''}is not exported by a package the config imports: Markdown compiles in worker threads, which load plugins by module; import it from a package, or give a local file as a path string ('./plugins/my-plugin.mjs')`,
    { file: relative(context.siteDir, context.configFile) },
  );
}

/** Plain JSON data: what survives a JSON round trip unchanged (no functions, RegExps, Dates, Maps, undefined). */
export function isJsonData(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonData);
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) return Object.values(value as object).every(isJsonData);
  return false;
}
