import type { DocPageData } from '../../../src/shared/types';
import { TagList } from '../TagList';
import { useDateFormat, useThemeString } from '../../context/site';


export type DocItemFooterProps = Pick<DocPageData, 'tags' | 'editUrl' | 'lastUpdate'>;

/** The end of a doc page (Docusaurus' `DocItem/Footer`, which a site may override): its tags, edit link and last update. */
export function DocItemFooter({ tags, editUrl, lastUpdate }: DocItemFooterProps) {
  const t = useThemeString();
  const formatDate = useDateFormat();
  return (
    <>
      <TagList tags={tags} />
      <footer className="doc-footer">
        {editUrl && (
          <a className="edit-link" href={editUrl} target="_blank" rel="noopener noreferrer">
            {t('Edit this page')}
          </a>
        )}
        {lastUpdate && (
          <span className="last-updated">
            {`${t('Last updated on')} `}
            <time dateTime={new Date(lastUpdate.date).toISOString()}>{formatDate(lastUpdate.date, { year: 'numeric', month: 'short', day: 'numeric' })}</time>
            {lastUpdate.author && (
              <>
                {' '}
                {`${t('by')} `}
                <b>{lastUpdate.author}</b>
              </>
            )}
          </span>
        )}
      </footer>
    </>
  );
}
