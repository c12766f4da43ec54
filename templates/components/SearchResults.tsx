import type { PageHit } from '../../src/client/search/engine';
import { excerpt } from '../../src/client/search/excerpt';

/** A hit's link: the section's URL with `?_highlight=` so the target page marks the word. */
export function resultHref(url: string, terms: string[]): string {
  const [path, hash] = url.split('#');
  const highlight = terms[0] ? `?_highlight=${encodeURIComponent(terms[0])}` : '';
  return `${path}${highlight}${hash ? `#${hash}` : ''}`;
}

export function SearchResults({ result, query, active = -1, onPick }: { result: { pages: PageHit[]; terms: string[] } | null; query: string; active?: number; onPick?: () => void }) {
  if (!result || !result.pages.length) return <p className="search-status">No results for “{query.trim().slice(0, 100)}”</p>;
  let index = -1;
  return (
    <ol className="search-pages">
      {result.pages.map((page) => (
        <li key={page.url} className="search-page">
          <div className="search-page-title">{page.title}</div>
          <ul className="search-sections">
            {page.sections.map(({ doc }) => {
              index++;
              return (
                <li key={doc.u}>
                  <a className={`search-hit${index === active ? ' active' : ''}`} href={resultHref(doc.u, result.terms)} onClick={onPick} role="option" aria-selected={index === active}>
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
