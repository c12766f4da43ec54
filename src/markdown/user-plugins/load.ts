import { pathToFileURL } from 'node:url';
import type { PluggableList, Plugin } from 'unified';
import { DocsiteError } from '../../core/errors';
import type { PluginRef } from '../../config/plugin-refs';

// Loads plugin refs into unified plugins, in whichever thread compiles. A plugin that throws while it
// transforms a page is reported as that plugin's failure (the page file is named by the compiler).

export async function loadPlugins(refs: PluginRef[]): Promise<PluggableList> {
  return Promise.all(refs.map(async (ref) => {
    const plugin = await loadPlugin(ref);
    return ref.options === undefined ? plugin : ([plugin, ref.options] as [Plugin, unknown]);
  }));
}

const loaded = new Map<string, Promise<Plugin>>();

function loadPlugin(ref: PluginRef): Promise<Plugin> {
  const id = `${ref.module}#${ref.exportName}`;
  let plugin = loaded.get(id);
  if (!plugin) {
    plugin = import(pathToFileURL(ref.module).href).then(
      (exports: Record<string, unknown>) => {
        const value = exports[ref.exportName];
        if (typeof value !== 'function') throw ownFailure(new DocsiteError(`${ref.key}: ${ref.name} exports no plugin function "${ref.exportName}"`));
        return reportingFailures(value as Plugin, ref);
      },
      (error: unknown) => {
        throw ownFailure(new DocsiteError(`${ref.key}: the plugin module ${ref.name} failed to load: ${(error as Error).message}`, undefined, { cause: error }));
      },
    );
    loaded.set(id, plugin);
  }
  return plugin;
}

/** The plugin, its transformer's errors prefixed with its config key and name. */
function reportingFailures(plugin: Plugin, ref: PluginRef): Plugin {
  const failed = (error: unknown) => ownFailure(new Error(`the plugin ${ref.name} (${ref.key}) failed: ${(error as Error)?.message ?? String(error)}`, { cause: error }));
  const wrapped = function (this: unknown, ...args: unknown[]) {
    let transformer: unknown;
    try {
      transformer = (plugin as (...a: unknown[]) => unknown).apply(this, args);
    } catch (error) {
      throw failed(error);
    }
    // A transformer that takes a callback (tree, file, next) is left as it is: unified tells the kinds by arity.
    if (typeof transformer !== 'function' || transformer.length > 2) return transformer;
    return async (tree: unknown, file: unknown) => {
      try {
        return await (transformer as (...a: unknown[]) => unknown)(tree, file);
      } catch (error) {
        throw failed(error);
      }
    };
  };
  return wrapped as unknown as Plugin;
}

/** Marked as docsite's own failure: the compiler prints it without the "invalid MDX" prefix of syntax errors. */
function ownFailure<E extends Error>(error: E): E {
  return Object.assign(error, { source: 'docsite' });
}
