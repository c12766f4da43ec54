import { ErrorBoundary } from './components/ErrorBoundary';
import { Layout } from './components/Layout';
import { ThemeProviders } from './context/site';
import type { RootProps } from './types';

/** The whole page below `<div id="__docsite">`: the same tree on the server and in the browser. */
export function Root({ site, path, page }: RootProps) {
  // The component of the page's kind comes with the page's chunk (src/shared/page-kinds.ts).
  const Page = page.Page;
  return (
    <ThemeProviders site={site} path={path} page={page}>
      <ErrorBoundary>
        <Layout site={site} kind={page.data.kind}>
          <ErrorBoundary resetKey={path}>
            <Page site={site} path={path} page={page} />
          </ErrorBoundary>
        </Layout>
      </ErrorBoundary>
    </ThemeProviders>
  );
}
