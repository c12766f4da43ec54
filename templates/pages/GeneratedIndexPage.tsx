import type { GeneratedIndexPageData } from '../../src/shared/types';
import { DocsLayout } from '../components/docs/DocsLayout';
import DocCardList from '../mdx/theme/DocCardList';
import type { RootProps } from '../types';

// A sidebar category's generated page: its title, description and a card per item.
export function GeneratedIndexPage({ site, path, page }: RootProps) {
  const data = page.data as GeneratedIndexPageData;
  return (
    <DocsLayout site={site} path={path} breadcrumbs={data.breadcrumbs} versionLabel={data.versionLabel} version={data.version} toc={[]} showToc={false}>
      <div className="markdown generated-index">
        <h1>{data.title}</h1>
        {data.description && <p>{data.description}</p>}
        <DocCardList />
      </div>
    </DocsLayout>
  );
}
