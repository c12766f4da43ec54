import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { OnResolveArgs, PluginBuild } from 'esbuild';
import { TEMPLATES_DIR } from '../core/paths';
import { providedModuleFile } from './provided-modules';

// Theme component overrides ("swizzling", as Docusaurus sites do it): a site's `src/theme/<Name>/index.tsx`
// (or `src/theme/<Name>.tsx`; .jsx, .ts, .js too) replaces docsite's component of that Docusaurus name
// everywhere, on the server and in the browser, and may import docsite's own as `@theme-original/<Name>`.
//
// The theme's files import each other as usual; when the site overrides a component, an esbuild hook turns
// every import of the original's file (from the theme, or from a virtual module naming it) into an adapter
// module that re-exports the original's other exports and the site's default export under the original's
// name. A site without overrides gets every import resolved as before, so its bundles are exactly as before.
//
// `MDXComponents` is overridable too, through its own long-standing path (virtual-modules.ts:
// `docsite:site-mdx-components`, templates/mdx/index.ts), and so is absent from the table below.

export interface OverridableComponent {
  /** docsite's original, relative to templates/. */
  file: string;
  /** The original's export in that file. */
  exportName: string;
  /** What the component receives (the README lists it). */
  props: string;
}

/** Every component a site may override, by its Docusaurus name. */
export const OVERRIDABLE_COMPONENTS: Record<string, OverridableComponent> = {
  // Inside the theme's context providers, as Docusaurus' Root is: it may read the site (useDocusaurusContext, Head).
  Root: { file: 'context/site.tsx', exportName: 'ThemeProviders', props: '{ children } (the whole app, as in Docusaurus)' },
  Navbar: { file: 'components/Navbar.tsx', exportName: 'Navbar', props: '{} (reads the site through docsite/client hooks)' },
  NavbarItem: { file: 'components/NavbarItem.tsx', exportName: 'NavbarItem', props: '{ item, path, base, defaultLocale, mobile? }' },
  ColorModeToggle: { file: 'components/ColorModeToggle.tsx', exportName: 'ColorModeToggle', props: '{}' },
  SearchBar: { file: 'components/SearchBar.tsx', exportName: 'SearchBar', props: '{}' },
  Footer: { file: 'components/Footer.tsx', exportName: 'Footer', props: '{ site } (site.footer: style, columns, copyright)' },
  DocSidebar: { file: 'components/Sidebar.tsx', exportName: 'Sidebar', props: '{ items, path, base }' },
  'DocItem/Footer': { file: 'components/docs/DocItemFooter.tsx', exportName: 'DocItemFooter', props: '{ tags, editUrl?, lastUpdate? }' },
  'DocItem/Paginator': { file: 'components/Paginator.tsx', exportName: 'Paginator', props: '{ pagination: { previous?, next? }, label }' },
  TOC: { file: 'components/TableOfContents.tsx', exportName: 'TableOfContents', props: '{ toc }' },
  BlogPostItem: { file: 'pages/BlogPostPage.tsx', exportName: 'BlogPostPage', props: '{ site, path, page } (page.data: the post)' },
  NotFound: { file: 'pages/NotFoundPage.tsx', exportName: 'NotFoundPage', props: '{ site, path, page } (page.data.docsHome)' },
  Admonition: { file: 'mdx/theme/Admonition.tsx', exportName: 'default', props: '{ type?, title?, icon?, children }' },
  CodeBlock: { file: 'mdx/theme/CodeBlock.tsx', exportName: 'default', props: '{ children, title?, language?, showLineNumbers?, className? }' },
  Mermaid: { file: 'mdx/theme/Mermaid.tsx', exportName: 'default', props: '{ value } (the diagram source of a ```mermaid fence)' },
};

const SOURCE_EXTENSIONS = ['tsx', 'jsx', 'ts', 'js'];
const NAMESPACE = 'docsite-theme-override';
const OVERRIDE_PREFIX = 'override:';
const ORIGINAL_PREFIX = 'original:';

/** The site's file overriding `name`, if it has one: `src/theme/<name>/index.tsx` first, then `src/theme/<name>.tsx`. */
export function themeOverrideFile(siteDir: string, name: string): string | undefined {
  const base = join(siteDir, 'src', 'theme', ...name.split('/'));
  const candidates = [...SOURCE_EXTENSIONS.map((extension) => join(base, `index.${extension}`)), ...SOURCE_EXTENSIONS.map((extension) => `${base}.${extension}`)];
  return candidates.find((file) => existsSync(file));
}

/** The components the site overrides, with their files. */
export function siteThemeOverrides(siteDir: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const name of Object.keys(OVERRIDABLE_COMPONENTS)) {
    const file = themeOverrideFile(siteDir, name);
    if (file) found.set(name, file);
  }
  return found;
}

const withoutExtension = (path: string) => path.replace(/\.[jt]sx?$/, '');
const originalFile = (name: string) => join(TEMPLATES_DIR, OVERRIDABLE_COMPONENTS[name]!.file);

/** Registers the hooks; call before the `@theme/` handling of missing-imports.ts so that an override wins. */
export function setupThemeOverrides(build: PluginBuild, siteDir: string): void {
  let overrides = new Map<string, string>();
  let byOriginal = new Map<string, string>();
  // Looked up again at each build: dev's runtime rebuilds when a file of src/theme appears or goes.
  build.onStart(() => {
    overrides = siteThemeOverrides(siteDir);
    byOriginal = new Map([...overrides.keys()].map((name) => [withoutExtension(originalFile(name)), name]));
  });
  const nameOf = (specifier: string) => specifier.replace(/^@theme(-original)?\//, '');

  // `@theme-original/<Name>`: docsite's own, default-exported as Docusaurus' originals are (the modules
  // docsite provides under `@theme/` already are: missing-imports.ts resolves them, with their named exports).
  build.onResolve({ filter: /^@theme-original\// }, (args) => {
    const name = nameOf(args.path);
    if (!OVERRIDABLE_COMPONENTS[name] || providedModuleFile(`@theme/${name}`)) return undefined;
    return { path: `${ORIGINAL_PREFIX}${name}`, namespace: NAMESPACE };
  });
  // `@theme/<Name>` from a site's page or component: the site's override (docsite's otherwise, see missing-imports.ts).
  build.onResolve({ filter: /^@theme\// }, (args) => {
    const name = nameOf(args.path);
    return overrides.has(name) ? { path: `${OVERRIDE_PREFIX}${name}`, namespace: NAMESPACE } : undefined;
  });
  // The theme's own imports of an overridden original (relative from templates/, absolute from virtual modules).
  build.onResolve({ filter: /^(\.\.?\/|\/|[A-Za-z]:[\\/])/ }, (args) => {
    if (!byOriginal.size || !importsTheme(args)) return undefined;
    const name = byOriginal.get(withoutExtension(resolve(args.resolveDir, args.path)));
    return name ? { path: `${OVERRIDE_PREFIX}${name}`, namespace: NAMESPACE } : undefined;
  });
  build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
    const isOriginal = args.path.startsWith(ORIGINAL_PREFIX);
    const name = args.path.slice((isOriginal ? ORIGINAL_PREFIX : OVERRIDE_PREFIX).length);
    const contents = isOriginal ? originalModule(name) : overrideModule(name, overrides.get(name)!);
    return { contents, loader: 'js', resolveDir: TEMPLATES_DIR };
  });
}

/** The theme's files and docsite's virtual modules are rerouted; the site's files and the adapters are not. */
function importsTheme(args: OnResolveArgs): boolean {
  if (args.namespace === NAMESPACE) return false;
  if (args.namespace === 'file') return args.importer.startsWith(TEMPLATES_DIR);
  return args.namespace.startsWith('docsite');
}

/** What the theme imports in place of an overridden original: its other exports, and the site's component under its name. */
function overrideModule(name: string, file: string): string {
  const { exportName } = OVERRIDABLE_COMPONENTS[name]!;
  const original = JSON.stringify(originalFile(name));
  const override = JSON.stringify(file);
  if (name === 'Root') {
    // Docusaurus' Root wraps the app and receives it as children: here, what docsite's providers wrap.
    return [
      `import { createElement } from 'react';`,
      `import { ThemeProviders as DocsiteProviders } from ${original};`,
      `import SiteRoot from ${override};`,
      `export * from ${original};`,
      'export function ThemeProviders(props) { return createElement(DocsiteProviders, props, createElement(SiteRoot, null, props.children)); }',
    ].join('\n');
  }
  if (exportName === 'default') return [`export * from ${original};`, `export { default } from ${override};`].join('\n');
  return [`export * from ${original};`, `export { default as ${exportName} } from ${override};`].join('\n');
}

/** `@theme-original/<Name>`: docsite's component as a default export. */
function originalModule(name: string): string {
  const { exportName } = OVERRIDABLE_COMPONENTS[name]!;
  // The original a Docusaurus Root wraps is the app itself, its children (docsite's providers stay outside it).
  if (name === 'Root') return 'export default function Root({ children }) { return children; }';
  const original = JSON.stringify(originalFile(name));
  return exportName === 'default' ? `export { default } from ${original};` : `export { ${exportName} as default } from ${original};`;
}
