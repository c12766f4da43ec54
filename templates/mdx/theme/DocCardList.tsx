import { useDocsSidebar, useRoute } from '../../context/site';
import { useSite } from '../../context/site';
import { createHrefBuilder } from '../../../src/shared/url';
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

function firstHref(item: SidebarItem): string | undefined {
  if (item.type === 'link') return item.href;
  return item.href ?? item.items.map(firstHref).find(Boolean);
}

export default function DocCardList({ items, className }: { items?: SidebarItem[]; className?: string }) {
  const sidebar = useDocsSidebar();
  const { path } = useRoute();
  const site = useSite();
  const href = createHrefBuilder(site.baseUrl, site.trailingSlash)(path);
  const cards = (items ?? (sidebar ? categoryOf(sidebar, href)?.items : undefined) ?? []).filter((item) => item.type === 'category' || !item.unlisted);
  return (
    <section className={`doc-card-list${className ? ` ${className}` : ''}`}>
      {cards.map((item) => {
        const target = firstHref(item);
        if (!target) return null;
        const count = item.type === 'category' ? item.items.length : 0;
        return (
          <a key={`${item.label}-${target}`} className="doc-card" href={target}>
            <span className="doc-card-title">
              <span aria-hidden="true">{item.type === 'category' ? '🗂️ ' : '📄 '}</span>
              {item.label}
            </span>
            {item.type === 'category' && <span className="doc-card-description">{`${count} item${count === 1 ? '' : 's'}`}</span>}
          </a>
        );
      })}
    </section>
  );
}
