import type { ReactNode } from 'react';
import { contentComponents } from '../mdx';
import type { PageModule } from '../../src/shared/theme';

/**
 * A page's Markdown, in `<div class="markdown">` after an optional title. Static content that the runtime did not
 * load (a page opened directly: see `PageModule.staticHtml`) is the server's own HTML of this element, kept as it
 * is: React hydrates around it, and the page's first load carries no JavaScript for its text.
 */
export function MarkdownBody({ page, before }: { page: PageModule; before?: ReactNode }) {
  if (page.staticHtml !== undefined) return <div className="markdown" data-docsite-body="" dangerouslySetInnerHTML={{ __html: page.staticHtml }} />;
  const Content = page.Content;
  return (
    <div className="markdown" data-docsite-body="">
      {before}
      {Content && <Content components={contentComponents(page)} />}
    </div>
  );
}
