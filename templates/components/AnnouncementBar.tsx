import type { SiteData } from '../../src/shared/types';

export function AnnouncementBar({ bar }: { bar: NonNullable<SiteData['announcementBar']> }) {
  const style = { ...(bar.backgroundColor ? { backgroundColor: bar.backgroundColor } : {}), ...(bar.textColor ? { color: bar.textColor } : {}) };
  return (
    <div role="banner" className="announcement-bar" data-announcement-id={bar.id} style={style}>
      {/* Content comes from the site's own config, written by its authors, and may hold links. */}
      <div className="announcement-bar-content" dangerouslySetInnerHTML={{ __html: bar.content }} />
    </div>
  );
}
