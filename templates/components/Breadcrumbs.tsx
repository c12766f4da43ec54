import type { Breadcrumb } from '../../src/shared/types';
import { useThemeString } from '../context/site';

export function Breadcrumbs({ items, home }: { items: Breadcrumb[]; home: string }) {
  const t = useThemeString();
  return (
    <nav aria-label={t('Breadcrumbs')} className="breadcrumbs">
      <ol>
        <li className="breadcrumb">
          <a href={home} aria-label={t('Home page')} className="breadcrumb-home">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path fill="currentColor" d="M10 19v-5h4v5c0 .55.45 1 1 1h3c.55 0 1-.45 1-1v-7h1.7c.46 0 .68-.57.33-.87L12.67 3.6c-.38-.34-.96-.34-1.34 0l-8.36 7.53c-.34.3-.13.87.33.87H5v7c0 .55.45 1 1 1h3c.55 0 1-.45 1-1z" />
            </svg>
          </a>
        </li>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${item.label}-${index}`} className="breadcrumb">
              {item.href && !last ? <a href={item.href}>{item.label}</a> : <span {...(last ? { 'aria-current': 'page' as const } : {})}>{item.label}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
