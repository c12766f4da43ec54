import type { RedirectPageData } from '../../src/shared/types';
import type { RootProps } from '../types';

/** A path that only forwards (e.g. /docs -> the first doc). The shell adds a meta refresh for readers without JavaScript. */
export function RedirectPage({ page }: RootProps) {
  const data = page.data as RedirectPageData;
  return (
    <main id="main-content" className="container redirect-page">
      <p>
        This page has moved to <a href={data.to}>{data.to}</a>.
      </p>
    </main>
  );
}
