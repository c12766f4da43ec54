import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';

// Markdown plugins named as plain data: a module file and an export. This is what crosses into the
// compile worker threads (functions cannot), and what the compile cache key is made of.

export interface PluginRef {
  /** The config key that lists it, for messages: `docs.remarkPlugins[0]`. */
  key: string;
  /** Absolute path of the module file. */
  module: string;
  /** The export that is the plugin. */
  exportName: string;
  /** Its options, as the config gives them (JSON data). */
  options?: unknown;
  /** Package name and version (a local file: its path and no version), for the cache key. */
  name: string;
  version: string;
}

/** The plugins of one content folder (the docs, a docs instance, the blog, the pages). */
export interface PluginScope {
  /** Config key of the folder's options: `docs`, `docsInstances.community`, `blog`, `pages`. */
  key: string;
  /** Absolute folder: files under it get these plugins. */
  dir: string;
  beforeRemark: PluginRef[];
  remark: PluginRef[];
  beforeRehype: PluginRef[];
  rehype: PluginRef[];
}

/** The scope a file's plugins come from: the deepest folder holding it (an instance's folder may sit inside another's). */
export function scopeOfFile<T extends { dir: string }>(scopes: readonly T[], absolutePath: string): T | undefined {
  let found: T | undefined;
  for (const scope of scopes) {
    if ((absolutePath === scope.dir || absolutePath.startsWith(scope.dir + sep)) && (!found || scope.dir.length > found.dir.length)) found = scope;
  }
  return found;
}

/** The package a module file belongs to: the nearest package.json with a name. */
export function packageOf(file: string): { name: string; version: string } | undefined {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    try {
      const data = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown; version?: unknown };
      if (typeof data.name === 'string') return { name: data.name, version: typeof data.version === 'string' ? data.version : '' };
    } catch {
      // An unreadable manifest: look further up.
    }
  }
  return undefined;
}
