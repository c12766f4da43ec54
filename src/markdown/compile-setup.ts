import { docsInstancesOf } from '../content/docs-instances';
import { join } from 'node:path';
import type { SiteConfig } from '../config/schema';
import type { SiteContent } from '../content';
import { createLinkResolver } from './link-resolver';
import type { MarkdownOptions } from './compile';
import { createHrefBuilder } from '../shared/url';
import { mathSetup, mathStylesheetOf, type MathSetup } from './user-plugins/math';
import type { PluginScope } from '../config/plugin-refs';
import { pluginScopesOf } from '../config/markdown-plugins';
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
    images: { siteDir: setup.siteDir, staticDirs: setup.staticDirs, baseUrl: setup.baseUrl },
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
    // Every docs instance's folder: a root-style link in an instance's file resolves in that instance.
    contentDirs: [...docsInstancesOf(config).map((instance) => join(siteDir, instance.options.path)), join(siteDir, config.blog.path)],
    baseUrl: config.baseUrl,
    trailingSlash: config.trailingSlash,
    staticDirs: config.staticDirectories,
    routeOfFile: [
      ...[...content.docs, ...content.posts, ...content.pages].map((source): [string, string] => [source.absolutePath, source.path]),
      ...(content.api?.introduction ? [[content.api.introduction.absolutePath, content.api.basePath] as [string, string]] : []),
    ],
    plugins: pluginScopesOf(config),
    ...(config.markdown.math ? { math: mathSetup() } : {}),
  };
}
