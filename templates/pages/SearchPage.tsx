import { useEffect, useMemo, useState } from 'react';
import { loadSearchEngine, type SearchEngine } from '../../src/client/api';
import { SearchResults } from '../components/SearchResults';
import { useThemeString } from '../context/site';

/** `/search?q=…`: every result for a query, on a page of its own. */
export function SearchPage() {
  const t = useThemeString();
  const [query, setQuery] = useState('');
  const [engine, setEngine] = useState<SearchEngine | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    setQuery(new URLSearchParams(location.search).get('q') ?? '');
    loadSearchEngine().then(setEngine, () => setFailed(true));
  }, []);

  const result = useMemo(() => (engine && query.trim() ? engine.search(query, 200) : null), [engine, query]);

  const update = (value: string) => {
    setQuery(value);
    const url = new URL(location.href);
    url.searchParams.set('q', value);
    history.replaceState(history.state, '', url.href);
  };

  return (
    <main id="main-content" className="search-page-main container">
      <h1>{query.trim() ? `${t('Search results for')} “${query.trim().slice(0, 100)}”` : t('Search the documentation')}</h1>
      <input type="search" className="search-page-input" aria-label={t('Search query')} placeholder={t('Type to search')} value={query} onChange={(event) => update(event.target.value)} autoFocus />
      <noscript>
        <p>{t('Search runs in your browser and needs JavaScript.')}</p>
      </noscript>
      {failed ? <p className="search-status">{t('Search is unavailable')}</p> : !engine ? <p className="search-status">{t('Loading...')}</p> : query.trim() ? <SearchResults result={result} query={query} excerpt={engine.excerpt} /> : null}
    </main>
  );
}
