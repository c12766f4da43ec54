import { useEffect } from 'react';
import type { DocPageData } from '../../src/shared/types';
import { STORAGE_KEYS, writeStorage } from '../lib/storage';
import { mdxComponents } from '../mdx';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { Sidebar } from '../components/Sidebar';
import { TableOfContents, TableOfContentsCollapsible } from '../components/TableOfContents';
import { TagList } from '../components/TagList';
import type { RootProps } from '../types';

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export function DocPage({ site, path, page }: RootProps) {
  const data = page.data as DocPageData;
  const Content = page.Content;
  const showToc = !data.hideTableOfContents && data.toc.length > 0;
  // Reading a docs page makes its version the preferred one of the (single, "default") docs plugin.
  useEffect(() => writeStorage(STORAGE_KEYS.preferredVersion('default'), 'current'), []);
  return (
    <div className="docs-wrapper">
      {page.sidebar && (
        <aside className="docs-sidebar">
          <Sidebar items={page.sidebar} path={path} base={site.baseUrl} />
        </aside>
      )}
      <main id="main-content" className="docs-main">
        <div className={`docs-row${showToc ? ' with-toc' : ''}`}>
          <article className="doc">
            <div className="doc-meta-row">
              <Breadcrumbs items={data.breadcrumbs} home={site.baseUrl} />
              <span className="badge version-badge" title="Documentation version">
                Version: {data.versionLabel}
              </span>
            </div>
            {showToc && <TableOfContentsCollapsible toc={data.toc} />}
            <div className="markdown">
              {!data.hasOwnTitle && <h1>{data.title}</h1>}
              {Content && <Content components={mdxComponents} />}
            </div>
            <TagList tags={data.tags} />
            <footer className="doc-footer">
              {data.editUrl && (
                <a className="edit-link" href={data.editUrl} target="_blank" rel="noopener noreferrer">
                  Edit this page
                </a>
              )}
              {data.lastUpdate && (
                <span className="last-updated">
                  Last updated on <time dateTime={new Date(data.lastUpdate.date).toISOString()}>{DATE_FORMAT.format(data.lastUpdate.date)}</time>
                  {data.lastUpdate.author && (
                    <>
                      {' '}
                      by <b>{data.lastUpdate.author}</b>
                    </>
                  )}
                </span>
              )}
            </footer>
            {(data.previous || data.next) && (
              <nav className="pagination-nav" aria-label="Docs pages">
                {data.previous ? (
                  <a className="pagination-link pagination-prev" href={data.previous.permalink}>
                    <span className="pagination-label">Previous</span>
                    <span className="pagination-title">« {data.previous.title}</span>
                  </a>
                ) : (
                  <span />
                )}
                {data.next && (
                  <a className="pagination-link pagination-next" href={data.next.permalink}>
                    <span className="pagination-label">Next</span>
                    <span className="pagination-title">{data.next.title} »</span>
                  </a>
                )}
              </nav>
            )}
          </article>
          {showToc && (
            <aside className="toc-column">
              <TableOfContents toc={data.toc} />
            </aside>
          )}
        </div>
      </main>
    </div>
  );
}
