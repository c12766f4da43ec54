import type { DocPageData } from '../../../src/shared/types';
import { TagList } from '../TagList';

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export type DocItemFooterProps = Pick<DocPageData, 'tags' | 'editUrl' | 'lastUpdate'>;

/** The end of a doc page (Docusaurus' `DocItem/Footer`, which a site may override): its tags, edit link and last update. */
export function DocItemFooter({ tags, editUrl, lastUpdate }: DocItemFooterProps) {
  return (
    <>
      <TagList tags={tags} />
      <footer className="doc-footer">
        {editUrl && (
          <a className="edit-link" href={editUrl} target="_blank" rel="noopener noreferrer">
            Edit this page
          </a>
        )}
        {lastUpdate && (
          <span className="last-updated">
            Last updated on <time dateTime={new Date(lastUpdate.date).toISOString()}>{DATE_FORMAT.format(lastUpdate.date)}</time>
            {lastUpdate.author && (
              <>
                {' '}
                by <b>{lastUpdate.author}</b>
              </>
            )}
          </span>
        )}
      </footer>
    </>
  );
}
