import type { ReactNode } from 'react';
import { SECURITY_SCHEMES_COMPONENT, type ApiIntroPageData, type ApiOperationSummary, type ApiSecurityScheme } from '../../src/shared/api';
import { MethodBadge } from '../components/api/MethodBadge';
import { DocsLayout } from '../components/docs/DocsLayout';
import { contentComponents } from '../mdx';
import type { RootProps } from '../types';

// The API's front page: the document's info, the site's introduction Markdown, servers,
// authentication schemes, then every tag with its operations.

export function ApiIntroPage({ site, path, page }: RootProps) {
  const data = page.data as ApiIntroPageData;
  const Content = page.Content;
  return (
    <DocsLayout markdownTwin site={site} path={path} breadcrumbs={data.breadcrumbs} versionLabel={data.versionLabel} toc={data.toc} showToc={data.toc.length > 0} next={data.next} className="api-intro">
      <div className="markdown">
        <h1>{data.title}</h1>
        <p className="api-intro-meta">
          <span className="badge">Version {data.version}</span> <span className="badge">OpenAPI {data.openapiVersion}</span> <a href={data.specUrl}>Download the OpenAPI document</a>
        </p>
        {data.summary && <p className="api-summary">{data.summary}</p>}
        {data.descriptionHtml && <div className="api-description" dangerouslySetInnerHTML={{ __html: data.descriptionHtml }} />}
        {Content && <Content components={{ ...contentComponents(page), [SECURITY_SCHEMES_COMPONENT]: () => <SecuritySchemeList schemes={data.securitySchemes} /> }} />}

        {data.servers.length > 0 && (
          <IntroSection id="servers" title="Servers">
            <ul className="api-servers">
              {data.servers.map((server) => (
                <li key={server.url}>
                  <code>{server.url}</code>
                  {server.descriptionHtml && <div dangerouslySetInnerHTML={{ __html: server.descriptionHtml }} />}
                  {server.variables.length > 0 && (
                    <ul>
                      {server.variables.map((variable) => (
                        <li key={variable.name}>
                          <code>{variable.name}</code>: default <code>{variable.default}</code>
                          {variable.enum && <> (one of {variable.enum.map((value) => `"${value}"`).join(', ')})</>}
                          {variable.description && <> · {variable.description}</>}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </IntroSection>
        )}

        {data.securitySection && (
          <IntroSection id={data.securitySection.id} title={data.securitySection.title}>
            <SecuritySchemeList schemes={data.securitySchemes} />
          </IntroSection>
        )}

        {data.tags.length > 0 && (
          <IntroSection id="operations" title="Operations">
            {data.tags.map((tag) => (
              <div key={tag.id} className="api-tag">
                <h3 id={tag.id}>{tag.name}</h3>
                {tag.descriptionHtml && <div dangerouslySetInnerHTML={{ __html: tag.descriptionHtml }} />}
                <OperationList operations={tag.operations} />
              </div>
            ))}
          </IntroSection>
        )}

        {data.webhooks.length > 0 && (
          <IntroSection id="webhooks" title="Webhooks">
            <p>Requests the API sends to your server when something happens.</p>
            <OperationList operations={data.webhooks} />
          </IntroSection>
        )}

        {(data.contact || data.license || data.termsOfService) && (
          <p className="api-intro-footer">
            {data.contact && <>Contact: {data.contact.url ? <a href={data.contact.url}>{data.contact.name ?? data.contact.url}</a> : data.contact.name} {data.contact.email && <a href={`mailto:${data.contact.email}`}>{data.contact.email}</a>} </>}
            {data.license && (
              <>
                · License: {data.license.url ? <a href={data.license.url}>{data.license.name}</a> : data.license.name}
                {data.license.identifier && data.license.identifier !== data.license.name && <> (SPDX {data.license.identifier})</>}{' '}
              </>
            )}
            {data.termsOfService && (
              <>
                · <a href={data.termsOfService}>Terms of service</a>
              </>
            )}
          </p>
        )}
      </div>
    </DocsLayout>
  );
}

/** The document's security schemes: in the generated section, or where the introduction writes `<ApiSecuritySchemes />`. */
function SecuritySchemeList({ schemes }: { schemes: ApiSecurityScheme[] }) {
  return (
    <ul className="api-servers">
      {schemes.map((scheme) => (
        <li key={scheme.key}>
          <strong>{scheme.label}</strong> <code>{scheme.key}</code>
          {scheme.descriptionHtml && <div dangerouslySetInnerHTML={{ __html: scheme.descriptionHtml }} />}
        </li>
      ))}
    </ul>
  );
}

function OperationList({ operations }: { operations: ApiOperationSummary[] }) {
  return (
    <ul className="api-operation-list">
      {operations.map((operation) => (
        <li key={operation.permalink} className={operation.deprecated ? 'deprecated' : undefined}>
          <a href={operation.permalink}>
            <MethodBadge method={operation.method} />
            <span className="api-operation-title">{operation.title}</span>
            <code className="api-operation-path">{operation.path}</code>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A level-2 section of the introduction; its id is the anchor the TOC links to. */
function IntroSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
