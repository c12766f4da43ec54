import type { StandalonePageData } from '../../src/shared/types';
import { TableOfContents } from '../components/TableOfContents';
import { contentComponents } from '../mdx';
import type { RootProps } from '../types';

/** A page of the pages folder: a React page owns everything below the navbar; an MDX page gets an article with its TOC. */
export function StandalonePage({ page }: RootProps) {
  const data = page.data as StandalonePageData;
  const Content = page.Content;
  if (!Content) return null;
  if (data.format === 'react') return <Content />;
  const showToc = !data.hideTableOfContents && data.toc.length > 0;
  return (
    <main id="main-content" className="standalone-page">
      <div className={`docs-row${showToc ? ' with-toc' : ''}`}>
        <article className="doc markdown">
          {!data.hasOwnTitle && <h1>{data.title}</h1>}
          <Content components={contentComponents(page)} />
        </article>
        {showToc && (
          <div className="toc-column">
            <TableOfContents toc={data.toc} />
          </div>
        )}
      </div>
    </main>
  );
}
