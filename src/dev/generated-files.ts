import { seoFiles } from '../emit/seo-files';
import { stripBase } from '../shared/url';
import { contentTypeOf } from '../http/content-types';
import type { DevBundles } from './dev-bundles';
import type { DevRoutes } from './dev-routes';
import type { DevSite } from './dev-site';

// Files the build writes besides pages — the blog feeds, sitemap.xml, robots.txt — made by the dev
// server when first asked for, as the build would write them, and made again after the next change.

export class DevGeneratedFiles {
  private made: Promise<Map<string, string>> | undefined;

  constructor(
    private readonly site: DevSite,
    private readonly routes: DevRoutes,
    private readonly bundles: DevBundles,
  ) {}

  /** Paths (no base) of files the build generates, the OpenAPI document included: links to them are fine. */
  paths(base: string): string[] {
    const { content, head } = this.site.current;
    return [...(content.api ? [`/${content.api.specFile.path}`] : []), ...(head.feeds ?? []).map((feed) => stripBase(base, feed.href) ?? feed.href), '/sitemap.xml', '/robots.txt'];
  }

  /** The file's text and content type, or undefined when the build would not write it (the site's own static file wins). */
  async get(path: string, staticFiles: Set<string>): Promise<{ contents: string; type: string } | undefined> {
    const making = (this.made ??= this.make(staticFiles));
    // A failure is not kept: the next request tries again.
    making.catch(() => this.made === making && (this.made = undefined));
    const contents = (await making).get(path);
    return contents === undefined ? undefined : { contents, type: contentTypeOf(path) };
  }

  /** After a change: made again on the next request. */
  reset(): void {
    this.made = undefined;
  }

  private async make(staticFiles: Set<string>): Promise<Map<string, string>> {
    const { config, content, href } = this.site.current;
    // The feeds quote every post in full: each post is compiled and bundled for Node first.
    const listed = content.posts.filter((post) => !post.unlisted);
    const built = await Promise.all(listed.map((post) => this.routes.build(post.path)));
    const pages = new Map(await Promise.all(built.map(async ({ route, built: build }) => [route.path, await build.page] as const)));
    const files = seoFiles({ config, routes: this.site.routes(), posts: content.posts, theme: this.bundles.serverRuntime, pages, href, staticFiles });
    return new Map(files.map((file) => [`/${file.file}`, file.contents]));
  }
}
