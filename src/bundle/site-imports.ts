import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { PluginBuild } from 'esbuild';
import { isDocsiteError } from '../core/errors';
import { log } from '../core/log';
import type { CompiledMarkdown } from '../markdown/compile';
import { rawImportTarget, resolveSitePath } from '../markdown/raw-imports';
import { TEMPLATES_DIR } from '../core/paths';

// How imports written in a site's pages resolve, Docusaurus conventions included, so an existing
// docs folder builds as it is:
// - `@site/x` is the site folder; `/docs/x.md` (site-absolute) is a file of the site folder too;
// - `@theme/Tabs`, `@theme/CodeBlock`, … are docsite's MDX components, and `@docusaurus/Link`,
//   `useBaseUrl`, `useDocusaurusContext` and `BrowserOnly` its client API;
// - `!!raw-loader!./x` and `./x?raw` import a file's text;
// - Markdown imported as a component (partials, `_setup.md`) is compiled like any page.

/** The `@theme/*` components docsite provides; each file default-exports its component. */
export const THEME_COMPONENTS = ['Tabs', 'TabItem', 'CodeBlock', 'Admonition', 'Details', 'DocCardList', 'Heading', 'MDXComponents'];

/** The file behind `@theme/<name>` or `@docusaurus/<name>`, when docsite provides it. */
export function themeModuleFile(scope: string, name: string): string | undefined {
  if (scope === 'theme' && THEME_COMPONENTS.includes(name)) return join(TEMPLATES_DIR, 'mdx', 'theme', `${name}.tsx`);
  if (scope === 'docusaurus' && DOCUSAURUS_MODULES[name]) return join(TEMPLATES_DIR, 'mdx', 'docusaurus', DOCUSAURUS_MODULES[name]!);
  return undefined;
}

export interface SiteImportsOptions {
  siteDir: string;
  /** Compiles a Markdown file that is not a page of its own (a partial), on first import. */
  compilePartial?: (absolutePath: string) => Promise<CompiledMarkdown>;
}

/** The `@docusaurus/*` modules pages import most, backed by docsite's client API. */
export const DOCUSAURUS_MODULES: Record<string, string> = { Link: 'Link.tsx', useBaseUrl: 'useBaseUrl.ts', useDocusaurusContext: 'useDocusaurusContext.ts', BrowserOnly: 'BrowserOnly.tsx' };

const RAW_NAMESPACE = 'docsite-raw';
const MISSING_THEME_NAMESPACE = 'docsite-missing-theme';
const warned = new Set<string>();

export function setupSiteImports(build: PluginBuild, { siteDir, compilePartial }: SiteImportsOptions): void {
  const resolveInSite = async (path: string, importer: string, resolveDir: string) => {
    const result = await build.resolve(path, { kind: 'import-statement', resolveDir, importer });
    return result.errors.length ? undefined : result.path;
  };

  build.onResolve({ filter: /^@site\// }, async (args) => {
    const path = await resolveInSite(`./${args.path.slice('@site/'.length)}`, args.importer, siteDir);
    return path ? { path } : { errors: [{ text: `Could not resolve "${args.path}": no such file in the site folder` }] };
  });

  // A site-absolute path that is not a file on this machine is a file of the site folder.
  build.onResolve({ filter: /^\/[^/]/ }, async (args) => {
    if (existsSync(args.path) || args.path.includes('?')) return undefined;
    const path = await resolveInSite(`.${args.path}`, args.importer, siteDir);
    return path ? { path } : undefined;
  });

  // A site's own MDXComponents extends docsite's.
  build.onResolve({ filter: /^@theme-(original|init)\/MDXComponents$/ }, () => ({ path: join(TEMPLATES_DIR, 'mdx', 'theme', 'MDXComponentsOriginal.tsx') }));

  build.onResolve({ filter: /^@(theme|docusaurus)\// }, (args) => {
    const [scope, name = ''] = args.path.slice(1).split('/') as [string, string | undefined];
    const provided = themeModuleFile(scope, name);
    if (provided) return { path: provided };
    // Anything else still builds: the page gets a component that renders its children, and one warning.
    const where = relative(siteDir, args.importer) || args.importer;
    const key = `${where}\0${args.path}`;
    if (!warned.has(key)) {
      warned.add(key);
      log.warn(`${where}: \`${args.path}\` is not provided by docsite; it renders its children only`);
    }
    return { path: args.path, namespace: MISSING_THEME_NAMESPACE };
  });
  build.onLoad({ filter: /.*/, namespace: MISSING_THEME_NAMESPACE }, () => ({
    // Named imports of it get the same stand-in (esbuild allows any name from a module it cannot analyse as ESM).
    contents: 'module.exports = function MissingComponent(props) { return (props && props.children) ?? null; }; module.exports.default = module.exports;',
    loader: 'js',
  }));

  // A file's text: `!!raw-loader!./x.py` (webpack's form, as Docusaurus sites write it) and `./x.py?raw`.
  build.onResolve({ filter: /^!!raw-loader!|\?raw$/ }, async (args) => {
    const target = rawImportTarget(args.path)!;
    const path = resolveSitePath(target, args.resolveDir, siteDir);
    if (!existsSync(path)) return { errors: [{ text: `Could not read "${target}" for a raw import: no such file` }] };
    return { path, namespace: RAW_NAMESPACE, watchFiles: [path] };
  });
  build.onLoad({ filter: /.*/, namespace: RAW_NAMESPACE }, async (args) => ({
    contents: `export default ${JSON.stringify(await readFile(args.path, 'utf8'))};`,
    loader: 'js',
    watchFiles: [args.path],
  }));

  if (compilePartial) {
    // Markdown imported into a page (a partial): pages are compiled before bundling, partials here.
    build.onLoad({ filter: /\.mdx?$/ }, async (args) => {
      try {
        const result = await compilePartial(args.path);
        return { contents: result.code, loader: 'js', resolveDir: dirname(args.path), watchFiles: [args.path] };
      } catch (error) {
        // Reported at the partial's own line: a thrown error would be located in the plugin's code.
        if (!isDocsiteError(error)) throw error;
        const location = { file: args.path, ...(error.line === undefined ? {} : { line: error.line, column: Math.max(0, (error.column ?? 1) - 1) }) };
        return { errors: [{ text: error.message, location, notes: error.details.map((text) => ({ text })) }], watchFiles: [args.path] };
      }
    });
  }
}
