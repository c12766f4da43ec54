import { currentLocaleOf, siteLocales } from '../config/locales';
import type { SiteConfig } from '../config/schema';
import type { BlogPostSource } from '../content/blog';
import { blogBasePath } from '../routes/blog';
import type { RouteDefinition } from '../routes';
import type { BlogPostPageData } from '../shared/types';
import { createHrefBuilder, isExternalUrl, withBase } from '../shared/url';
import { renderBlogFeeds } from './blog-feeds';
import { feedTypes } from '../routes/feeds';
import type { PageModule } from '../shared/theme';
import type { ThemeRenderer } from '../render/render';
import { renderRobotsTxt, renderSitemap, type SitemapEntry } from './sitemap';

// Files for machines: the blog's RSS, Atom and JSON feeds, sitemap.xml and robots.txt.

export interface SeoFile {
  /** Relative to the output folder. */
  file: string;
  contents: string;
}

export interface SeoFilesInput {
  config: SiteConfig;
  routes: RouteDefinition[];
  posts: BlogPostSource[];
  theme: ThemeRenderer;
  /** Page modules by route path: the feeds quote each listed post in full. */
  /** Each page's module by path, made when asked for. */
  pages: Pick<ReadonlyMap<string, PageModule>, 'get'>;
  href: (path: string) => string;
  /** Files the static folders provide: the site's own robots.txt or sitemap.xml wins. */
  staticFiles: Set<string>;
}

export function seoFiles({ config, routes, posts, theme, pages, href, staticFiles }: SeoFilesInput): SeoFile[] {
  const siteUrl = config.url.replace(/\/$/, '');
  const files: SeoFile[] = [];
  const listed = posts.filter((post) => !post.unlisted);
  if (listed.length && feedTypes(config).length) {
    const blogBase = blogBasePath(config);
    const absolute = (url: string) => (isExternalUrl(url) ? url : siteUrl + withBase(config.baseUrl, `/${url.replace(/^\//, '')}`));
    const feedPosts = listed.map((post) => {
      const data = routes.find((route) => route.path === post.path)!.data as BlogPostPageData;
      return {
        title: post.title,
        url: siteUrl + href(post.path),
        date: post.date,
        ...(data.description ? { description: data.description } : {}),
        contentHtml: theme.renderContent(pages.get(post.path)!),
        authors: post.authors.map((author) => ({ name: author.name, ...(author.url ? { url: author.url } : {}) })),
        tags: post.tags.map((tag) => tag.label),
        ...(post.image ? { image: absolute(post.image) } : {}),
      };
    });
    const options = config.blog.feedOptions;
    const feeds = renderBlogFeeds(
      {
        title: options.title ?? `${config.title} Blog`,
        description: options.description ?? config.blog.blogDescription,
        siteUrl: siteUrl + config.baseUrl.replace(/\/$/, ''),
        blogUrl: siteUrl + href(blogBase),
        language: currentLocaleOf(config),
        copyright: options.copyright ?? `Copyright © ${new Date(listed[0]!.date).getUTCFullYear()} ${config.title}`,
        ...(config.favicon ? { favicon: absolute(config.favicon) } : {}),
      },
      feedPosts,
      { types: feedTypes(config), blogPath: blogBase, limit: options.limit },
    );
    files.push(...feeds.map((feed) => ({ file: feed.file, contents: feed.contents })));
  }

  // A page's translations, at the same path under each locale's prefix (hreflang alternates).
  const locales = siteLocales(config);
  const ignored = config.sitemap.ignorePatterns.map((pattern) => (path: string) => (pattern.endsWith('/**') ? path === pattern.slice(0, -3) || path.startsWith(pattern.slice(0, -2)) : path === pattern));
  const entries: SitemapEntry[] = routes
    .filter((route) => !route.noindex && !['notFound', 'redirect', 'search'].includes(route.data.kind) && !ignored.some((match) => match(route.path)))
    .map((route) => ({
      loc: siteUrl + href(route.path),
      ...(locales.length > 1 ? { alternates: Object.fromEntries(locales.map((locale) => [locale.htmlLang, siteUrl + createHrefBuilder(locale.base, config.trailingSlash)(route.path)])) } : {}),
      ...(route.lastmod !== undefined ? { lastmod: route.lastmod } : {}),
      ...(config.sitemap.changefreq ? { changefreq: config.sitemap.changefreq } : {}),
      ...(config.sitemap.priority !== undefined ? { priority: config.sitemap.priority } : {}),
    }));
  const sitemapUrl = siteUrl + withBase(config.baseUrl, '/sitemap.xml');
  if (!staticFiles.has('/sitemap.xml')) files.push({ file: 'sitemap.xml', contents: renderSitemap(entries) });
  // Crawlers read robots.txt at the site's root only: a translated locale's would be read by none.
  if (!staticFiles.has('/robots.txt') && !config.localeBuild) files.push({ file: 'robots.txt', contents: renderRobotsTxt({ sitemapUrl }) });
  return files;
}
