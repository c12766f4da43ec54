import { sidebarById } from '../shared/lookup';
import { sidebarForPage } from '../shared/sidebar-view';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'esbuild';
import type { CompiledMarkdown } from '../markdown/compile';
import { setupCssModules, type CssModuleCache } from './css-modules';
import { setupSiteImports } from './site-imports';
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
  /** The site folder: CSS module class names are derived from paths inside it. */
  siteDir: string;
  /** Compiles Markdown imported into a page (a partial such as `_setup.md`), which is no page of its own. */
  compilePartial?: (absolutePath: string) => Promise<CompiledMarkdown>;
}

const NAMESPACE = 'docsite';
const EXCERPT_NAMESPACE = 'docsite-excerpt';
/** The browser and server bundles of one build share their inputs object, and so their CSS module compiles. */
const cssModuleCaches = new WeakMap<VirtualModuleInputs, CssModuleCache>();
const requireFromDocsite = createRequire(`${PACKAGE_ROOT}/package.json`);

export function routeModuleId(index: number): string {
  return `docsite:route/${index}`;
}

export const SERVER_ENTRY = 'docsite:server-entry';

export function docsitePlugin(inputs: VirtualModuleInputs): Plugin {
  // Compiled Markdown is keyed by absolute path, and `<path>?excerpt` for a post's excerpt.
  const compiled = inputs.compiled;
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
      // CSS modules: compiled one by one with stable names, once for both bundles (see css-modules.ts).
      let cssModules = cssModuleCaches.get(inputs);
      if (!cssModules) cssModuleCaches.set(inputs, (cssModules = new Map()));
      setupCssModules(build, cssModules, inputs.siteDir);

      // The theme's public API for a site's own pages and components.
      build.onResolve({ filter: /^docsite\/client$/ }, () => ({ path: join(TEMPLATES_DIR, 'client-api.tsx') }));

      build.onLoad({ filter: /\.mdx?$/ }, (args) => {
        const result = compiled.get(args.path);
        if (!result) return undefined;
        return { contents: result.code, loader: 'js', resolveDir: dirname(args.path) };
      });

      // @site, @theme, raw imports, site-absolute paths and Markdown partials (after compiled pages above).
      setupSiteImports(build, { siteDir: inputs.siteDir, ...(inputs.compilePartial ? { compilePartial: inputs.compilePartial } : {}) });

      // A post's excerpt: its own module, so lists never load the whole post.
      build.onResolve({ filter: /\?excerpt$/ }, (args) => ({ path: args.path, namespace: EXCERPT_NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: EXCERPT_NAMESPACE }, (args) => {
        const result = compiled.get(args.path);
        if (!result) throw new Error(`no compiled excerpt for ${args.path}`);
        return { contents: result.code, loader: 'js', resolveDir: dirname(args.path.replace(/\?excerpt$/, '')) };
      });
    },
  };
}

/** A site's own global MDX components (Docusaurus' swizzled `src/theme/MDXComponents`), when it has them. */
export function siteMdxComponentsFile(siteDir: string): string | undefined {
  return ['tsx', 'ts', 'jsx', 'js'].map((extension) => join(siteDir, 'src', 'theme', `MDXComponents.${extension}`)).find((file) => existsSync(file));
}

/** Takes the title and description of a page module's `meta` export when they are strings. */
const PAGE_META_FUNCTION = `function pageMeta(meta) {
  const picked = {};
  if (meta && typeof meta.title === 'string') picked.title = meta.title;
  if (meta && typeof meta.description === 'string') picked.description = meta.description;
  return picked;
}`;

/**
 * Sidebars up to this size (as JSON) ship whole, as one chunk every page of the sidebar shares: one
 * download, cached across pages. Larger ones are cut per page (see sidebarForPage), since every first
 * visit would otherwise pay for the whole site's navigation.
 */
export const SHARED_SIDEBAR_LIMIT = 16 * 1024;

const sidebarFacts = new WeakMap<SidebarItem[], { size: number; hash: string }>();

/**
 * A page's cut of its sidebar and the key of the whole sidebar (its id and a hash of its content: the
 * browser keeps whole sidebars by key, and in dev an edited sidebar must not be taken for the old one);
 * undefined when the page ships the whole sidebar.
 */
function pageSidebar(sidebars: Record<string, SidebarItem[]>, id: string, path: string, base: string): { items: SidebarItem[]; key: string } | undefined {
  const sidebar = sidebarById(sidebars, id);
  let facts = sidebarFacts.get(sidebar);
  if (!facts) {
    const json = JSON.stringify(sidebar);
    facts = { size: json.length, hash: createHash('sha256').update(json).digest('hex').slice(0, 10) };
    sidebarFacts.set(sidebar, facts);
  }
  if (facts.size <= SHARED_SIDEBAR_LIMIT) return undefined;
  const view = sidebarForPage(sidebar, path, base);
  return view.complete ? undefined : { items: view.items, key: `${id}@${facts.hash}` };
}

function virtualModule(id: string, { site, routes, sidebars, siteDir }: VirtualModuleInputs): string {
  if (id === 'docsite:site') return `export default ${JSON.stringify(site)};`;
  if (id === 'docsite:site-mdx-components') {
    const file = siteMdxComponentsFile(siteDir);
    return file ? `export { default } from ${JSON.stringify(file)};` : 'export default {};';
  }
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
    if (route.reactPage) {
      // A React page's `meta` export names its title and description.
      lines.push(`import Content${route.reactPage.hasMeta ? ', { meta }' : ''} from ${JSON.stringify(route.reactPage.file)};`);
      fields.push('Content');
      if (route.reactPage.hasMeta) fields[0] = `data: { ...${JSON.stringify(route.data)}, ...pageMeta(meta) }`;
      if (route.reactPage.hasMeta) lines.push(PAGE_META_FUNCTION);
    }
    if (route.excerptFiles) {
      route.excerptFiles.forEach((file, index) => lines.push(`import Excerpt${index} from ${JSON.stringify(file)};`));
      fields.push(`excerpts: [${route.excerptFiles.map((_, index) => `Excerpt${index}`).join(', ')}]`);
    }
    if (route.sidebarId) {
      const full = `docsite:sidebar/${route.sidebarId}`;
      const view = pageSidebar(sidebars, route.sidebarId, route.path, site.baseUrl);
      if (view) {
        // The page's own cut of a large sidebar; the whole one is a chunk loaded when the reader opens a category.
        fields.push(`sidebar: ${JSON.stringify(view.items)}`, `sidebarKey: ${JSON.stringify(view.key)}`, `loadSidebar: () => import(${JSON.stringify(full)})`);
      } else {
        lines.push(`import sidebar from ${JSON.stringify(full)};`);
        fields.push('sidebar');
      }
    }
    lines.push(`export default { ${fields.join(', ')} };`);
    return lines.join('\n');
  }
  if (id === SERVER_ENTRY) {
    const imports = routes.map((_, index) => `import r${index} from ${JSON.stringify(routeModuleId(index))};`);
    return [
      `export { renderApp, renderContent } from ${JSON.stringify(`${TEMPLATES_DIR}/server.tsx`)};`,
      `export { renderShell } from ${JSON.stringify(`${TEMPLATES_DIR}/shell.ts`)};`,
      ...imports,
      `export const routes = [${routes.map((_, index) => `r${index}`).join(', ')}];`,
    ].join('\n');
  }
  throw new Error(`unknown virtual module ${id}`);
}
