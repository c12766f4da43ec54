import { pageStringsFor } from '../config/theme-strings';
import type { SiteConfig } from '../config/schema';
import type { BlogAuthorSource, BlogPostSource } from '../content/blog';
import type { TagDefinition } from '../content/tags';
import { excerptKey } from '../content/markdown-files';
import type { CompiledMarkdown } from '../markdown/compile';
import type {
  BlogArchivePageData,
  BlogAuthorData,
  BlogAuthorPostsPageData,
  BlogAuthorsPageData,
  BlogAuthorSummary,
  BlogListPageData,
  BlogPostPageData,
  BlogPostSummary,
  BlogSidebarData,
  BlogTagPostsPageData,
  BlogTagsPageData,
  NavLinkData,
  TagSummary,
} from '../shared/types';
import { isExternalUrl, withBase } from '../shared/url';
import { chunkName, generatedRoute, outputFile, paginate, truncate, type RouteDefinition } from './route';
import { compareLabels } from '../shared/collate';

// Blog posts -> a route per post, the paginated list, tag pages and the archive.

export interface BlogRouteInputs {
  config: SiteConfig;
  /** Newest first. */
  posts: BlogPostSource[];
  compiled: Map<string, CompiledMarkdown>;
  href: (path: string) => string;
  /** The site's own theme translations (`i18n/<locale>/code.json`), for the titles of generated pages. */
  themeTranslations?: Record<string, string>;
}

export function blogBasePath(config: SiteConfig): string {
  return `/${config.blog.routeBasePath.replace(/^\/+|\/+$/g, '')}`;
}

/** A route under the blog's base: `/blog/tags`, or `/tags` for a blog at the site's root (`routeBasePath: '/'`). */
export function blogSubPath(config: SiteConfig, sub: string): string {
  const base = blogBasePath(config);
  return `${base === '/' ? '' : base}/${sub}`;
}

export function blogRoutes(inputs: BlogRouteInputs): RouteDefinition[] {
  const { config, posts, href } = inputs;
  if (!posts.length) return [];
  const pageString = pageStringsFor(config.i18n.defaultLocale, inputs.themeTranslations);
  const blog = config.blog;
  const base = blogBasePath(config);
  const tagsBase = blogSubPath(config, 'tags');
  const asset = (url: string) => (isExternalUrl(url) || url.startsWith('data:') ? url : withBase(config.baseUrl, `/${url.replace(/^\//, '')}`));
  // Unlisted posts keep their own page but appear in no list, feed or sitemap.
  const listed = posts.filter((post) => !post.unlisted);

  const authorsBase = blogSubPath(config, 'authors');
  const authorPagePath = (author: BlogAuthorSource) => (author.pageSlug ? `${authorsBase}/${author.pageSlug}` : undefined);
  const authorData = (author: BlogAuthorSource): BlogAuthorData => {
    const pagePath = authorPagePath(author);
    return {
      name: author.name,
      ...(author.title ? { title: author.title } : {}),
      ...(author.url ? { url: author.url } : {}),
      ...(author.imageUrl ? { imageUrl: asset(author.imageUrl) } : {}),
      ...(pagePath ? { pagePermalink: href(pagePath) } : {}),
    };
  };
  const summary = (post: BlogPostSource): BlogPostSummary => {
    const description = post.description ?? truncate(inputs.compiled.get(post.absolutePath)?.excerpt, 160);
    return {
      title: post.title,
      permalink: href(post.path),
      date: post.date,
      ...(blog.showReadingTime ? { readingTime: post.readingTime } : {}),
      authors: post.authors.map(authorData),
      tags: post.tags.map((tag) => ({ label: tag.label, permalink: href(`${tagsBase}/${tag.slug}`) })),
      ...(description ? { description } : {}),
      truncated: post.excerptContent !== undefined,
    };
  };
  /** The posts whose summary quotes their compiled excerpt (those without a description of their own). */
  const summarisedFrom = (items: BlogPostSource[]) => items.filter((post) => post.description === undefined).map((post) => post.absolutePath);
  const link = (post: BlogPostSource): NavLinkData => ({ title: post.title, permalink: href(post.path) });
  const sidebarCount = blog.blogSidebarCount === 'ALL' ? listed.length : blog.blogSidebarCount;
  const sidebar: BlogSidebarData | undefined = sidebarCount > 0 ? { title: blog.blogSidebarTitle, items: listed.slice(0, sidebarCount).map(link) } : undefined;
  const excerptFile = (post: BlogPostSource) => (post.excerptContent !== undefined ? excerptKey(post.absolutePath) : post.absolutePath);
  const routes: RouteDefinition[] = [];

  posts.forEach((post) => {
    const position = listed.indexOf(post);
    const newer = position > 0 ? listed[position - 1] : undefined;
    const older = position >= 0 ? listed[position + 1] : undefined;
    const compiled = inputs.compiled.get(post.absolutePath);
    const base = summary(post);
    const data: BlogPostPageData = {
      ...base,
      kind: 'blogPost',
      source: post.source,
      hasOwnTitle: post.hasOwnTitle,
      toc: compiled?.toc ?? [],
      hideTableOfContents: post.frontMatter.hide_table_of_contents === true,
      ...(newer ? { previous: link(newer) } : {}),
      ...(older ? { next: link(older) } : {}),
      ...(sidebar ? { sidebar } : {}),
      // The original's file, also for a translation (Docusaurus's default: translations are edited elsewhere).
      ...(blog.editUrl ? { editUrl: `${blog.editUrl.replace(/\/$/, '')}/${post.relativePath}` } : {}),
      ...(post.image ? { image: asset(post.image) } : {}),
    };
    routes.push({
      path: post.path,
      chunkName: chunkName(post.path),
      data,
      contentFile: post.absolutePath,
      source: post.source,
      ...(base.description ? { description: base.description } : {}),
      ...(post.unlisted ? { noindex: true } : { search: { kind: 'blog' } }),
      outputFile: outputFile(post.path, config.trailingSlash),
      seo: {
        ogType: 'article',
        publishedTime: post.date,
        ...(post.image ? { image: post.image } : {}),
        ...(post.frontMatter.keywords?.length ? { keywords: post.frontMatter.keywords } : {}),
        tags: post.tags.map((tag) => tag.label),
        authors: post.authors.map((author) => author.name),
      },
      lastmod: post.date,
      feeds: true,
    });
  });

  const listRoutes = (items: BlogPostSource[], listBase: string, make: (page: ReturnType<typeof paginate<BlogPostSource>>[number]) => BlogListPageData | BlogTagPostsPageData, description: string) =>
    paginate(items, blog.postsPerPage, listBase).map((page) =>
      generatedRoute(page.path, make(page), config.trailingSlash, { excerptFiles: page.items.map(excerptFile), readsFrom: summarisedFrom(page.items), description, feeds: true }),
    );
  const pagination = (page: ReturnType<typeof paginate<BlogPostSource>>[number]) => ({
    page: page.page,
    totalPages: page.totalPages,
    ...(page.page > 1 ? { previous: href(page.pathOf(page.page - 1)) } : {}),
    ...(page.page < page.totalPages ? { next: href(page.pathOf(page.page + 1)) } : {}),
  });

  routes.push(
    ...listRoutes(
      listed,
      base,
      (page) => ({
        kind: 'blogList',
        title: page.page === 1 ? blog.blogTitle : `${blog.blogTitle}: page ${page.page}`,
        description: blog.blogDescription,
        permalink: href(page.path),
        posts: page.items.map(summary),
        pagination: pagination(page),
        ...(sidebar ? { sidebar } : {}),
      }),
      blog.blogDescription,
    ),
  );

  // Tags: every tag of a listed post, with its count, and a (paginated) list of its posts.
  const byTag = new Map<string, { tag: TagDefinition; posts: BlogPostSource[] }>();
  for (const post of listed) {
    for (const tag of post.tags) {
      const entry = byTag.get(tag.slug) ?? { tag, posts: [] };
      entry.posts.push(post);
      byTag.set(tag.slug, entry);
    }
  }
  const tagSummary = ({ tag, posts: tagged }: { tag: TagDefinition; posts: BlogPostSource[] }): TagSummary => ({
    label: tag.label,
    permalink: href(`${tagsBase}/${tag.slug}`),
    count: tagged.length,
    ...(tag.description ? { description: tag.description } : {}),
  });
  const tagsPage: BlogTagsPageData = {
    kind: 'blogTags',
    title: pageString('Tags'),
    permalink: href(tagsBase),
    tags: [...byTag.values()].map(tagSummary).sort((a, b) => compareLabels(a.label, b.label)),
    ...(sidebar ? { sidebar } : {}),
  };
  routes.push(generatedRoute(tagsBase, tagsPage, config.trailingSlash, { description: `Every tag of the ${blog.blogTitle.toLowerCase()}, with its number of posts.` }));
  for (const entry of byTag.values()) {
    const tag = tagSummary(entry);
    routes.push(
      ...listRoutes(
        entry.posts,
        `${tagsBase}/${entry.tag.slug}`,
        (page) => ({
          kind: 'blogTagPosts',
          title: pageString(tag.count === 1 ? '{count} post tagged with "{tag}"' : '{count} posts tagged with "{tag}"', { count: tag.count, tag: tag.label }),
          permalink: href(page.path),
          posts: page.items.map(summary),
          pagination: pagination(page),
          ...(sidebar ? { sidebar } : {}),
          tag,
          allTagsPath: href(tagsBase),
        }),
        entry.tag.description ?? `Posts tagged with "${entry.tag.label}".`,
      ),
    );
  }

  const years = new Map<string, BlogArchivePageData['years'][number]['posts']>();
  for (const post of listed) {
    const year = String(new Date(post.date).getUTCFullYear());
    years.set(year, [...(years.get(year) ?? []), { ...link(post), date: post.date }]);
  }
  routes.push(...authorRoutes());

  const archivePath = blogSubPath(config, 'archive');
  const archive: BlogArchivePageData = {
    kind: 'blogArchive',
    title: pageString('Archive'),
    description: 'Archive',
    permalink: href(archivePath),
    years: [...years.entries()].map(([year, yearPosts]) => ({ year, posts: yearPosts })),
  };
  routes.push(generatedRoute(archivePath, archive, config.trailingSlash, { description: `Every post of the ${blog.blogTitle.toLowerCase()}, by year.` }));
  return routes;

  /**
   * Docusaurus 3.5+: `/blog/authors` lists the authors of the authors file, and an author with `page: true` gets a
   * page of their posts at `/blog/authors/<key>` (paginated at `<key>/authors/2`, as Docusaurus does). Authors come
   * from the listed posts, so one who wrote none has neither.
   */
  function authorRoutes(): RouteDefinition[] {
    const byKey = new Map<string, { author: BlogAuthorSource; posts: BlogPostSource[] }>();
    for (const post of listed) {
      for (const author of post.authors) {
        if (author.key === undefined) continue;
        const entry = byKey.get(author.key) ?? { author, posts: [] };
        entry.posts.push(post);
        byKey.set(author.key, entry);
      }
    }
    if (!byKey.size) return [];
    const authorSummary = ({ author, posts: written }: { author: BlogAuthorSource; posts: BlogPostSource[] }): BlogAuthorSummary => ({ ...authorData(author), count: written.length });
    const list: BlogAuthorsPageData = {
      kind: 'blogAuthors',
      title: pageString('Authors'),
      permalink: href(authorsBase),
      authors: [...byKey.values()].sort((a, b) => (a.author.position ?? 0) - (b.author.position ?? 0)).map(authorSummary),
      ...(sidebar ? { sidebar } : {}),
    };
    const result = [generatedRoute(authorsBase, list, config.trailingSlash, { description: `The authors of the ${blog.blogTitle.toLowerCase()}.` })];
    for (const entry of byKey.values()) {
      const path = authorPagePath(entry.author);
      if (!path) continue;
      const author = authorSummary(entry);
      const pages = paginate(entry.posts, blog.postsPerPage, path, 'authors');
      for (const page of pages) {
        const data: BlogAuthorPostsPageData = {
          kind: 'blogAuthorPosts',
          title: author.name,
          permalink: href(page.path),
          posts: page.items.map(summary),
          pagination: pagination(page),
          ...(sidebar ? { sidebar } : {}),
          author,
          allAuthorsPath: href(authorsBase),
        };
        result.push(generatedRoute(page.path, data, config.trailingSlash, { excerptFiles: page.items.map(excerptFile), readsFrom: summarisedFrom(page.items), description: `Posts by ${author.name}.`, feeds: true }));
      }
    }
    return result;
  }
}
