import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { build, type Message, type Plugin, type PluginBuild } from 'esbuild';
import { isExternalUrl } from '../shared/url';

// CSS modules (`import styles from './x.module.css'`) for site pages and components.
//
// The browser bundle and the server bundle must agree on every class name, or hydration fails.
// esbuild's own local-css names depend on the whole build (and shrink when minifying), so each
// module is compiled on its own here, once per site build for both bundles, and its names get a
// suffix from the file's path: two `styles.module.css` files with a `.container` never collide.

export interface CompiledCssModule {
  css: string;
  /** Local name -> global class (or keyframes) name. */
  names: Record<string, string>;
}

/** One compile per file and site build, shared by the browser and the server bundle. */
export type CssModuleCache = Map<string, Promise<CompiledCssModule>>;

const CSS_NAMESPACE = 'docsite-css-module';

/** Adds CSS module support to a bundle: the names for both bundles, the CSS for the browser's only. */
export function setupCssModules(pluginBuild: PluginBuild, cache: CssModuleCache, siteDir: string): void {
  const forBrowser = pluginBuild.initialOptions.platform !== 'node';
  const compiled = (file: string) => {
    let entry = cache.get(file);
    if (!entry) cache.set(file, (entry = compileCssModule(file, siteDir)));
    return entry;
  };
  pluginBuild.onLoad({ filter: /\.module\.css$/ }, async (args) => {
    try {
      const { names } = await compiled(args.path);
      const stylesheet = forBrowser ? `import ${JSON.stringify(`${args.path}?css-module`)};\n` : '';
      return { contents: `${stylesheet}export default ${JSON.stringify(names)};`, loader: 'js', resolveDir: dirname(args.path) };
    } catch (error) {
      // The module's own errors, with their line and column in the .module.css file.
      const errors = (error as { errors?: Message[] }).errors;
      if (errors?.length) return { errors };
      throw error;
    }
  });
  pluginBuild.onResolve({ filter: /\?css-module$/ }, (args) => ({ path: args.path, namespace: CSS_NAMESPACE }));
  pluginBuild.onLoad({ filter: /.*/, namespace: CSS_NAMESPACE }, async (args) => {
    const file = args.path.slice(0, -'?css-module'.length);
    return { contents: (await compiled(file)).css, loader: 'css', resolveDir: dirname(file) };
  });
}

export async function compileCssModule(file: string, siteDir: string): Promise<CompiledCssModule> {
  const result = await build({
    stdin: { contents: `export { default } from ${JSON.stringify(file)};`, resolveDir: dirname(file), loader: 'js' },
    bundle: true,
    write: false,
    outdir: 'css-module',
    format: 'iife',
    globalName: '__cssModule',
    logLevel: 'silent',
    plugins: [keepReferences],
  });
  const js = result.outputFiles.find((output) => output.path.endsWith('.js'))?.text ?? '';
  const css = result.outputFiles.find((output) => output.path.endsWith('.css'))?.text ?? '';
  const exported = new Function(`${js}; return __cssModule;`)() as { default?: Record<string, string> };
  const suffix = createHash('sha256').update(relative(siteDir, file)).digest('hex').slice(0, 6);
  const names: Record<string, string> = {};
  let renamed = css;
  for (const [local, generated] of Object.entries(exported.default ?? {})) {
    // A class can compose several: "a_b a_c". Each generated name becomes name_suffix.
    const parts = generated.split(' ');
    names[local] = parts.map((name) => `${name}_${suffix}`).join(' ');
    for (const name of parts) renamed = renamed.replace(new RegExp(`(?<![\\w-])${escapeRegExp(name)}(?![\\w-])`, 'g'), `${name}_${suffix}`);
  }
  return { css: renamed, names };
}

/**
 * url() and @import stay as written (the site bundle resolves them next to the file), but a relative
 * file that is not there fails here, where the error can point at its line in the .module.css.
 */
const keepReferences: Plugin = {
  name: 'keep-css-references',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind !== 'url-token' && args.kind !== 'import-rule') return undefined;
      const local = !isExternalUrl(args.path) && !args.path.startsWith('/') && !args.path.startsWith('#');
      const path = args.path.replace(/[?#].*$/, '');
      if (local && !existsSync(resolve(args.resolveDir, path))) return { errors: [{ text: `Could not resolve "${args.path}"` }] };
      return { path: args.path, external: true };
    });
  },
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
