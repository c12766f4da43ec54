import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Plugin } from 'esbuild';
import { PACKAGE_ROOT, TEMPLATES_DIR } from '../../paths';

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
];

export const DEV_SERVER_ENTRY = 'docsite-dev:server-entry';
const NAMESPACE = 'docsite-dev';
const requireFromDocsite = createRequire(`${PACKAGE_ROOT}/package.json`);

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
  return {
    name: 'docsite-dev-external-shared',
    setup(build) {
      build.onResolve({ filter: /^(react|react\/jsx-runtime|react-dom|docsite\/client)$/ }, (args) => ({ path: urlOf(bySpecifier.get(args.path)!), external: true }));
    },
  };
}

function virtualSource(id: string): string {
  if (id === DEV_SERVER_ENTRY) {
    return [`export { renderApp, renderContent } from ${JSON.stringify(join(TEMPLATES_DIR, 'server.tsx'))};`, `export { renderShell } from ${JSON.stringify(join(TEMPLATES_DIR, 'shell.ts'))};`].join('\n');
  }
  const module = SHARED_MODULES.find((candidate) => sharedEntryId(candidate) === id);
  if (!module) throw new Error(`unknown dev module ${id}`);
  if (module.specifier === 'docsite/client') return `export * from ${JSON.stringify(join(TEMPLATES_DIR, 'client-api.tsx'))};`;
  // React's packages are CommonJS: their export names are only known by loading them.
  const names = exportNames(module.specifier);
  return [`import * as shared from ${JSON.stringify(module.specifier)};`, 'export default shared.default;', `export const { ${names.join(', ')} } = shared;`].join('\n');
}

const namesCache = new Map<string, string[]>();

function exportNames(specifier: string): string[] {
  let names = namesCache.get(specifier);
  if (!names) {
    const loaded = requireFromDocsite(specifier) as Record<string, unknown>;
    names = Object.keys(loaded).filter((name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name));
    namesCache.set(specifier, names);
  }
  return names;
}
