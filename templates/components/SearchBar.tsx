import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { loadSearchEngine, type SearchEngine } from '../../src/client/api';
import { withBase } from '../../src/shared/url';
import { useRoute, useSite, useThemeString } from '../context/site';
import { searchOptionId } from './search-option-id';
import { useSearchResult } from './use-search-result';

// The results list is code the page needs only once the reader has typed: loaded with the search engine.
const SearchResults = lazy(() => import('./SearchResults').then((module) => ({ default: module.SearchResults })));

const RESULTS_ID = 'navbar-search-results';
const FACET_ID = 'navbar-search-version';

type VersionsModule = typeof import('./search-versions');

// The navbar search box. Nothing loads with the page: the first focus or key press fetches the
// engine and this build's index files, then results follow every keystroke.

type Status = 'idle' | 'loading' | 'ready' | 'error';

export function SearchBar() {
  const t = useThemeString();
  const site = useSite();
  const [status, setStatus] = useState<Status>('idle');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [mac, setMac] = useState(false);
  const engine = useRef<SearchEngine | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  // Which docs versions to search comes with the engine, on sites with versioned docs only. The version the facet
  // picked holds while the reader stays on the page: another page has a version of its own.
  const versionsModule = useRef<VersionsModule | null>(null);
  const { path } = useRoute();
  const [versionChoice, setVersionChoice] = useState<{ path: string; value: string } | null>(null);
  const versions = status === 'ready' ? versionsModule.current?.searchVersionsOf(site, path, versionChoice?.path === path ? versionChoice.value : null) : undefined;
  // A key, not the object: it is made anew on every render, and the search should run again only when it changes.
  const versionsKey = versions && JSON.stringify(versions.filter);

  useEffect(() => {
    setMac(/Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent));
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const ensureLoaded = () => {
    if (engine.current || status === 'loading') return;
    setStatus('loading');
    Promise.all([loadSearchEngine(), site.docsVersions ? import('./search-versions') : null]).then(
      ([loaded, module]) => {
        engine.current = loaded;
        versionsModule.current = module;
        setStatus('ready');
      },
      () => setStatus('error'),
    );
  };

  const { result, pending, failed } = useSearchResult(status === 'ready' ? engine.current : null, query, undefined, versions?.filter, versionsKey);
  const hits = result ? result.pages.flatMap((page) => page.sections.map((section) => ({ page, section }))) : [];

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    ensureLoaded();
    if (event.key === 'Escape') {
      setOpen(false);
      input.current?.blur();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!hits.length) return;
      setActive((current) => (current + (event.key === 'ArrowDown' ? 1 : -1) + hits.length) % hits.length);
    } else if (event.key === 'Enter') {
      const link = list.current?.querySelectorAll<HTMLAnchorElement>('a.search-hit')[active];
      if (link) {
        event.preventDefault();
        link.click();
      }
    }
  };

  const close = () => {
    setOpen(false);
    setQuery('');
    input.current?.blur();
  };

  const showPanel = open && (status === 'error' || query.trim() !== '');
  // The input controls a listbox only while one is shown (with at least one option).
  const hasOptions = showPanel && status === 'ready' && Boolean(result?.pages.length);
  return (
    <div className="navbar-search" onBlur={(event) => !event.currentTarget.contains(event.relatedTarget as Node | null) && setOpen(false)}>
      <input
        ref={input}
        type="search"
        className="navbar-search-input"
        placeholder={status === 'loading' ? t('Loading...') : t('Search')}
        role="combobox"
        aria-label={t('Search')}
        aria-autocomplete="list"
        aria-busy={status === 'loading'}
        aria-expanded={hasOptions}
        {...(hasOptions ? { 'aria-controls': RESULTS_ID, 'aria-activedescendant': active >= 0 ? searchOptionId(active) : undefined } : {})}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onFocus={() => {
          setOpen(true);
          ensureLoaded();
        }}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      {status !== 'loading' && !query && <kbd className="navbar-search-hint">{mac ? '⌘ K' : 'Ctrl K'}</kbd>}
      {showPanel && (
        <div ref={list} className="navbar-search-panel">
          {status === 'error' || failed ? (
            <p className="search-status">{t('Search is unavailable')}</p>
          ) : status !== 'ready' ? (
            <p className="search-status">{t('Loading...')}</p>
          ) : (
            <>
              <Suspense fallback={null}>
                <SearchResults
                  result={result}
                  pending={pending}
                  query={query}
                  excerpt={engine.current!.excerpt}
                  active={active}
                  onPick={close}
                  listbox={{ id: RESULTS_ID }}
                  {...(versions
                    ? {
                        facet: {
                          id: FACET_ID,
                          ...versions.facet,
                          onChange: (value: string) => {
                            setVersionChoice({ path, value });
                            setActive(0);
                          },
                        },
                      }
                    : {})}
                />
              </Suspense>
              {result && result.pages.length > 0 && (
                <a className="search-all" href={`${withBase(site.baseUrl, '/search')}?q=${encodeURIComponent(query)}${versions ? versionsModule.current!.facetParams(site, versions.facet) : ''}`} onClick={close}>
                  {t('See all results')}
                </a>
              )}
            </>
          )}
        </div>
      )}
    </div>
  );
}

