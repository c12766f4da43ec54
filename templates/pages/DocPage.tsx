import { useEffect } from 'react';
import type { DocPageData } from '../../src/shared/types';
import { STORAGE_KEYS, writeStorage } from '../lib/storage';
import { DocsLayout } from '../components/docs/DocsLayout';
import { MarkdownBody } from '../components/MarkdownBody';
import { TagList } from '../components/TagList';
import type { RootProps } from '../types';

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export function DocPage({ site, path, page }: RootProps) {
  const data = page.data as DocPageData;
  // Reading a docs page makes its version the preferred one of the (single, "default") docs plugin.
  useEffect(() => writeStorage(STORAGE_KEYS.preferredVersion('default'), 'current'), []);
  const footer = (
    <>
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
    </>
  );
  return (
    <DocsLayout
      site={site}
      path={path}
     
      breadcrumbs={data.breadcrumbs}
      versionLabel={data.versionLabel}
      toc={data.toc}
      showToc={!data.hideTableOfContents && data.toc.length > 0}
      previous={data.previous}
      next={data.next}
      footer={footer}
    >
      <MarkdownBody page={page} before={!data.hasOwnTitle && <h1>{data.title}</h1>} />
    </DocsLayout>
  );
}
