import { useEffect } from 'react';
import type { DocPageData } from '../../src/shared/types';
import { STORAGE_KEYS, writeStorage } from '../lib/storage';
import { DocsLayout } from '../components/docs/DocsLayout';
import { MarkdownBody } from '../components/MarkdownBody';
import { DocItemFooter } from '../components/docs/DocItemFooter';
import type { RootProps } from '../types';

export function DocPage({ site, path, page }: RootProps) {
  const data = page.data as DocPageData;
  // Reading a docs page makes its version the preferred one of its docs plugin (the docs folder's own is "current").
  const pluginId = data.version?.pluginId ?? 'default';
  const versionName = data.version?.name ?? 'current';
  useEffect(() => writeStorage(STORAGE_KEYS.preferredVersion(pluginId), versionName), [pluginId, versionName]);
  const footer = <DocItemFooter tags={data.tags} editUrl={data.editUrl} lastUpdate={data.lastUpdate} />;
  return (
    <DocsLayout markdownTwin
      site={site}
      path={path}
     
      breadcrumbs={data.breadcrumbs}
      versionLabel={data.versionLabel} version={data.version}
      toc={data.toc}
      showToc={!data.hideTableOfContents && data.toc.length > 0}
      previous={data.previous}
      next={data.next}
      footer={footer}
    >
      <MarkdownBody page={page} title={data.hasOwnTitle ? undefined : data.title} />
    </DocsLayout>
  );
}
