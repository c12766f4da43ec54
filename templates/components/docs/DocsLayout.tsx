import type { ReactNode } from 'react';
import type { Breadcrumb, NavLinkData, SiteData, TocItem } from '../../../src/shared/types';
import { useDocsSidebar, useThemeString } from '../../context/site';
import { Breadcrumbs } from '../Breadcrumbs';
import { Sidebar } from '../Sidebar';
import { TableOfContents, TableOfContentsCollapsible } from '../TableOfContents';

// The docs frame shared by docs pages and the API reference: sidebar, breadcrumbs and version
// badge, the article, previous/next links and the table of contents.

export interface DocsLayoutProps {
  site: SiteData;
  path: string;
  breadcrumbs: Breadcrumb[];
  versionLabel: string;
  toc: TocItem[];
  showToc: boolean;
  previous?: NavLinkData | undefined;
  next?: NavLinkData | undefined;
  /** Extra class of the article (`doc api-operation`, ...). */
  className?: string;
  /** Below the article body, above previous/next (tags, edit link, last update). */
  footer?: ReactNode;
  children: ReactNode;
}

export function DocsLayout({ site, path, breadcrumbs, versionLabel, toc, showToc, previous, next, className, footer, children }: DocsLayoutProps) {
  const t = useThemeString();
  // From the theme's context, not the page module: once the whole of a large sidebar is loaded, it is that.
  const sidebar = useDocsSidebar();
  return (
    <div className="docs-wrapper">
      {sidebar && (
        <div className="docs-sidebar">
          <Sidebar items={sidebar} path={path} base={site.baseUrl} />
        </div>
      )}
      <main id="main-content" className="docs-main">
        <div className={`docs-row${showToc ? ' with-toc' : ''}`}>
          <article className={className ? `doc ${className}` : 'doc'}>
            <div className="doc-meta-row">
              <Breadcrumbs items={breadcrumbs} home={site.baseUrl} />
              <span className="badge version-badge" title={t('Documentation version')}>
                {`${t('Version:')} `}
                {versionLabel}
              </span>
            </div>
            {showToc && <TableOfContentsCollapsible toc={toc} />}
            {children}
            {footer}
            <DocPagination previous={previous} next={next} />
          </article>
          {showToc && (
            <div className="toc-column">
              <TableOfContents toc={toc} />
            </div>
          )}
        </div>
      </main>
    </div>
  );
}

function DocPagination({ previous, next }: { previous?: NavLinkData | undefined; next?: NavLinkData | undefined }) {
  const t = useThemeString();
  if (!previous && !next) return null;
  return (
    <nav className="pagination-nav" aria-label={t('Docs pages')}>
      {previous ? (
        <a className="pagination-link pagination-prev" href={previous.permalink}>
          <span className="pagination-label">{t('Previous')}</span>
          <span className="pagination-title">« {previous.title}</span>
        </a>
      ) : (
        <span />
      )}
      {next && (
        <a className="pagination-link pagination-next" href={next.permalink}>
          <span className="pagination-label">{t('Next')}</span>
          <span className="pagination-title">{next.title} »</span>
        </a>
      )}
    </nav>
  );
}
