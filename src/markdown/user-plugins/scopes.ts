import type { PluggableList } from 'unified';
import { loadPlugins } from './load';
import type { MathSetup } from './math';
import { scopeOfFile, type PluginScope } from '../../config/plugin-refs';

// Which of the config's plugins a file gets: those of the content folder it lies in (the deepest, as a
// docs instance may sit inside another folder), plus maths everywhere when `markdown.math` is on.

export interface LoadedPlugins {
  /** Tells processors apart: files of the same folder share one. */
  id: string;
  beforeRemark: PluggableList;
  remark: PluggableList;
  beforeRehype: PluggableList;
  rehype: PluggableList;
}

export type UserPlugins = (absolutePath: string) => Promise<LoadedPlugins | undefined>;

export function userPluginsOf(setup: { plugins?: PluginScope[] | undefined; math?: MathSetup | undefined }): UserPlugins | undefined {
  const plugins = setup.plugins ?? [];
  if (!plugins.length && !setup.math) return undefined;
  const loaded = new Map<string, Promise<LoadedPlugins>>();
  const load = (scope: PluginScope | undefined): Promise<LoadedPlugins> => {
    const id = scope?.key ?? '';
    let plugins = loaded.get(id);
    if (!plugins) {
      plugins = (async () => {
        // The site's own remark-math/rehype-katex take the place of docsite's: one parse of `$` is enough.
        const has = (name: string) => !!scope && [...scope.beforeRemark, ...scope.remark, ...scope.beforeRehype, ...scope.rehype].some((ref) => ref.name === name);
        const math = setup.math;
        return {
          id,
          beforeRemark: await loadPlugins(scope?.beforeRemark ?? []),
          remark: await loadPlugins([...(math && !has('remark-math') ? [math.remark] : []), ...(scope?.remark ?? [])]),
          beforeRehype: await loadPlugins(scope?.beforeRehype ?? []),
          rehype: await loadPlugins([...(math && !has('rehype-katex') ? [math.rehype] : []), ...(scope?.rehype ?? [])]),
        };
      })();
      loaded.set(id, plugins);
    }
    return plugins;
  };
  return (absolutePath) => load(scopeOfFile(plugins, absolutePath));
}
