import { join, resolve } from 'node:path';
import { DEFAULT_DOCS_ID, type SiteConfig } from '../config/schema';
import type { SiteContent } from '../content';
import { createLinkResolver } from './link-resolver';
import type { MarkdownOptions } from './compile';
import { createHrefBuilder } from '../shared/url';
import { mathSetup, mathStylesheetOf, type MathSetup } from './user-plugins/math';
import type { PluginScope } from '../config/plugin-refs';
import { pluginScopesOf } from '../config/markdown-plugins';
import { translationsDirOf } from '../config/locales';
import { userPluginsOf } from './user-plugins/scopes';

/**
 * Everything the Markdown compiler needs, as plain data: it crosses into worker threads,
 * where functions cannot go, and each side rebuilds the same compiler options from it.
 */
export interface CompileSetup {
  minHeadingLevel: number;
  maxHeadingLevel: number;
  siteDir: string;
  /** The docs and blog folders, absolute: a Markdown link such as `guides/x.md` is looked up from their roots. */
  contentDirs: string[];
  baseUrl: string;
  trailingSlash: boolean | undefined;
  /**
   * The base URL of the site's static files when it is not `baseUrl`: a translated locale's pages show the
   * site's own images, so a page compiles the same in every locale.
   */
  staticBaseUrl?: string;
  /** The site's static folders (relative), where `![](/img/x.png)` images are found. */
  staticDirs: string[];
  /** Absolute source file -> route path (without base URL). */
  routeOfFile: Array<[string, string]>;
  /** The config's remark/rehype plugins, per content folder. */
  plugins?: PluginScope[];
  /** `markdown.math`: docsite's own remark-math and rehype-katex, and KaTeX's stylesheet for pages with maths. */
  math?: MathSetup;
}

export function markdownOptionsFrom(setup: CompileSetup): MarkdownOptions {
  const href = createHrefBuilder(setup.baseUrl, setup.trailingSlash);
  return {
    minHeadingLevel: setup.minHeadingLevel,
    maxHeadingLevel: setup.maxHeadingLevel,
    images: { siteDir: setup.siteDir, staticDirs: setup.staticDirs, baseUrl: setup.staticBaseUrl ?? setup.baseUrl },
    resolveLink: createLinkResolver({ siteDir: setup.siteDir, contentDirs: setup.contentDirs, routeOfFile: new Map(setup.routeOfFile), href }),
    userPlugins: userPluginsOf(setup),
    mathStylesheet: mathStylesheetOf(setup),
  };
}

/** What the Markdown compiler needs to know of the site: TOC levels, and the route of every file a link may name. */
export function compileSetupOf(siteDir: string, config: SiteConfig, content: SiteContent): CompileSetup {
  const toc = config.themeConfig.tableOfContents;
  return {
    minHeadingLevel: toc.minHeadingLevel,
    maxHeadingLevel: toc.maxHeadingLevel,
    siteDir,
    // Every docs instance's folder (and its translations'): a root-style link in an instance's file resolves in that instance.
    contentDirs: [
      ...content.docsInstances.flatMap((instance) => [join(siteDir, instance.options.path), ...(instance.translationsPath ? [join(siteDir, instance.translationsPath)] : [])]),
      join(siteDir, config.blog.path),
    ],
    baseUrl: config.baseUrl,
    ...(config.localeBuild ? { staticBaseUrl: config.localeBuild.siteBaseUrl } : {}),
    trailingSlash: config.trailingSlash,
    staticDirs: config.staticDirectories,
    routeOfFile: [
      ...[...content.docs, ...content.posts, ...content.pages].map((source): [string, string] => [source.absolutePath, source.path]),
      // In a translated locale a link names a doc by its file in either folder: the translation's or the original's.
      ...translatedDocFiles(siteDir, content),
      ...(content.api?.introduction ? [[content.api.introduction.absolutePath, content.api.basePath] as [string, string]] : []),
    ],
    plugins: withCopiedScopes(pluginScopesOf(config), siteDir, config, content),
    ...(config.markdown.math ? { math: mathSetup() } : {}),
  };
}

/** Both files of every doc of a translated locale, the translation's and the original's, with the doc's route. */
function translatedDocFiles(siteDir: string, content: SiteContent): Array<[string, string]> {
  const instances = new Map(content.docsInstances.map((instance) => [instance.id, instance]));
  return content.docs.flatMap((doc): Array<[string, string]> => {
    const instance = instances.get(doc.instance);
    if (!instance?.translationsPath) return [];
    return [
      [join(siteDir, instance.translationsPath, doc.relativePath), doc.path],
      [join(siteDir, instance.options.path, doc.relativePath), doc.path],
    ];
  });
}

/**
 * The config's plugin scopes are those of the folders it names (`docs`, each of `docsInstances`, `blog`):
 * a version's folder and a locale's translations are the same plugin's files, so each gets a copy of its
 * plugin's scope. A copy keeps the scope's key, which is what a compile depends on, not its folder.
 */
function withCopiedScopes(scopes: PluginScope[], siteDir: string, config: SiteConfig, content: SiteContent): PluginScope[] {
  if (!scopes.length) return scopes;
  const byKey = new Map(scopes.map((scope) => [scope.key, scope]));
  const dirs = new Set(scopes.map((scope) => scope.dir));
  const copies: PluginScope[] = [];
  const copy = (key: string, folder: string) => {
    const scope = byKey.get(key);
    const dir = resolve(siteDir, folder);
    if (!scope || dirs.has(dir)) return;
    dirs.add(dir);
    copies.push({ ...scope, dir });
  };
  for (const instance of content.docsInstances) {
    const key = instance.pluginId === DEFAULT_DOCS_ID ? 'docs' : `docsInstances.${instance.pluginId}`;
    copy(key, instance.options.path);
    if (instance.translationsPath) copy(key, instance.translationsPath);
  }
  const translations = translationsDirOf(config);
  if (translations) copy('blog', `${translations}/docusaurus-plugin-content-blog`);
  return copies.length ? [...scopes, ...copies] : scopes;
}
