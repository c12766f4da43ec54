import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import type { OnResolveArgs, PluginBuild } from 'esbuild';
import { isDocsiteError } from '../core/errors';
import { log } from '../core/log';
import type { CompiledMarkdown } from '../markdown/compile';
import { rawImportTarget, resolveSitePath } from '../markdown/raw-imports';
import { CLIENT_DIR, TEMPLATES_DIR } from '../core/paths';
import { importedNames, importLocation, importsSpecifier } from './import-statements';
import { PROVIDED_MODULES, providedModuleFile } from './provided-modules';
import { svgComponentModule } from './svg-components';
import { withTocBinding } from './mdx-toc';

// How imports written in a site's pages resolve, Docusaurus conventions included, so an existing
// docs folder builds as it is:
// - `@site/x` is the site folder; `/docs/x.md` (site-absolute) is a file of the site folder too;
// - `@theme/Layout`, `@docusaurus/Link`, … are docsite's own (the table in provided-modules.ts); `@theme/X` the
//   site has itself (`src/theme/X`, swizzled) is the site's; any other is a visible placeholder and a warning;
// - `import Logo from './logo.svg'` is a component (SVGR, as Docusaurus does it); `./logo.svg?url` the file's URL;
// - a package the site has not installed is a placeholder and a warning (`clsx` is docsite's own copy);
// - `!!raw-loader!./x` and `./x?raw` import a file's text;
// - Markdown imported as a component (partials, `_setup.md`) is compiled like any page.

export interface SiteImportsOptions {
  siteDir: string;
  /** Compiles a Markdown file that is not a page of its own (a partial), on first import. */
  compilePartial?: (absolutePath: string) => Promise<CompiledMarkdown>;
}

const RAW_NAMESPACE = 'docsite-raw';
const SVG_NAMESPACE = 'docsite-svg';
const PLACEHOLDER_NAMESPACE = 'docsite-placeholder';
const EMPTY_NAMESPACE = 'docsite-empty';
const EMPTY_LIST_NAMESPACE = 'docsite-empty-list';
/** Marks the resolutions this plugin asks esbuild for itself, so its own handlers let them pass. */
const PROBE = Symbol('docsite-probe');
/** Imports that load a module (CSS `url()` and `@import` are not component imports). */
const MODULE_IMPORTS = new Set(['import-statement', 'require-call', 'dynamic-import']);
const MARKDOWN = /\.mdx?$/;
const warned = new Set<string>();

function warnOnce(key: string, message: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  log.warn(message);
}

export function setupSiteImports(build: PluginBuild, { siteDir, compilePartial }: SiteImportsOptions): void {
  const resolveInSite = async (path: string, importer: string, resolveDir: string) => {
    const result = await build.resolve(path, { kind: 'import-statement', resolveDir, importer });
    return result.errors.length ? undefined : result.path;
  };
  // Other plugins resolve imports through esbuild too (without this plugin's mark), which comes back here: an
  // import being probed is let through when it comes back, instead of being probed again without end.
  const probing = new Set<string>();
  /** esbuild's own resolution of an import, this plugin's handlers left out. */
  const probe = async (path: string, args: OnResolveArgs) => {
    const key = `${path}\0${args.importer}`;
    probing.add(key);
    try {
      const result = await build.resolve(path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: PROBE });
      return result.errors.length ? undefined : result.path;
    } finally {
      probing.delete(key);
    }
  };
  const isProbe = (args: OnResolveArgs) => args.pluginData === PROBE || probing.has(`${args.path}\0${args.importer}`);
  const sources = new Map<string, Promise<string>>();
  const sourceOf = (file: string) => {
    let text = sources.get(file);
    if (!text) sources.set(file, (text = readFile(file, 'utf8').catch(() => '')));
    return text;
  };
  // The site's own files: its folder and any folder its config points at (`../docs`), but not installed packages
  // or docsite's theme and runtime.
  const isSiteFile = (args: OnResolveArgs) =>
    args.namespace === 'file' && isAbsolute(args.importer) && !args.importer.includes(`${sep}node_modules${sep}`) && !args.importer.startsWith(TEMPLATES_DIR) && !args.importer.startsWith(CLIENT_DIR);
  /** `file:line` of the import of `specifier` in `importer`, for warnings. */
  const whereImported = async (importer: string, specifier: string) => {
    const location = importLocation(await sourceOf(importer), specifier);
    return `${relative(siteDir, importer) || importer}${location ? `:${location.line}` : ''}`;
  };
  /** Where a Markdown file imports `args.path`, in esbuild's terms: the compiled module's lines are not the file's. */
  const markdownImportLocation = async (args: OnResolveArgs) => {
    if (!MARKDOWN.test(args.importer)) return undefined;
    const location = importLocation(await sourceOf(args.importer), args.path);
    return location && { file: args.importer, line: location.line, column: location.column - 1, lineText: location.lineText };
  };
  // A JSON file a page imports that is not there is most often data a script of the site writes before building
  // (sponsors, contributors): an empty list stands in for it, so the rest of the page builds.
  const missingData = async (args: OnResolveArgs) => {
    const where = await whereImported(args.importer, args.path);
    warnOnce(`${where}\0${args.path}`, `${where}: \`${args.path}\` does not exist (a file the site generates before building?); the page gets an empty list instead`);
    return { path: args.path, namespace: EMPTY_LIST_NAMESPACE };
  };
  const placeholder = async (args: OnResolveArgs, reason: string) => {
    const where = await whereImported(args.importer, args.path);
    warnOnce(`${where}\0${args.path}`, `${where}: \`${args.path}\` ${reason}; the page shows a placeholder box instead`);
    return { path: args.path, namespace: PLACEHOLDER_NAMESPACE, pluginData: { names: importedNames(await sourceOf(args.importer), args.path) } };
  };

  // SVG files a script or an author's MDX import are components; the images the Markdown compiler imports for
  // `![](x.svg)`, and `?url` imports, are files.
  build.onResolve({ filter: /\.svg(\?url)?$/i }, async (args) => {
    if (isProbe(args) || !MODULE_IMPORTS.has(args.kind)) return undefined;
    const asUrl = args.path.endsWith('?url');
    // Checked first: reading the Markdown is cheaper than resolving, and most SVGs in Markdown are images.
    if (!asUrl && MARKDOWN.test(args.importer) && !importsSpecifier(await sourceOf(args.importer), args.path)) return undefined;
    const target = asUrl ? args.path.slice(0, -'?url'.length) : args.path;
    const path = target.startsWith('@site/') ? await resolveInSite(`./${target.slice('@site/'.length)}`, args.importer, siteDir) : await probe(target, args);
    if (!path) return undefined;
    return asUrl ? { path } : { path, namespace: SVG_NAMESPACE, watchFiles: [path] };
  });
  build.onLoad({ filter: /.*/, namespace: SVG_NAMESPACE }, async (args) => ({ contents: await svgComponentModule(args.path), loader: 'js', resolveDir: dirname(args.path), watchFiles: [args.path] }));

  build.onResolve({ filter: /^@site\// }, async (args) => {
    const path = await resolveInSite(`./${args.path.slice('@site/'.length)}`, args.importer, siteDir);
    if (path) return { path };
    if (args.path.endsWith('.json') && isSiteFile(args)) return missingData(args);
    const location = await markdownImportLocation(args);
    return { errors: [{ text: `Could not resolve "${args.path}": no such file in the site folder`, ...(location ? { location } : {}) }] };
  });

  // A site-absolute path that is not a file on this machine is a file of the site folder.
  build.onResolve({ filter: /^\/[^/]/ }, async (args) => {
    if (existsSync(args.path) || args.path.includes('?')) return undefined;
    const path = await resolveInSite(`.${args.path}`, args.importer, siteDir);
    return path ? { path } : undefined;
  });

  // A site's own MDXComponents extends docsite's.
  build.onResolve({ filter: /^@theme-(original|init)\/MDXComponents$/ }, () => ({ path: join(TEMPLATES_DIR, 'mdx', 'theme', 'MDXComponentsOriginal.tsx') }));

  build.onResolve({ filter: /^@(theme|theme-original|theme-init|docusaurus)\// }, async (args) => {
    // A swizzled component's `@theme-original/X` is docsite's X.
    const specifier = args.path.replace(/^@theme-(original|init)\//, '@theme/');
    const provided = providedModuleFile(specifier);
    if (provided) {
      const missing = importedNames(await sourceOf(args.importer), args.path).filter((name) => !(PROVIDED_MODULES[specifier]!.names ?? []).includes(name));
      if (!missing.length) return { path: provided };
      const where = await whereImported(args.importer, args.path);
      warnOnce(`${where}\0${args.path}`, `${where}: \`${args.path}\` has no ${missing.map((name) => `\`${name}\``).join(', ')} in docsite; the page shows a placeholder box instead`);
      return { path: specifier, namespace: PLACEHOLDER_NAMESPACE, pluginData: { names: missing, provided } };
    }
    // A theme component the site swizzled (`src/theme/X`) is the site's own.
    if (specifier.startsWith('@theme/') && isSiteFile(args)) {
      const own = await resolveInSite(`./src/theme/${specifier.slice('@theme/'.length)}`, args.importer, siteDir);
      if (own) return { path: own };
    }
    return placeholder(args, 'is not provided by docsite');
  });

  // A package the site's own files import: from the site's node_modules when installed; else docsite's copy of a
  // few tiny helpers (clsx), or a placeholder: a missing package never fails the build.
  build.onResolve({ filter: /^(@[\w.-]+\/)?[\w.-][^:]*$/ }, async (args) => {
    if (isProbe(args) || !MODULE_IMPORTS.has(args.kind) || args.path.startsWith('.') || !isSiteFile(args)) return undefined;
    if (await probe(args.path, args)) return undefined;
    const fallback = providedModuleFile(args.path);
    if (fallback) return { path: fallback };
    if (/\.(css|scss|sass|less)$/.test(args.path)) {
      const where = await whereImported(args.importer, args.path);
      warnOnce(`${where}\0${args.path}`, `${where}: \`${args.path}\` is not installed (no node_modules in the site folder); its styles are left out`);
      return { path: args.path, namespace: EMPTY_NAMESPACE };
    }
    return placeholder(args, 'is not installed (no node_modules in the site folder)');
  });

  // A file an MDX page imports that does not exist: reported at the import in the Markdown, not in compiled code.
  build.onResolve({ filter: /^\.\.?\// }, async (args) => {
    if (isProbe(args) || !MODULE_IMPORTS.has(args.kind) || !isSiteFile(args)) return undefined;
    const isMarkdown = MARKDOWN.test(args.importer);
    if (!isMarkdown && !args.path.endsWith('.json')) return undefined;
    // Images the Markdown compiler imports need no second resolution: only what the author wrote is looked at.
    if (isMarkdown && !importsSpecifier(await sourceOf(args.importer), args.path)) return undefined;
    if (await probe(args.path, args)) return undefined;
    if (args.path.endsWith('.json')) return missingData(args);
    const location = await markdownImportLocation(args);
    return location ? { errors: [{ text: `Could not resolve "${args.path}"`, location }] } : undefined;
  });

  build.onLoad({ filter: /.*/, namespace: PLACEHOLDER_NAMESPACE }, (args) => {
    const { names = [], provided } = (args.pluginData ?? {}) as { names?: string[]; provided?: string };
    const lines = [`import { missingModule } from ${JSON.stringify(join(TEMPLATES_DIR, 'mdx', 'MissingModule.tsx'))};`];
    // A provided module with a name docsite lacks: its own exports, and the placeholder for the rest.
    if (provided) lines.push(`export * from ${JSON.stringify(provided)};`, `export { default } from ${JSON.stringify(provided)};`);
    else lines.push(`const Missing = missingModule(${JSON.stringify(args.path)});`, 'export default Missing;');
    names.forEach((name, index) => lines.push(`const Missing${index} = missingModule(${JSON.stringify(`${args.path} (${name})`)});`, `export { Missing${index} as ${name} };`));
    return { contents: lines.join('\n'), loader: 'js', resolveDir: TEMPLATES_DIR };
  });
  build.onLoad({ filter: /.*/, namespace: EMPTY_NAMESPACE }, () => ({ contents: '', loader: 'empty' }));
  build.onLoad({ filter: /.*/, namespace: EMPTY_LIST_NAMESPACE }, () => ({ contents: '[]', loader: 'json' }));

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
        return { contents: withTocBinding(result.code, result.toc), loader: 'js', resolveDir: dirname(args.path), watchFiles: [args.path] };
      } catch (error) {
        // Reported at the partial's own line: a thrown error would be located in the plugin's code.
        if (!isDocsiteError(error)) throw error;
        const location = { file: args.path, ...(error.line === undefined ? {} : { line: error.line, column: Math.max(0, (error.column ?? 1) - 1) }) };
        return { errors: [{ text: error.message, location, notes: error.details.map((text) => ({ text })) }], watchFiles: [args.path] };
      }
    });
  }
}
