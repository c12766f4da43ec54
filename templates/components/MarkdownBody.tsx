import { contentComponents } from '../mdx';
import type { PageModule } from '../../src/shared/theme';

/**
 * A page's Markdown, in `<div class="markdown">` after an optional title (`<h1>`). Static content that the runtime
 * did not load (a page opened directly: see `PageModule.staticHtml`) is the server's own HTML of this element, kept
 * as it is: React hydrates around it, and the page's first load carries no JavaScript for its text. Content
 * rendered to HTML when it was compiled (`contentHtml`, title included) is laid in the same way.
 */
export function MarkdownBody({ page, title }: { page: PageModule; title?: string | undefined }) {
  if (page.staticHtml !== undefined) return <div className="markdown" data-docsite-body="" dangerouslySetInnerHTML={{ __html: page.staticHtml }} />;
  // The build put the title in it already (bundle/virtual-modules.ts staticContentOf).
  if (page.contentHtml !== undefined) return <div className="markdown" data-docsite-body="" dangerouslySetInnerHTML={{ __html: page.contentHtml }} />;
  const Content = page.Content;
  return (
    <div className="markdown" data-docsite-body="">
      {title !== undefined && <h1>{title}</h1>}
      {Content && <Content components={contentComponents(page)} />}
    </div>
  );
}
