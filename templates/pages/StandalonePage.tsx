import type { ComponentType } from 'react';
import type { StandalonePageData } from '../../src/shared/types';
import { TableOfContents } from '../components/TableOfContents';
import { contentComponents } from '../mdx';
import { useDocusaurusPageProps } from '../mdx/docusaurus/page-props';
import type { RootProps } from '../types';

/** A page of the pages folder: a React page owns everything below the navbar; an MDX page gets an article with its TOC. */
export function StandalonePage({ page }: RootProps) {
  const data = page.data as StandalonePageData;
  const Content = page.Content;
  if (!Content) return null;
  if (data.format === 'react') return <ReactPage Content={Content} />;
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

/** A React page gets the props a Docusaurus page gets (`config`, `location`): pages written for Docusaurus read them. */
function ReactPage({ Content }: { Content: NonNullable<RootProps['page']['Content']> }) {
  const Page = Content as ComponentType<ReturnType<typeof useDocusaurusPageProps>>;
  return <Page {...useDocusaurusPageProps()} />;
}
