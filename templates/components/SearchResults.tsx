import type { PageHit, SearchEngine } from '../../src/client/api';
import { searchOptionId } from './search-option-id';
import { useThemeString } from '../context/site';

/** A hit's link: the section's URL with `?_highlight=` so the target page marks the word. */
export function resultHref(url: string, terms: string[]): string {
  const [path, hash] = url.split('#');
  const highlight = terms[0] ? `?_highlight=${encodeURIComponent(terms[0])}` : '';
  return `${path}${highlight}${hash ? `#${hash}` : ''}`;
}

/**
 * The hits, grouped by page. `listbox` (the navbar's panel): an ARIA listbox whose options are the hits,
 * one group per page, the lists in between presentational; on the search page, plain lists of links.
 */
export function SearchResults({ result, query, excerpt, active = -1, onPick, listbox }: { result: { pages: PageHit[]; terms: string[] } | null; query: string; excerpt: SearchEngine['excerpt']; active?: number; onPick?: () => void; listbox?: { id: string } }) {
  const t = useThemeString();
  if (!result || !result.pages.length) return <p className="search-status">No results for “{query.trim().slice(0, 100)}”</p>;
  let index = -1;
  const none = listbox ? ({ role: 'none' } as const) : {};
  return (
    <ol className="search-pages" {...(listbox ? { id: listbox.id, role: 'listbox', 'aria-label': t('Search results') } : {})}>
      {result.pages.map((page, pageIndex) => (
        <li key={page.url} className="search-page" {...(listbox ? { role: 'group', 'aria-labelledby': `${listbox.id}-page-${pageIndex}` } : {})}>
          <div className="search-page-title" id={listbox ? `${listbox.id}-page-${pageIndex}` : undefined} {...none}>
            {page.title}
          </div>
          <ul className="search-sections" {...none}>
            {page.sections.map(({ doc }) => {
              index++;
              const option = listbox ? { role: 'option', id: searchOptionId(index), 'aria-selected': index === active } : {};
              return (
                <li key={doc.u} {...none}>
                  <a className={`search-hit${index === active ? ' active' : ''}`} href={resultHref(doc.u, result.terms)} onClick={onPick} {...option}>
                    <span className="search-hit-heading">{doc.h ?? doc.t}</span>
                    <span className="search-hit-excerpt">
                      {excerpt(doc.b, result.terms).map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
                    </span>
                  </a>
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ol>
  );
}
