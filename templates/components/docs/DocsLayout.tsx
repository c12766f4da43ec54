import type { ReactNode } from 'react';
import type { Breadcrumb, DocVersionData, NavLinkData, SiteData, TocItem } from '../../../src/shared/types';
import { useDocsSidebar, useSite, useThemeString } from '../../context/site';
import { PageActions } from './PageActions';
import { withBase } from '../../../src/shared/url';
import { Breadcrumbs } from '../Breadcrumbs';
import { Sidebar } from '../Sidebar';
import { TableOfContents, TableOfContentsCollapsible } from '../TableOfContents';
import { usePagingKeys } from '../../hooks/use-paging-keys';

/**
 * Whether the site has versioned docs, defined by every bundle of the theme (src/bundle/bundle.ts): a browser bundle
 * of a site without versions leaves out the version menu and banners, since the condition is false where it is written.
 */
declare const __DOCSITE_VERSIONED_DOCS__: boolean;

// The docs frame shared by docs pages and the API reference: sidebar, breadcrumbs and version
// badge, the article, previous/next links and the table of contents.

export interface DocsLayoutProps {
  site: SiteData;
  path: string;
  breadcrumbs: Breadcrumb[];
  versionLabel: string;
  /** The page's version, when its docs have versions: the badge may be off, and a banner may stand above the page. */
  version?: DocVersionData | undefined;
  toc: TocItem[];
  showToc: boolean;
  previous?: NavLinkData | undefined;
  next?: NavLinkData | undefined;
  /** Extra class of the article (`doc api-operation`, ...). */
  className?: string;
  /** Below the article body, above previous/next (tags, edit link, last update). */
  footer?: ReactNode;
  /** The page has a `.md` twin: "Copy page" and its menu, when the site shows them. */
  markdownTwin?: boolean;
  children: ReactNode;
}

export function DocsLayout({ site, path, breadcrumbs, versionLabel, version, toc, showToc, previous, next, className, footer, markdownTwin = false, children }: DocsLayoutProps) {
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
            {__DOCSITE_VERSIONED_DOCS__ && version?.banner && <VersionBanner site={site} version={version} />}
            <div className="doc-meta-row">
              <Breadcrumbs items={breadcrumbs} home={site.baseUrl} />
              {(version?.badge ?? true) && (
                <span className="badge version-badge" title={t('Documentation version')}>
                  {`${t('Version:')} `}
                  {versionLabel}
                </span>
              )}
              {markdownTwin && site.readingAids.copyPage && <PageActions href={withBase(site.baseUrl, path)} />}
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

/** Above a page of a version not released yet or no longer maintained: the same page in the last version. */
function VersionBanner({ site, version }: { site: SiteData; version: DocVersionData }) {
  const t = useThemeString();
  const versions = site.docsVersions?.[version.pluginId];
  const last = versions?.versions.find((entry) => entry.name === versions.lastVersion);
  return (
    <div className={`admonition admonition-warning version-banner version-banner-${version.banner}`} role="note">
      <p>{t(version.banner === 'unreleased' ? 'This documentation is for a version that is not released yet.' : 'This documentation is for a version that is no longer maintained.')}</p>
      {last && (
        <p>
          <a href={version.alternates[last.name] ?? last.home}>{t('See this page in the latest version')}</a> ({last.label}).
        </p>
      )}
    </div>
  );
}

function DocPagination({ previous, next }: { previous?: NavLinkData | undefined; next?: NavLinkData | undefined }) {
  const t = useThemeString();
  const { readingAids } = useSite();
  usePagingKeys(readingAids.keyboardPaging ? previous?.permalink : undefined, readingAids.keyboardPaging ? next?.permalink : undefined);
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
