import type { NotFoundPageData } from '../../src/shared/types';
import { withBase } from '../../src/shared/url';
import type { RootProps } from '../types';
import { useThemeString } from '../context/site';
import { PageSuggestions } from '../components/PageSuggestions';

export function NotFoundPage({ site, page }: RootProps) {
  const t = useThemeString();
  // Only a site with docs offers them (a blog-only site has no /docs to send readers to).
  const { docsHome } = page.data as NotFoundPageData;
  return (
    <main id="main-content" className="not-found container">
      <h1>{t('Page Not Found')}</h1>
      <p>{t('We could not find what you were looking for. The page may have moved, or the link that brought you here may be out of date.')}</p>
      <p>
        <a href={withBase(site.baseUrl, '/')}>{t('Go to the home page')}</a>
        {/* The docs' own home, where the site's config puts it (not always /docs; at / it is the home page). */}
        {docsHome && docsHome !== withBase(site.baseUrl, '/') && (
          <>
            {' '}
            {`${t('or')} `}
            <a href={docsHome}>{t('browse the documentation')}</a>
          </>
        )}
        .
      </p>
      <PageSuggestions />
    </main>
  );
}
