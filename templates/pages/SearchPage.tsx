import { useEffect, useState } from 'react';
import { loadSearchEngine, type SearchEngine } from '../../src/client/api';
import { SearchResults } from '../components/SearchResults';
import { searchVersionsOf } from '../components/search-versions';
import { useSearchResult } from '../components/use-search-result';
import { useRoute, useSite, useThemeString } from '../context/site';

/**
 * `/search?q=…`: every result for a query, on a page of its own. On a site with versioned docs, `version` (a version
 * name, or `*` for all) and `docs` (the docs plugin, when not the first) say which versions it shows.
 */
export function SearchPage() {
  const t = useThemeString();
  const site = useSite();
  const { path } = useRoute();
  const [query, setQuery] = useState('');
  const [version, setVersion] = useState<string | null>(null);
  const [docsPlugin, setDocsPlugin] = useState<string | null>(null);
  const [engine, setEngine] = useState<SearchEngine | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    setQuery(params.get('q') ?? '');
    setVersion(params.get('version'));
    setDocsPlugin(params.get('docs'));
    loadSearchEngine().then(setEngine, () => setFailed(true));
  }, []);

  // Read once the page runs in the browser (the server has no reader, hence no stored version).
  const versions = engine ? searchVersionsOf(site, path, version, docsPlugin) : undefined;
  const versionsKey = versions && JSON.stringify(versions.filter);
  // A big site's index loads in parts: one that does not arrive makes search unavailable, as a failed start does.
  const { result, pending, failed: searchFailed } = useSearchResult(engine, query, 200, versions?.filter, versionsKey);

  const updateUrl = (name: string, value: string) => {
    const url = new URL(location.href);
    url.searchParams.set(name, value);
    history.replaceState(history.state, '', url.href);
  };
  const update = (value: string) => {
    setQuery(value);
    updateUrl('q', value);
  };
  const facet = versions && {
    id: 'search-page-version',
    ...versions.facet,
    onChange: (value: string) => {
      setVersion(value);
      updateUrl('version', value);
    },
  };

  return (
    <main id="main-content" className="search-page-main container">
      <h1>{query.trim() ? `${t('Search results for')} “${query.trim().slice(0, 100)}”` : t('Search the documentation')}</h1>
      <input type="search" className="search-page-input" aria-label={t('Search query')} placeholder={t('Type to search')} value={query} onChange={(event) => update(event.target.value)} autoFocus />
      <noscript>
        <p>{t('Search runs in your browser and needs JavaScript.')}</p>
      </noscript>
      {failed || searchFailed ? <p className="search-status">{t('Search is unavailable')}</p> : !engine ? <p className="search-status">{t('Loading...')}</p> : query.trim() ? <SearchResults result={result} pending={pending} query={query} excerpt={engine.excerpt} {...(facet ? { facet } : {})} /> : null}
    </main>
  );
}
