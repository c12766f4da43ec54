import type { ApiSchemaPageData } from '../../src/shared/api';
import { SchemaTree } from '../components/api/SchemaTree';
import { DocsLayout } from '../components/docs/DocsLayout';
import type { RootProps } from '../types';

// A shared schema of the API, shown once: operation pages (and other schema pages) link here instead of
// expanding it at every use.

export function ApiSchemaPage({ site, path, page }: RootProps) {
  const data = page.data as ApiSchemaPageData;
  const { descriptionHtml, ...schema } = data.schema;
  return (
    <DocsLayout markdownTwin site={site} path={path} breadcrumbs={data.breadcrumbs} versionLabel={data.versionLabel} toc={data.toc} showToc={false} className="api-schema">
      <div className="markdown">
        <h1>{data.title}</h1>
        {descriptionHtml && <div className="api-description" dangerouslySetInnerHTML={{ __html: descriptionHtml }} />}
        <p className="api-operation-id">
          Schema <code>{data.title}</code> · <a href={data.specUrl}>Download the OpenAPI document</a>
        </p>
        <SchemaTree schema={schema} />
      </div>
    </DocsLayout>
  );
}
