import { createHash } from 'node:crypto';
import { dirname } from 'node:path';
import { build, type Plugin } from 'esbuild';

// CSS modules (`import styles from './x.module.css'`) for site pages and components.
//
// The browser bundle and the server bundle must agree on every class name, or hydration fails.
// esbuild's own local-css names depend on the whole build (and shrink when minifying), so each
// module is compiled on its own here, and its names get a suffix from the file's path: the same
// names in both bundles, and two `styles.module.css` files with a `.container` never collide.

export interface CompiledCssModule {
  css: string;
  /** Local name -> global class (or keyframes) name. */
  names: Record<string, string>;
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
    // url() and @import stay as written: the site bundle resolves them next to the file.
    plugins: [keepReferences],
  });
  const js = result.outputFiles.find((output) => output.path.endsWith('.js'))?.text ?? '';
  const css = result.outputFiles.find((output) => output.path.endsWith('.css'))?.text ?? '';
  const exported = new Function(`${js}; return __cssModule;`)() as { default?: Record<string, string> };
  const suffix = createHash('sha256').update(file.slice(siteDir.length)).digest('hex').slice(0, 6);
  const names: Record<string, string> = {};
  let renamed = css;
  for (const [local, generated] of Object.entries(exported.default ?? {})) {
    // A class can compose several: "a_b a_c". Each generated name becomes name_suffix.
    names[local] = generated
      .split(' ')
      .map((name) => `${name}_${suffix}`)
      .join(' ');
    for (const name of generated.split(' ')) renamed = renamed.replace(new RegExp(`(?<![\\w-])${escapeRegExp(name)}(?![\\w-])`, 'g'), `${name}_${suffix}`);
  }
  return { css: renamed, names };
}

const keepReferences: Plugin = {
  name: 'keep-css-references',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /.*/ }, (args) => (args.kind === 'url-token' || args.kind === 'import-rule' ? { path: args.path, external: true } : undefined));
  },
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
