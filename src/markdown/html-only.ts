import type { SiteContent } from '../content';
import { siteMdxComponentsFile } from '../content/site-mdx-components';

/**
 * The Markdown files a production build may compile to HTML only (compile-files.ts `CompileOptions.htmlOnly`): those
 * whose module nothing needs when their content is static, because their page shows that content as HTML
 * (bundle/virtual-modules.ts `keepsStaticHtml`). That is every doc, and every post with an excerpt of its own (a
 * post without one is its lists' excerpt too, a module). None on a site with MDXComponents of its own.
 *
 * Should a page still need the module of such a file, the bundle compiles it then, as it compiles a partial.
 */
export function htmlOnlyFilesOf(siteDir: string, content: SiteContent): Set<string> {
  if (siteMdxComponentsFile(siteDir)) return new Set();
  return new Set([...content.docs.map((doc) => doc.absolutePath), ...content.posts.filter((post) => post.excerptContent !== undefined).map((post) => post.absolutePath)]);
}
