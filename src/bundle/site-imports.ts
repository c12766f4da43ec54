import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { PluginBuild } from 'esbuild';
import { isDocsiteError } from '../core/errors';
import type { CompiledMarkdown } from '../markdown/compile';
import { rawImportTarget, resolveSitePath } from '../markdown/raw-imports';
import { TEMPLATES_DIR } from '../core/paths';
import { ImportContext, MARKDOWN, MODULE_IMPORTS } from './import-context';
import { importsSpecifier } from './import-statements';
import { missingData, setupMissingImports } from './missing-imports';
import { svgComponentModule } from './svg-components';

// How imports written in a site's pages resolve, Docusaurus conventions included, so an existing
// docs folder builds as it is:
// - `@site/x` is the site folder; `/docs/x.md` (site-absolute) is a file of the site folder too;
// - `@theme/Layout`, `@docusaurus/Link`, … are docsite's own (the table in provided-modules.ts); others, and
//   packages the site has not installed, are placeholders with a warning (missing-imports.ts);
// - `import Logo from './logo.svg'` is a component (SVGR, as Docusaurus does it); `./logo.svg?url` the file's URL;
// - `!!raw-loader!./x` and `./x?raw` import a file's text;
// - Markdown imported as a component (partials, `_setup.md`) is compiled like any page.

export interface SiteImportsOptions {
  siteDir: string;
  /** Compiles a Markdown file that is not a page of its own (a partial), on first import. */
  compilePartial?: (absolutePath: string) => Promise<CompiledMarkdown>;
}

const RAW_NAMESPACE = 'docsite-raw';
const SVG_NAMESPACE = 'docsite-svg';

export function setupSiteImports(build: PluginBuild, { siteDir, compilePartial }: SiteImportsOptions): void {
  const context = new ImportContext(build, siteDir);

  // SVG files a script or an author's MDX import are components; the images the Markdown compiler imports for
  // `![](x.svg)`, and `?url` imports, are files.
  build.onResolve({ filter: /\.svg(\?url)?$/i }, async (args) => {
    if (context.isProbe(args) || !MODULE_IMPORTS.has(args.kind)) return undefined;
    const asUrl = args.path.endsWith('?url');
    // Checked first: reading the Markdown is cheaper than resolving, and most SVGs in Markdown are images.
    if (!asUrl && MARKDOWN.test(args.importer) && !importsSpecifier(await context.sourceOf(args.importer), args.path)) return undefined;
    const target = asUrl ? args.path.slice(0, -'?url'.length) : args.path;
    const path = target.startsWith('@site/') ? await context.resolveInSite(`./${target.slice('@site/'.length)}`, args.importer) : await context.probe(target, args);
    if (!path) return undefined;
    return asUrl ? { path } : { path, namespace: SVG_NAMESPACE, watchFiles: [path] };
  });
  build.onLoad({ filter: /.*/, namespace: SVG_NAMESPACE }, async (args) => ({ contents: await svgComponentModule(args.path), loader: 'js', resolveDir: dirname(args.path), watchFiles: [args.path] }));

  build.onResolve({ filter: /^@site\// }, async (args) => {
    const path = await context.resolveInSite(`./${args.path.slice('@site/'.length)}`, args.importer);
    if (path) return { path };
    if (args.path.endsWith('.json') && context.isSiteFile(args)) return missingData(context, args);
    const location = await context.markdownImportLocation(args);
    return { errors: [{ text: `Could not resolve "${args.path}": no such file in the site folder`, ...(location ? { location } : {}) }] };
  });

  // A site-absolute path that is not a file on this machine is a file of the site folder.
  build.onResolve({ filter: /^\/[^/]/ }, async (args) => {
    if (existsSync(args.path) || args.path.includes('?')) return undefined;
    const path = await context.resolveInSite(`.${args.path}`, args.importer);
    if (path) return { path };
    // A stylesheet's `url(/font/x.woff2)` names a file of a static folder, served at that path: kept as written,
    // as Docusaurus keeps it, instead of failing the build as a module that cannot be found.
    if (args.kind === 'url-token' || args.kind === 'import-rule') return { path: args.path, external: true };
    return undefined;
  });

  // A site's own MDXComponents extends docsite's.
  build.onResolve({ filter: /^@theme-(original|init)\/MDXComponents$/ }, () => ({ path: join(TEMPLATES_DIR, 'mdx', 'theme', 'MDXComponentsOriginal.tsx') }));

  // Docusaurus modules, packages the site has not installed, missing files: see missing-imports.ts.
  setupMissingImports(build, context);

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
        const { code } = await compilePartial(args.path);
        if (code === undefined) throw new Error(`${args.path}: a partial compiled to HTML only`);
        return { contents: code, loader: 'js', resolveDir: dirname(args.path), watchFiles: [args.path] };
      } catch (error) {
        // Reported at the partial's own line: a thrown error would be located in the plugin's code.
        if (!isDocsiteError(error)) throw error;
        const location = { file: args.path, ...(error.line === undefined ? {} : { line: error.line, column: Math.max(0, (error.column ?? 1) - 1) }) };
        return { errors: [{ text: error.message, location, notes: error.details.map((text) => ({ text })) }], watchFiles: [args.path] };
      }
    });
  }
}
