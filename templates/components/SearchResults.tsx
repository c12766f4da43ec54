import type { PageHit, SearchEngine, SearchResult } from '../../src/client/api';
import { ALL_VERSIONS } from '../../src/shared/search';
import { searchOptionId } from './search-option-id';
import { useSite, useThemeString } from '../context/site';

/** A hit's link: the section's URL with `?_highlight=` so the target page marks the word. */
export function resultHref(url: string, terms: string[]): string {
  const [path, hash] = url.split('#');
  const highlight = terms[0] ? `?_highlight=${encodeURIComponent(terms[0])}` : '';
  return `${path}${highlight}${hash ? `#${hash}` : ''}`;
}

/** The version facet of a site with versioned docs: which version of a docs plugin the results show, or all. */
export interface VersionFacetProps {
  /** The select's id (the navbar's panel and the search page each have one). */
  id: string;
  pluginId: string;
  /** A version name, or `ALL_VERSIONS`. */
  value: string;
  onChange: (value: string) => void;
}

/**
 * The hits, grouped by page. `listbox` (the navbar's panel): an ARIA listbox whose options are the hits,
 * one group per page, the lists in between presentational; on the search page, plain lists of links.
 * `facet`: the version facet above them, on a site with versioned docs.
 */
export function SearchResults({ result, pending = false, query, excerpt, active = -1, onPick, listbox, facet }: { result: SearchResult | null; pending?: boolean; query: string; excerpt: SearchEngine['excerpt']; active?: number; onPick?: () => void; listbox?: { id: string }; facet?: VersionFacetProps }) {
  const t = useThemeString();
  const site = useSite();
  const versions = facet && site.docsVersions?.[facet.pluginId];
  // With every version shown, a page says which one it is in.
  const versionLabel = (page: PageHit) => (facet?.value === ALL_VERSIONS && page.version ? site.docsVersions?.[page.version.pluginId]?.versions.find((version) => version.name === page.version!.name)?.label : undefined);
  const facetControl = facet && versions && versions.versions.length > 1 && (
    <div className="search-version-bar">
      <label htmlFor={facet.id}>{t('Version:')}</label>
      <select id={facet.id} className="search-version-facet" value={facet.value} onChange={(event) => facet.onChange(event.target.value)}>
        {versions.versions.map((version) => {
          const pages = result?.versionPages?.[facet.pluginId]?.[version.name];
          return (
            <option key={version.name} value={version.name}>
              {result ? `${version.label} (${pages ?? 0})` : version.label}
            </option>
          );
        })}
        <option value={ALL_VERSIONS}>{t('All versions')}</option>
      </select>
    </div>
  );
  if (!result || !result.pages.length) {
    return (
      <>
        {facetControl}
        {/* A big site's index arrives in parts: "no results" only once the query's have. */}
        <p className="search-status">{pending ? t('Loading...') : <>{t('No results for')} “{query.trim().slice(0, 100)}”</>}</p>
      </>
    );
  }
  let index = -1;
  const none = listbox ? ({ role: 'none' } as const) : {};
  return (
    <>
      {facetControl}
      <ol className="search-pages" {...(listbox ? { id: listbox.id, role: 'listbox', 'aria-label': t('Search results') } : {})}>
        {result.pages.map((page, pageIndex) => {
          const label = versionLabel(page);
          return (
            <li key={page.url} className="search-page" {...(listbox ? { role: 'group', 'aria-labelledby': `${listbox.id}-page-${pageIndex}` } : {})}>
              <div className="search-page-title" id={listbox ? `${listbox.id}-page-${pageIndex}` : undefined} {...none}>
                {page.title}
                {label && (
                  <>
                    {' '}
                    <span className="search-page-version">{label}</span>
                  </>
                )}
              </div>
              <ul className="search-sections" {...none}>
                {page.sections.map(({ doc }) => {
                  index++;
                  const option = listbox ? { role: 'option', id: searchOptionId(index), 'aria-selected': index === active } : {};
                  return (
                    <li key={doc.u} {...none}>
                      <a className={`search-hit${index === active ? ' active' : ''}`} href={resultHref(doc.u, result.terms)} onClick={onPick} {...(page.version ? { 'data-version': page.version.name } : {})} {...option}>
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
          );
        })}
      </ol>
    </>
  );
}
