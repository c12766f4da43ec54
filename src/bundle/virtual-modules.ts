import { routeSidebarCode, sidebarModule } from './sidebar-modules';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'esbuild';
import type { CompiledMarkdown } from '../markdown/compile';
import { setupCssModules, type CssModuleCache } from './css-modules';
import { contentFileOf } from './content-files';
import { escapeLikeReact } from '../shared/html';
import { customCssModule } from './custom-css';
import { setupSiteImports } from './site-imports';
import { setupThemeOverrides } from './theme-overrides';
import { PAGE_DATA_MODULE_THRESHOLD, singleQuoted, type PageDataModule } from './page-data-modules';
import { PACKAGE_ROOT, TEMPLATES_DIR } from '../core/paths';
import type { RouteDefinition } from '../routes';
import { BUILTIN_MDX_COMPONENTS } from '../shared/mdx-builtins';
import { siteMdxComponentsFile } from '../content/site-mdx-components';
import { PAGE_COMPONENTS, pageComponentId } from '../shared/page-kinds';
import type { PageData, PageKind, SidebarItem, SiteData } from '../shared/types';

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
  /**
   * Browser route modules load static content (HTML elements only, see markdown/static-content.ts) on
   * navigation, not with the route: a page opened directly keeps its server HTML. The production build sets it.
   */
  lazyStaticContent?: boolean;
  /** The site's own stylesheets (config `customCss`, site-relative), loaded on every page after the theme's. */
  customCss?: readonly string[];
  /** The config's `customFields`, for the pages that read them (`docsite:custom-fields`). */
  customFields?: Record<string, unknown>;
}

/** Page kinds whose theme component renders the content through <MarkdownBody> (and so can keep static HTML). */
const STATIC_CONTENT_KINDS = new Set(['doc', 'blogPost']);

const NAMESPACE = 'docsite';
const EXCERPT_NAMESPACE = 'docsite-excerpt';
/** The browser and server bundles of one build share their inputs object, and so their CSS module compiles. */
const cssModuleCaches = new WeakMap<VirtualModuleInputs, CssModuleCache>();
const requireFromDocsite = createRequire(`${PACKAGE_ROOT}/package.json`);

const ROUTE_PREFIX = 'docsite:route:';
/** `docsite:page-data:<route path>`: the route's data module, when it has one. */
const PAGE_DATA_PREFIX = 'docsite:page-data:';

/** The page module of a route, named by its path: `docsite:route:/docs/intro`. */
export function routeModuleId(route: Pick<RouteDefinition, 'path'>): string {
  return `${ROUTE_PREFIX}${route.path}`;
}

/** Routes by path, once per inputs object (a site has thousands; each route module looks its route up). */
const routesByPath = new WeakMap<VirtualModuleInputs, Map<string, RouteDefinition>>();

function routeOf(inputs: VirtualModuleInputs, id: string): RouteDefinition | undefined {
  let byPath = routesByPath.get(inputs);
  if (!byPath) routesByPath.set(inputs, (byPath = new Map(inputs.routes.map((route) => [route.path, route]))));
  return byPath.get(id.slice(ROUTE_PREFIX.length));
}

export const SERVER_ENTRY = 'docsite:server-entry';

/** `docsite:route-frame:<hash of its source>`: the browser module that routes with static content share (`routeFrames`). */
export const FRAME_PREFIX = 'docsite:route-frame:';

export interface RouteFrames {
  /** The frame of each route with static content, by route path. */
  frameOf: Map<string, string>;
  /** Each frame's source, by module id. */
  sources: Map<string, string>;
}

const framesOf = new WeakMap<VirtualModuleInputs, RouteFrames>();

/**
 * The browser modules of the routes with static content, as frames: a function of a page's data. Such a page has no
 * chunk of its own: its HTML holds its data (the boot data), and client navigation fetches its content file, which
 * holds the data and the content's HTML, and calls the frame with the data (src/client/router.ts). Routes whose modules
 * differ in nothing else (the docs of one sidebar, or of one cut of it) share one frame, so esbuild bundles a handful
 * of frames, not a module per page: at 1000 docs the route build was most of esbuild's time (0.7-0.9 s of 1.1 s), and
 * a navigation fetched two files (the page's chunk, then its content), now one.
 */
export function routeFrames(inputs: VirtualModuleInputs): RouteFrames {
  const known = framesOf.get(inputs);
  if (known) return known;
  const frames: RouteFrames = { frameOf: new Map(), sources: new Map() };
  const staticRoutes = inputs.routes.filter((route) => staticContentOf(inputs, route));
  for (const [source, group] of groupBySource(staticRoutes, (route) => routeModuleSource(inputs, route, 'browser', undefined, true))) {
    const id = `${FRAME_PREFIX}${createHash('sha256').update(source).digest('hex').slice(0, 16)}`;
    frames.sources.set(id, source);
    for (const route of group) frames.frameOf.set(route.path, id);
  }
  framesOf.set(inputs, frames);
  return frames;
}

/**
 * Routes by the text of their module, in the order the texts first come: routes whose modules are the same text share
 * one (the server entry's modules, the browser's frames).
 */
function groupBySource(routes: readonly RouteDefinition[], sourceOf: (route: RouteDefinition) => string): Map<string, RouteDefinition[]> {
  const groups = new Map<string, RouteDefinition[]>();
  for (const route of routes) {
    const source = sourceOf(route);
    const group = groups.get(source);
    if (group) group.push(route);
    else groups.set(source, [route]);
  }
  return groups;
}

/** `platform`: route modules for the browser may carry a cut of a large sidebar; Node's always have the whole one. */
export function docsitePlugin(inputs: VirtualModuleInputs, platform: 'browser' | 'node', pageData?: ReadonlyMap<string, PageDataModule>): Plugin {
  // Compiled Markdown is keyed by absolute path, and `<path>?excerpt` for a post's excerpt.
  const compiled = inputs.compiled;
  return {
    name: 'docsite',
    setup(build) {
      // The site's overrides of theme components come first: they win over docsite's originals (theme-overrides.ts).
      setupThemeOverrides(build, inputs.siteDir);
      // The runtime's one way into the theme: its entry, a real file (so its imports resolve as usual).
      build.onResolve({ filter: /^docsite:theme$/ }, () => ({ path: join(TEMPLATES_DIR, 'index.ts') }));
      // A route's data module (page-data-modules.ts) is imported by its URL, which esbuild leaves as it is.
      build.onResolve({ filter: new RegExp(`^${PAGE_DATA_PREFIX}`) }, (args) => {
        const module = pageData?.get(args.path.slice(PAGE_DATA_PREFIX.length));
        if (!module) throw new Error(`no data module for ${args.path}`);
        return { path: module.url, external: true };
      });
      build.onResolve({ filter: /^docsite:/ }, (args) => ({ path: args.path, namespace: NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
        contents: virtualModule(args.path, inputs, platform, pageData),
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
        // A page compiled to HTML only (its route uses that) has no module: imported elsewhere, it compiles as a partial.
        const code = compiled.get(args.path)?.code;
        if (code === undefined) return undefined;
        return { contents: code, loader: 'js', resolveDir: dirname(args.path) };
      });

      // @site, @theme, raw imports, site-absolute paths and Markdown partials (after compiled pages above).
      setupSiteImports(build, { siteDir: inputs.siteDir, ...(inputs.compilePartial ? { compilePartial: inputs.compilePartial } : {}) });

      // A post's excerpt: its own module, so lists never load the whole post.
      build.onResolve({ filter: /\?excerpt$/ }, (args) => ({ path: args.path, namespace: EXCERPT_NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: EXCERPT_NAMESPACE }, (args) => {
        const code = compiled.get(args.path)?.code;
        if (code === undefined) throw new Error(`no compiled excerpt for ${args.path}`);
        return { contents: code, loader: 'js', resolveDir: dirname(args.path.replace(/\?excerpt$/, '')) };
      });
    },
  };
}

/**
 * Whether a route's content can go without hydration (the browser keeps the server's HTML of it): static content
 * of a doc or post, on a site without MDXComponents of its own (which may turn any element into a component), in a
 * production build.
 */
function keepsStaticHtml(inputs: VirtualModuleInputs, route: RouteDefinition): boolean {
  return !!route.contentFile && !!inputs.lazyStaticContent && STATIC_CONTENT_KINDS.has(route.data.kind) && !!inputs.compiled.get(route.contentFile)?.staticContent && !hasSiteMdxComponents(inputs);
}

/**
 * A route's content as HTML made at compile time, and the file (`assets/content/<hash>.json`) that holds it with the
 * page's data (`contentFileText`).
 */
export interface StaticContent {
  /**
   * Made when asked for, from the compiled HTML (and a doc's title): kept, it would be a second copy of every page's
   * content for the whole build (some 130 MB of the main thread's heap at 5,000 pages).
   */
  readonly html: string;
  file: string;
  /** What `html` has before the compiled HTML: a doc's title, or nothing. */
  title: string;
  /** The compiled content `html` is made of. */
  compiled: CompiledMarkdown;
  /** The page's data. */
  data: PageData;
}

/** Each route's StaticContent, made once per build: the bundle, the render stage and emit all ask for it. */
const staticContents = new WeakMap<VirtualModuleInputs, Map<string, StaticContent | undefined>>();

/**
 * The HTML a route's content was rendered to at compile time (markdown/static-html.ts), when the build uses it in
 * place of the content's module, with its file.
 */
export function staticContentOf(inputs: VirtualModuleInputs, route: RouteDefinition): StaticContent | undefined {
  let byPath = staticContents.get(inputs);
  if (!byPath) staticContents.set(inputs, (byPath = new Map()));
  if (byPath.has(route.path)) return byPath.get(route.path);
  const compiled = keepsStaticHtml(inputs, route) ? inputs.compiled.get(route.contentFile!) : undefined;
  const compiledHtml = compiled?.html;
  // A doc whose Markdown has no title of its own gets one before its content (templates/pages/DocPage.tsx's
  // MarkdownBody), written here as React writes it: the browser then needs no code to put it there.
  const title = route.data.kind === 'doc' && !route.data.hasOwnTitle ? `<h1>${escapeLikeReact(route.data.title)}</h1>` : '';
  // `compiled.html` is asked for each time, not kept: the build may let it go from memory once its file is written
  // (emit/content-files.ts), and read it back from there.
  const data = route.data;
  const content = compiledHtml === undefined ? undefined : { file: contentFileOf(JSON.stringify(data), title, compiledHtml), title, compiled: compiled!, data, get html() { return title + compiled!.html!; } };
  byPath.set(route.path, content);
  return content;
}

/** The content file (`assets/content/<hash>.json`) of each route whose page keeps static content, by route path. */
export function staticContentFiles(inputs: VirtualModuleInputs): Map<string, string> {
  const files = new Map<string, string>();
  for (const route of inputs.routes) {
    const content = staticContentOf(inputs, route);
    if (content) files.set(route.path, content.file);
  }
  return files;
}

/** Whether the site has its own MDXComponents: looked up once per inputs object, not once per route. */
const siteComponents = new WeakMap<VirtualModuleInputs, boolean>();
function hasSiteMdxComponents(inputs: VirtualModuleInputs): boolean {
  let found = siteComponents.get(inputs);
  if (found === undefined) siteComponents.set(inputs, (found = siteMdxComponentsFile(inputs.siteDir) !== undefined));
  return found;
}

/**
 * Page data inside a route module (no data module of its own: in dev, or when it is small). Large data is one
 * string for `JSON.parse`, as in a data module: esbuild then holds a string, not a syntax tree of every object.
 */
function pageDataLiteral(data: unknown): string {
  const json = JSON.stringify(data);
  return json.length > PAGE_DATA_MODULE_THRESHOLD ? `JSON.parse(${singleQuoted(json)})` : json;
}

/** Takes the title and description of a page module's `meta` export when they are strings. */
const PAGE_META_FUNCTION = `function pageMeta(meta) {
  const picked = {};
  if (meta && typeof meta.title === 'string') picked.title = meta.title;
  if (meta && typeof meta.description === 'string') picked.description = meta.description;
  return picked;
}`;

/**
 * A route's page module: one default export holding the page's data, content component and sidebar. In Node it is a
 * function of the data, which the render stage passes from the route table: the server bundle never carries the data
 * (an API reference's pages are megabytes of it, which esbuild parsed twice). A `frame` (the browser's module of a
 * route with static content, see `routeFrames`) is a function of the data too.
 */
function routeModuleSource(inputs: VirtualModuleInputs, route: RouteDefinition, platform: 'browser' | 'node', pageData: ReadonlyMap<string, PageDataModule> | undefined, frame = false): string {
  const { site, sidebars } = inputs;
  const lines: string[] = [`import Page from ${JSON.stringify(pageComponentId(route.data.kind))};`];
  // In Node and in a frame, the module is a function of the data; in the browser, the data is in the chunk or its module.
  const ofData = platform === 'node' || frame;
  const dataModule = !ofData && pageData?.has(route.path);
  if (dataModule) lines.push(`import pageData from ${JSON.stringify(`${PAGE_DATA_PREFIX}${route.path}`)};`);
  const data = ofData ? 'data' : dataModule ? 'pageData' : pageDataLiteral(route.data);
  const fields = [ofData ? 'data' : `data: ${data}`, 'Page'];
  const staticContent = staticContentOf(inputs, route);
  if (staticContent) {
    // Static content rendered at compile time: the server takes its HTML from the render stage, the browser
    // fetches it on navigation. Neither bundle carries the content.
    // The browser's module is the route's frame: the content comes with the data, from the content file.
    if (platform === 'browser' && !frame) throw new Error(`docsite: the browser module of ${route.path} is its route frame's`);
  } else if (platform === 'browser' && keepsStaticHtml(inputs, route)) {
    // A site's own MDXComponents may replace any element with a component: then all content hydrates.
    fields.push(`loadContent: () => import(${JSON.stringify(route.contentFile)})`);
  } else if (route.contentFile) {
    lines.push(`import Content from ${JSON.stringify(route.contentFile)};`);
    fields.push('Content');
  }
  if (route.reactPage) {
    // A React page's `meta` export names its title and description.
    lines.push(`import Content${route.reactPage.hasMeta ? ', { meta }' : ''} from ${JSON.stringify(route.reactPage.file)};`);
    fields.push('Content');
    if (route.reactPage.hasMeta) fields[0] = `data: { ...${data}, ...pageMeta(meta) }`;
    if (route.reactPage.hasMeta) lines.push(PAGE_META_FUNCTION);
  }
  if (route.excerptFiles) {
    route.excerptFiles.forEach((file, index) => lines.push(`import Excerpt${index} from ${JSON.stringify(file)};`));
    fields.push(`excerpts: [${route.excerptFiles.map((_, index) => `Excerpt${index}`).join(', ')}]`);
  }
  // The global MDX components (Tabs) the page's content and excerpts use, from their modules.
  const used = new Set([route.contentFile, ...(route.excerptFiles ?? [])].flatMap((file) => (file ? (inputs.compiled.get(file)?.globalComponents ?? []) : [])));
  const builtins = [...used].filter((name) => BUILTIN_MDX_COMPONENTS[name]).sort();
  if (builtins.length) {
    builtins.forEach((name) => lines.push(`import ${name} from ${JSON.stringify(BUILTIN_MDX_COMPONENTS[name])};`));
    fields.push(`components: { ${builtins.join(', ')} }`);
  }
  if (route.sidebarId) {
    const sidebar = routeSidebarCode(sidebars, route.sidebarId, route.path, site.baseUrl, platform);
    lines.push(...sidebar.imports);
    fields.push(...sidebar.fields);
  }
  lines.push(ofData ? `export default (data) => ({ ${fields.join(', ')} });` : `export default { ${fields.join(', ')} };`);
  return lines.join('\n');
}

function virtualModule(id: string, inputs: VirtualModuleInputs, platform: 'browser' | 'node', pageData: ReadonlyMap<string, PageDataModule> | undefined): string {
  const { site, routes, sidebars, siteDir } = inputs;
  if (id === 'docsite:site') return `export default ${JSON.stringify(site)};`;
  if (id === 'docsite:custom-css') return customCssModule(inputs.customCss ?? [], siteDir, platform);
  if (id === 'docsite:custom-fields') return `export default ${JSON.stringify(inputs.customFields ?? {})};`;
  if (id === 'docsite:site-mdx-components') {
    const file = siteMdxComponentsFile(siteDir);
    return file ? `export { default } from ${JSON.stringify(file)};` : 'export default {};';
  }
  const pageKind = Object.keys(PAGE_COMPONENTS).find((kind) => pageComponentId(kind as PageKind) === id) as PageKind | undefined;
  if (pageKind) {
    const { file, name } = PAGE_COMPONENTS[pageKind];
    return `export { ${name} as default } from ${JSON.stringify(join(TEMPLATES_DIR, 'pages', `${file}.tsx`))};`;
  }
  const sidebar = sidebarModule(sidebars, id);
  if (sidebar !== undefined) return sidebar;
  if (id.startsWith(ROUTE_PREFIX)) {
    const route = routeOf(inputs, id);
    if (!route) throw new Error(`unknown route module ${id}`);
    return routeModuleSource(inputs, route, platform, pageData);
  }
  if (id.startsWith(FRAME_PREFIX)) {
    const source = routeFrames(inputs).sources.get(id);
    if (source === undefined) throw new Error(`unknown route frame ${id}`);
    return source;
  }
  if (id === SERVER_ENTRY) {
    // In Node a route module is a function of the page's data, and routes whose modules would be the same text (a
    // thousand static docs of one sidebar) share one: esbuild resolves, loads and parses it once, not per page.
    const groups = [...groupBySource(routes, (route) => routeModuleSource(inputs, route, platform, pageData)).values()];
    return [
      `export { renderApp, renderContent } from ${JSON.stringify(`${TEMPLATES_DIR}/server.tsx`)};`,
      `export { renderShell, inlineScripts } from ${JSON.stringify(`${TEMPLATES_DIR}/shell.ts`)};`,
      ...groups.map((group, index) => `import r${index} from ${JSON.stringify(routeModuleId(group[0]!))};`),
      `export const pages = { ${groups.flatMap((group, index) => group.map((route) => `${JSON.stringify(route.path)}: r${index}`)).join(', ')} };`,
    ].join('\n');
  }
  throw new Error(`unknown virtual module ${id}`);
}
