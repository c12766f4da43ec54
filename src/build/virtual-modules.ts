import { sidebarById } from '../shared/lookup';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { Plugin } from 'esbuild';
import type { CompiledMarkdown } from '../markdown/compile';
import { PACKAGE_ROOT, TEMPLATES_DIR } from '../paths';
import type { RouteDefinition } from '../routes';
import type { SidebarItem, SiteData } from '../shared/types';

// The esbuild plugins of a site build:
// - `docsite:*` virtual modules: site data, one module per sidebar, one per route, the SSR entry;
// - compiled MDX served from memory (each file is compiled once, then bundled for browser and server);
// - react and react-dom always resolved from docsite's own install, so a site folder needs no
//   node_modules and there is exactly one React.

export interface VirtualModuleInputs {
  site: SiteData;
  routes: RouteDefinition[];
  sidebars: Record<string, SidebarItem[]>;
  compiled: Map<string, CompiledMarkdown>;
}

const NAMESPACE = 'docsite';
const requireFromDocsite = createRequire(`${PACKAGE_ROOT}/package.json`);

export function routeModuleId(index: number): string {
  return `docsite:route/${index}`;
}

export const SERVER_ENTRY = 'docsite:server-entry';

export function docsitePlugin(inputs: VirtualModuleInputs): Plugin {
  const compiledByFile = new Map<string, CompiledMarkdown>();
  for (const route of inputs.routes) {
    if (route.contentFile && route.data.kind === 'doc') compiledByFile.set(route.contentFile, inputs.compiled.get(route.data.id)!);
  }
  return {
    name: 'docsite',
    setup(build) {
      build.onResolve({ filter: /^docsite:/ }, (args) => ({ path: args.path, namespace: NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
        contents: virtualModule(args.path, inputs),
        loader: 'js',
        resolveDir: PACKAGE_ROOT,
      }));

      build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => ({ path: requireFromDocsite.resolve(args.path) }));

      build.onLoad({ filter: /\.mdx?$/ }, (args) => {
        const compiled = compiledByFile.get(args.path);
        if (!compiled) return undefined;
        return { contents: compiled.code, loader: 'js', resolveDir: dirname(args.path) };
      });
    },
  };
}

function virtualModule(id: string, { site, routes, sidebars }: VirtualModuleInputs): string {
  if (id === 'docsite:site') return `export default ${JSON.stringify(site)};`;
  if (id.startsWith('docsite:sidebar/')) {
    return `export default ${JSON.stringify(sidebarById(sidebars, id.slice('docsite:sidebar/'.length)))};`;
  }
  if (id.startsWith('docsite:route/')) {
    // A page module: one default export holding the page's data, content component and sidebar.
    const route = routes[Number(id.slice('docsite:route/'.length))];
    if (!route) throw new Error(`unknown route module ${id}`);
    const lines: string[] = [];
    const fields = [`data: ${JSON.stringify(route.data)}`];
    if (route.contentFile) {
      lines.push(`import Content from ${JSON.stringify(route.contentFile)};`);
      fields.push('Content');
    }
    if (route.sidebarId) {
      lines.push(`import sidebar from ${JSON.stringify(`docsite:sidebar/${route.sidebarId}`)};`);
      fields.push('sidebar');
    }
    lines.push(`export default { ${fields.join(', ')} };`);
    return lines.join('\n');
  }
  if (id === SERVER_ENTRY) {
    const imports = routes.map((_, index) => `import r${index} from ${JSON.stringify(routeModuleId(index))};`);
    return [
      `export { renderApp } from ${JSON.stringify(`${TEMPLATES_DIR}/server.tsx`)};`,
      `export { renderShell } from ${JSON.stringify(`${TEMPLATES_DIR}/shell.ts`)};`,
      ...imports,
      `export const routes = [${routes.map((_, index) => `r${index}`).join(', ')}];`,
    ].join('\n');
  }
  throw new Error(`unknown virtual module ${id}`);
}
