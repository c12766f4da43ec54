import { ErrorBoundary } from './components/ErrorBoundary';
import { Layout } from './components/Layout';
import { ThemeProviders } from './context/site';
import { pageComponents } from './pages';
import type { RootProps } from './types';

/** The whole page below `<div id="__docsite">`: the same tree on the server and in the browser. */
export function Root({ site, path, page }: RootProps) {
  const Page = pageComponents[page.data.kind] as (props: RootProps) => React.ReactNode;
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
