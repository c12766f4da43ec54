import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OnResolveArgs, PluginBuild } from 'esbuild';
import { TEMPLATES_DIR } from '../core/paths';
import { MARKDOWN, MODULE_IMPORTS, type ImportContext } from './import-context';
import { importedNames, importsSpecifier } from './import-statements';
import { PROVIDED_MODULES, providedModuleFile } from './provided-modules';

// Imports a Docusaurus site's pages make that docsite cannot satisfy as written never fail the build:
// - `@theme/X` / `@docusaurus/X`: docsite's own module (provided-modules.ts); the site's swizzled `src/theme/X`;
//   else a visible placeholder (templates/mdx/MissingModule.tsx) and one warning at the import;
// - a package the site has not installed: the site's node_modules when present, docsite's copy of a tiny helper
//   (clsx), else a placeholder (or, for a stylesheet, nothing) and a warning;
// - a JSON file that does not exist (data a script writes before building): an empty list and a warning;
// - a missing file an MDX page imports: still an error, but at the import's line in the Markdown.

const PLACEHOLDER_NAMESPACE = 'docsite-placeholder';
const EMPTY_NAMESPACE = 'docsite-empty';
const EMPTY_LIST_NAMESPACE = 'docsite-empty-list';
const NOT_INSTALLED = 'is not installed (no node_modules in the site folder)';

/** A JSON file a page imports that is not there: an empty list stands in for it, so the rest of the page builds. */
export async function missingData(context: ImportContext, args: OnResolveArgs) {
  await context.warnAtImport(args, 'does not exist (a file the site generates before building?); the page gets an empty list instead');
  return { path: args.path, namespace: EMPTY_LIST_NAMESPACE };
}

async function placeholder(context: ImportContext, args: OnResolveArgs, reason: string) {
  await context.warnAtImport(args, `${reason}; the page shows a placeholder box instead`);
  return { path: args.path, namespace: PLACEHOLDER_NAMESPACE, pluginData: { names: importedNames(await context.sourceOf(args.importer), args.path) } };
}

export function setupMissingImports(build: PluginBuild, context: ImportContext): void {
  build.onResolve({ filter: /^@(theme|theme-original|theme-init|docusaurus)\// }, async (args) => {
    // A swizzled component's `@theme-original/X` is docsite's X.
    const specifier = args.path.replace(/^@theme-(original|init)\//, '@theme/');
    const provided = providedModuleFile(specifier);
    if (provided) {
      const missing = importedNames(await context.sourceOf(args.importer), args.path).filter((name) => !(PROVIDED_MODULES[specifier]!.names ?? []).includes(name));
      // Markdown pages define `toc` (the compile stage's toc export); elsewhere there are no headings to list unless the code passes them.
      if (specifier === '@theme/TOCInline' && !MARKDOWN.test(args.importer)) await context.warnAtImport(args, 'lists the headings of Markdown pages; here it renders only a `toc` list passed to it');
      if (!missing.length) return { path: provided };
      await context.warnAtImport(args, `has no ${missing.map((name) => `\`${name}\``).join(', ')} in docsite; the page shows a placeholder box instead`);
      return { path: specifier, namespace: PLACEHOLDER_NAMESPACE, pluginData: { names: missing, provided } };
    }
    // A theme component the site swizzled (`src/theme/X`) is the site's own.
    if (specifier.startsWith('@theme/') && context.isSiteFile(args)) {
      const own = await context.resolveInSite(`./src/theme/${specifier.slice('@theme/'.length)}`, args.importer);
      if (own) return { path: own };
    }
    return placeholder(context, args, 'is not provided by docsite');
  });

  build.onResolve({ filter: /^(@[\w.-]+\/)?[\w.-][^:]*$/ }, async (args) => {
    if (context.isProbe(args) || !MODULE_IMPORTS.has(args.kind) || args.path.startsWith('.') || !context.isSiteFile(args)) return undefined;
    if (await context.probe(args.path, args)) return undefined;
    const fallback = providedModuleFile(args.path);
    if (fallback) return { path: fallback };
    if (/\.(css|scss|sass|less)$/.test(args.path)) {
      await context.warnAtImport(args, `${NOT_INSTALLED}; its styles are left out`);
      return { path: args.path, namespace: EMPTY_NAMESPACE };
    }
    return placeholder(context, args, NOT_INSTALLED);
  });

  build.onResolve({ filter: /^\.\.?\// }, async (args) => {
    if (context.isProbe(args) || !MODULE_IMPORTS.has(args.kind) || !context.isSiteFile(args)) return undefined;
    const isMarkdown = MARKDOWN.test(args.importer);
    if (!isMarkdown && !args.path.endsWith('.json')) return undefined;
    // Images the Markdown compiler imports need no second resolution: only what the author wrote is looked at.
    if (isMarkdown && !importsSpecifier(await context.sourceOf(args.importer), args.path)) return undefined;
    if (await context.probe(args.path, args)) return undefined;
    if (args.path.endsWith('.json')) return missingData(context, args);
    const location = await context.markdownImportLocation(args);
    return location ? { errors: [{ text: `Could not resolve "${args.path}"`, location }] } : undefined;
  });

  build.onLoad({ filter: /.*/, namespace: PLACEHOLDER_NAMESPACE }, (args) => {
    const { names = [], provided } = (args.pluginData ?? {}) as { names?: string[]; provided?: string };
    const lines = [`import { missingModule } from ${JSON.stringify(join(TEMPLATES_DIR, 'mdx', 'MissingModule.tsx'))};`];
    // A provided module with a name docsite lacks: its own exports, and the placeholder for the rest.
    if (provided) lines.push(`export * from ${JSON.stringify(provided)};`, ...(hasDefaultExport(provided) ? [`export { default } from ${JSON.stringify(provided)};`] : []));
    else lines.push(`const Missing = missingModule(${JSON.stringify(args.path)});`, 'export default Missing;');
    names.forEach((name, index) => lines.push(`const Missing${index} = missingModule(${JSON.stringify(`${args.path} (${name})`)});`, `export { Missing${index} as ${name} };`));
    return { contents: lines.join('\n'), loader: 'js', resolveDir: TEMPLATES_DIR };
  });
  build.onLoad({ filter: /.*/, namespace: EMPTY_NAMESPACE }, () => ({ contents: '', loader: 'empty' }));
  build.onLoad({ filter: /.*/, namespace: EMPTY_LIST_NAMESPACE }, () => ({ contents: '[]', loader: 'json' }));
}

const defaultExports = new Map<string, boolean>();

/** Whether a provided module's file has a default export (`@docusaurus/router` and `theme-common` have none). */
function hasDefaultExport(file: string): boolean {
  let known = defaultExports.get(file);
  if (known === undefined) {
    known = /\bexport\s+default\b|\bas\s+default\b/.test(readFileSync(file, 'utf8'));
    defaultExports.set(file, known);
  }
  return known;
}
