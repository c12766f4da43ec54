import { useEffect } from 'react';
import type { SiteData } from '../../src/shared/types';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';
import { CloseIcon } from './CloseIcon';
import { useThemeString } from '../context/site';

// A closable bar remembers its dismissal per id: a new id (a new announcement) shows again. The head
// script hides a dismissed bar before first paint (data-announcement-dismissed), so it never flashes.

export const DISMISSED_ATTRIBUTE = 'data-announcement-dismissed';

export function AnnouncementBar({ bar }: { bar: NonNullable<SiteData['announcementBar']> }) {
  const t = useThemeString();
  useEffect(() => {
    if (!bar.isCloseable) return;
    if (readStorage(STORAGE_KEYS.announcementId) !== bar.id) {
      writeStorage(STORAGE_KEYS.announcementId, bar.id);
      writeStorage(STORAGE_KEYS.announcementDismiss, 'false');
      document.documentElement.removeAttribute(DISMISSED_ATTRIBUTE);
    }
  }, [bar.id, bar.isCloseable]);

  const dismiss = () => {
    writeStorage(STORAGE_KEYS.announcementDismiss, 'true');
    document.documentElement.setAttribute(DISMISSED_ATTRIBUTE, 'true');
  };

  const style = { ...(bar.backgroundColor ? { backgroundColor: bar.backgroundColor } : {}), ...(bar.textColor ? { color: bar.textColor } : {}) };
  return (
    <div role="banner" className={`announcement-bar${bar.isCloseable ? ' closable' : ''}`} data-announcement-id={bar.id} style={style}>
      {/* Content comes from the site's own config, written by its authors, and may hold links. */}
      <div className="announcement-bar-content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable && (
        <button type="button" className="announcement-bar-close" aria-label={t('Close announcement')} onClick={dismiss}>
          <CloseIcon size={14} />
        </button>
      )}
    </div>
  );
}
