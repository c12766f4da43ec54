import type { ReactNode } from 'react';
import type { BlogSidebarData, TocItem } from '../../../src/shared/types';
import { TableOfContents } from '../TableOfContents';

/** The blog's three columns: recent posts, the content, and (on posts) the table of contents. */
export function BlogLayout({ sidebar, path, toc, children }: { sidebar?: BlogSidebarData; path: string; toc?: TocItem[]; children: ReactNode }) {
  return (
    <div className="blog-wrapper">
      {sidebar && (
        <div className="blog-sidebar">
          <nav aria-label="Blog recent posts">
            <div className="blog-sidebar-title">{sidebar.title}</div>
            <ul>
              {sidebar.items.map((item) => (
                <li key={item.permalink}>
                  <a href={item.permalink} className={isCurrent(item.permalink, path) ? 'active' : undefined} aria-current={isCurrent(item.permalink, path) ? 'page' : undefined}>
                    {item.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      )}
      <main id="main-content" className="blog-main">
        {children}
      </main>
      {toc && toc.length > 0 && (
        <div className="toc-column blog-toc">
          <TableOfContents toc={toc} />
        </div>
      )}
    </div>
  );
}

function isCurrent(permalink: string, path: string): boolean {
  return permalink.replace(/\/$/, '').endsWith(path.replace(/\/$/, '')) && path !== '/';
}
