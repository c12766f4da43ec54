import type { ReactNode } from 'react';
import type { PageKind, SiteData } from '../../src/shared/types';
import { AnnouncementBar } from './AnnouncementBar';
import { BackToTop } from './BackToTop';
import { Footer } from './Footer';
import { Navbar } from './Navbar';

export function Layout({ site, kind, children }: { site: SiteData; kind: PageKind; children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      {site.announcementBar && <AnnouncementBar bar={site.announcementBar} />}
      <Navbar />
      <div className={`page page-${kind}`}>{children}</div>
      <Footer site={site} />
      {site.readingAids.backToTop && <BackToTop />}
    </>
  );
}
