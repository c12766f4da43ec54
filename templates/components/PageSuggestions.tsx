import { useEffect, useState } from 'react';
import { loadSearchEngine, type PageHit } from '../../src/client/api';
import { withinOneEdit } from '../../src/shared/edit-distance';
import { routeKey, stripBase } from '../../src/shared/url';
import type { SiteData } from '../../src/shared/types';
import { useRoute, useSite, useThemeString } from '../context/site';

// The not-found page's "Perhaps you were looking for": the missing URL's words, searched with the site's own
// search engine (the search box's, so typos of long words still match). The server and the hydrating client
// render nothing here; the engine and the index load only after hydration, as the search box loads them on
// first use, so a reader sees the page as fast as before and the suggestions follow.

const MAX_SUGGESTIONS = 5;
/** Shorter words ("v2", "en", "a") match too much to point anywhere. */
const MIN_WORD_LENGTH = 3;
/** Words a URL has for the server's sake, not the reader's. */
const URL_NOISE = new Set(['index', 'html', 'htm', 'php', 'aspx', 'md', 'mdx']);
/**
 * A locale prefix left in the path (a host that answers every locale with the default locale's 404.html): a
 * language and its script or region (`zh-Hans`, `pt-BR`, `es-419`). A bare language is short and goes anyway.
 */
const LOCALE_SEGMENT = /^[a-z]{2}(-([a-z]{4}|[a-z]{2}|\d{3}))+$/i;

/** The words of a missing URL worth searching: its path inside the site, cut at `/ - _ .`, short and numeric ones dropped. */
export function missingPathWords(pathname: string, site: Pick<SiteData, 'baseUrl' | 'locale' | 'defaultLocale'>): string[] {
  // A path outside the base URL (a host's catch-all 404) is still the reader's best hint: keep it whole.
  const segments = routeKey(stripBase(site.baseUrl, pathname) ?? pathname)
    .split('/')
    .filter(Boolean);
  const first = segments[0]?.toLowerCase();
  if (first && (first === site.locale.toLowerCase() || first === site.defaultLocale?.toLowerCase() || LOCALE_SEGMENT.test(first))) segments.shift();
  const words: string[] = [];
  for (const segment of segments) {
    for (const word of segment.toLowerCase().split(/[-_.\s]+/)) {
      if (word.length < MIN_WORD_LENGTH || /^\d+$/.test(word) || URL_NOISE.has(word) || words.includes(word)) continue;
      words.push(word);
    }
  }
  return words;
}

/**
 * The search ranks pages by their text; a reader who mistyped a URL most likely wanted the page whose URL is
 * nearly theirs. Pages are reordered by how many of the missing path's words their own path has (the same word,
 * one a prefix of the other, or a typo away), the search's order kept among equals.
 */
export function byPathLikeness(pages: PageHit[], words: string[], site: Pick<SiteData, 'baseUrl' | 'locale' | 'defaultLocale'>): PageHit[] {
  const shared = new Map<PageHit, number>();
  for (const page of pages) {
    const own = missingPathWords(page.url, site);
    shared.set(page, words.filter((word) => own.some((other) => other.startsWith(word) || word.startsWith(other) || (Math.min(word.length, other.length) >= 4 && withinOneEdit(word, other)))).length);
  }
  // Array#sort is stable: the search's order decides among pages that share as many words.
  return [...pages].sort((a, b) => shared.get(b)! - shared.get(a)!);
}


export function PageSuggestions() {
  const t = useThemeString();
  const site = useSite();
  // The route changes when the reader follows another broken link from here: the suggestions follow it.
  const { path } = useRoute();
  const [pages, setPages] = useState<PageHit[]>([]);

  useEffect(() => {
    setPages([]);
    const words = missingPathWords(location.pathname, site);
    if (!words.length) return;
    let current = true;
    let stop: (() => void) | undefined;
    const suggest = () =>
      // A site with versioned docs searches the version the reader reads, as the search box does: not one copy of
      // each page per version.
      Promise.all([loadSearchEngine(), site.docsVersions ? import('./search-versions') : null]).then(
        ([engine, versions]) => {
          if (!current) return;
          const inSite = stripBase(site.baseUrl, location.pathname) ?? location.pathname;
          const filter = versions?.searchVersionsOf(site, inSite, null)?.filter;
          stop = engine.search({ query: words.join(' '), ...(filter ? { filter } : {}) }, (result, done) => {
            if (done && current) setPages(byPathLikeness(result.pages, words, site).slice(0, MAX_SUGGESTIONS));
          });
        },
        // No index, or it did not load: the page simply has no suggestions (the search box says it is unavailable).
        () => undefined,
      );
    // This effect runs as hydration commits, before the runtime's own effects (a child's run first): the index's
    // fetch and parse wait until the browser is idle, so they never hold up the page becoming interactive.
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(() => void suggest(), { timeout: 2000 }) : undefined;
    const timer = idle === undefined ? setTimeout(() => void suggest(), 200) : undefined;
    return () => {
      current = false;
      stop?.();
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [path, site]);

  if (!pages.length) return null;
  return (
    <section className="not-found-suggestions" aria-labelledby="not-found-suggestions-title">
      <h2 id="not-found-suggestions-title">{t('Perhaps you were looking for')}</h2>
      <ul>
        {pages.map((page) => {
          // The page's best-ranked section, when it is a heading of the page and not its intro (nor its own title again).
          const section = page.sections[0]?.doc;
          return (
            <li key={page.url}>
              <a href={page.url}>{page.title}</a>
              {section?.h && section.u !== page.url && section.h !== page.title && (
                <>
                  {' › '}
                  <a className="not-found-suggestion-section" href={section.u}>
                    {section.h}
                  </a>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
