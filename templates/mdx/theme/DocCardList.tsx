import { useDocsSidebar, useRoute } from '../../context/site';
import { useSite } from '../../context/site';
import { createHrefBuilder } from '../../../src/shared/url';
import { firstHrefOf, itemCountOf } from '../../../src/shared/sidebar-view';
import type { SidebarCategory, SidebarItem } from '../../../src/shared/types';

// `<DocCardList />`: a card for each item of the sidebar category this page is the page of
// (or of the `items` given), as category index pages show them.

function categoryOf(items: SidebarItem[], href: string): SidebarCategory | undefined {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.href === href) return item;
    const found = categoryOf(item.items, href);
    if (found) return found;
  }
  return undefined;
}

// Drawn rather than emoji: emoji fonts are missing on many systems, and the icons follow the text colour.
const PAGE_ICON = (
  <svg className="doc-card-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
    <path fill="currentColor" d="M6 2h8l6 6v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Zm7 1.5V9h5.5L13 3.5ZM8 13v2h8v-2H8Zm0 4v2h5v-2H8Z" />
  </svg>
);
const FOLDER_ICON = (
  <svg className="doc-card-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
    <path fill="currentColor" d="M3 5a2 2 0 0 1 2-2h4.6l2 2H19a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5Z" />
  </svg>
);

export default function DocCardList({ items, className }: { items?: SidebarItem[]; className?: string }) {
  const sidebar = useDocsSidebar();
  const { path } = useRoute();
  const site = useSite();
  const href = createHrefBuilder(site.baseUrl, site.trailingSlash)(path);
  const cards = (items ?? (sidebar ? categoryOf(sidebar, href)?.items : undefined) ?? []).filter((item) => item.type === 'category' || !item.unlisted);
  return (
    <section className={`doc-card-list${className ? ` ${className}` : ''}`}>
      {cards.map((item) => {
        const target = firstHrefOf(item);
        if (!target) return null;
        const count = item.type === 'category' ? itemCountOf(item) : 0;
        return (
          <a key={`${item.label}-${target}`} className="doc-card" href={target}>
            <span className="doc-card-title">
              {item.type === 'category' ? FOLDER_ICON : PAGE_ICON}
              {item.label}
            </span>
            {item.type === 'category' && <span className="doc-card-description">{`${count} item${count === 1 ? '' : 's'}`}</span>}
          </a>
        );
      })}
    </section>
  );
}
