import { Layout } from './components/Layout';
import { pageComponents } from './pages';
import type { RootProps } from './types';

/** The whole page below `<div id="__docsite">`: the same tree on the server and in the browser. */
export function Root({ site, path, page }: RootProps) {
  const Page = pageComponents[page.data.kind] as (props: RootProps) => React.ReactNode;
  return (
    <Layout site={site} path={path} kind={page.data.kind}>
      <Page site={site} path={path} page={page} />
    </Layout>
  );
}
