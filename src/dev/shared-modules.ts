import { join } from 'node:path';
import type { Plugin } from 'esbuild';
import { reactExportNames } from '../bundle/react-runtime';
import { docusaurusModuleSpecifiers, PROVIDED_MODULES, providedModuleFile } from '../bundle/provided-modules';
import { PACKAGE_ROOT, TEMPLATES_DIR } from '../core/paths';
import { PAGE_COMPONENTS } from '../shared/page-kinds';
import type { PageKind } from '../shared/types';

// In dev, every route is bundled on its own, on request. Modules that must exist once per page
// (React, and the theme API whose contexts the page reads) are not bundled into each route: the
// runtime bundle exposes them as entry points, and route bundles import those as externals.

export interface SharedModule {
  /** What page code imports. */
  specifier: string;
  /** Entry name in the runtime bundles. */
  name: string;
}

export const SHARED_MODULES: SharedModule[] = [
  { specifier: 'react', name: 'react' },
  { specifier: 'react/jsx-runtime', name: 'react-jsx-runtime' },
  { specifier: 'react-dom', name: 'react-dom' },
  { specifier: 'docsite/client', name: 'docsite-client' },
  // `@theme/*` and `@docusaurus/*` components read the theme's contexts: one instance per page too.
  { specifier: 'docsite/theme', name: 'docsite-theme' },
  // The theme's page components (`docsite:page/<kind>` in a route module), for the same reason.
  { specifier: 'docsite/pages', name: 'docsite-pages' },
];

/** Export name of a theme module's namespace in the shared `docsite/theme` entry: "@theme/Tabs" -> "theme_Tabs". */
const themeExportName = (specifier: string) => specifier.slice(1).replace(/[^\w$]/g, '_');

/** The Docusaurus modules docsite provides (provided-modules.ts), shared by every route of the page. */
const THEME_MODULES = docusaurusModuleSpecifiers();

export const DEV_SERVER_ENTRY = 'docsite-dev:server-entry';
const NAMESPACE = 'docsite-dev';

export function sharedEntryId(module: SharedModule): string {
  return `docsite-dev:shared/${module.name}`;
}

/** The runtime bundles' side: the virtual modules re-exporting each shared module, and the SSR entry. */
export function sharedModulesPlugin(): Plugin {
  return {
    name: 'docsite-dev-shared',
    setup(build) {
      build.onResolve({ filter: /^docsite-dev:/ }, (args) => ({ path: args.path, namespace: NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({ contents: virtualSource(args.path), loader: 'js', resolveDir: PACKAGE_ROOT }));
    },
  };
}

/** The route bundles' side: shared modules become imports of the runtime's entries. */
export function externalSharedModulesPlugin(urlOf: (module: SharedModule) => string): Plugin {
  const bySpecifier = new Map(SHARED_MODULES.map((module) => [module.specifier, module]));
  const themeUrl = urlOf(bySpecifier.get('docsite/theme')!);
  const pagesUrl = urlOf(bySpecifier.get('docsite/pages')!);
  const provided = new Set(THEME_MODULES);
  return {
    name: 'docsite-dev-external-shared',
    setup(build) {
      build.onResolve({ filter: /^(react|react\/jsx-runtime|react-dom|docsite\/client)$/ }, (args) => ({ path: urlOf(bySpecifier.get(args.path)!), external: true }));
      // `import Tabs from '@theme/Tabs'` -> the shared theme entry's `theme_Tabs` (its default and named exports).
      build.onResolve({ filter: /^@(theme|docusaurus)\/[\w-]+$/ }, (args) => (provided.has(args.path) ? { path: args.path, namespace: THEME_NAMESPACE } : undefined));
      build.onLoad({ filter: /.*/, namespace: THEME_NAMESPACE }, (args) => {
        const names = PROVIDED_MODULES[args.path]?.names ?? [];
        const lines = [`import { ${themeExportName(args.path)} as shared } from ${JSON.stringify(themeUrl)};`, 'export default shared.default;'];
        if (names.length) lines.push(`export const { ${names.join(', ')} } = shared;`);
        return { contents: lines.join('\n'), loader: 'js' };
      });
      build.onResolve({ filter: /docsite-theme/ }, (args) => (args.path === themeUrl ? { path: themeUrl, external: true } : undefined));
      // `docsite:page/doc` -> the shared pages entry's `DocPage`.
      build.onResolve({ filter: /^docsite:page\// }, (args) => ({ path: args.path, namespace: PAGES_NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: PAGES_NAMESPACE }, (args) => {
        const kind = args.path.slice('docsite:page/'.length) as PageKind;
        return { contents: `export { ${pageExportName(kind)} as default } from ${JSON.stringify(pagesUrl)};`, loader: 'js' };
      });
      build.onResolve({ filter: /docsite-pages/ }, (args) => (args.path === pagesUrl ? { path: pagesUrl, external: true } : undefined));
    },
  };
}

const THEME_NAMESPACE = 'docsite-dev-theme';
const PAGES_NAMESPACE = 'docsite-dev-pages';

/** Export name of a page kind's component in the shared `docsite/pages` entry. */
const pageExportName = (kind: PageKind) => `page_${kind}`;

function virtualSource(id: string): string {
  if (id === DEV_SERVER_ENTRY) {
    return [`export { renderApp, renderContent } from ${JSON.stringify(join(TEMPLATES_DIR, 'server.tsx'))};`, `export { renderShell, inlineScripts } from ${JSON.stringify(join(TEMPLATES_DIR, 'shell.ts'))};`].join('\n');
  }
  const module = SHARED_MODULES.find((candidate) => sharedEntryId(candidate) === id);
  if (!module) throw new Error(`unknown dev module ${id}`);
  if (module.specifier === 'docsite/client') return `export * from ${JSON.stringify(join(TEMPLATES_DIR, 'client-api.tsx'))};`;
  if (module.specifier === 'docsite/pages') {
    return (Object.keys(PAGE_COMPONENTS) as PageKind[]).map((kind) => `export { ${PAGE_COMPONENTS[kind].name} as ${pageExportName(kind)} } from ${JSON.stringify(join(TEMPLATES_DIR, 'pages', `${PAGE_COMPONENTS[kind].file}.tsx`))};`).join('\n');
  }
  if (module.specifier === 'docsite/theme') return THEME_MODULES.map((specifier) => `export * as ${themeExportName(specifier)} from ${JSON.stringify(providedModuleFile(specifier))};`).join('\n');
  // React's packages are CommonJS: their export names are only known by loading them.
  const names = reactExportNames(module.specifier);
  return [`import * as shared from ${JSON.stringify(module.specifier)};`, 'export default shared.default;', `export const { ${names.join(', ')} } = shared;`].join('\n');
}
