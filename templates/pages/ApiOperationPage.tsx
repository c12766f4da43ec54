import { useState } from 'react';
import type { ApiOperationPageData, ApiSecurityScheme } from '../../src/shared/api';
import { CodeSamples } from '../components/api/CodeSamples';
import { MediaTypes } from '../components/api/MediaTypes';
import { MethodBadge } from '../components/api/MethodBadge';
import { ParameterList } from '../components/api/ParameterList';
import { TryItButton, TryItSection } from '../components/api/TryIt';
import { DocsLayout } from '../components/docs/DocsLayout';
import type { RootProps } from '../types';

const LOCATIONS = [
  ['path', 'Path parameters'],
  ['query', 'Query parameters'],
  ['header', 'Header parameters'],
  ['cookie', 'Cookie parameters'],
] as const;

export function ApiOperationPage({ site, path, page }: RootProps) {
  const data = page.data as ApiOperationPageData;
  const [tryIt, setTryIt] = useState(false);
  return (
    <DocsLayout markdownTwin site={site} path={path} breadcrumbs={data.breadcrumbs} versionLabel={data.versionLabel} toc={data.toc} showToc={data.toc.length > 0} previous={data.previous} next={data.next} className="api-operation">
      <div className="markdown">
        <h1>{data.title}</h1>
        <div className="api-endpoint">
          {data.webhook && <span className="badge api-webhook-badge">Webhook</span>}
          <MethodBadge method={data.method} />
          <code className="api-path">
            {data.server && <span className="api-server">{data.server}</span>}
            {data.path}
          </code>
          <TryItButton open={tryIt} onToggle={() => setTryIt(!tryIt)} />
        </div>
        {tryIt && <TryItSection data={data} onClose={() => setTryIt(false)} />}
        {data.deprecated && (
          <div className="admonition admonition-warning api-deprecated" role="note">
            <div className="admonition-heading">Deprecated</div>
            <p>This {data.webhook ? 'webhook' : 'operation'} is deprecated and may be removed in a future version: avoid it in new code.</p>
          </div>
        )}
        {data.descriptionHtml && <div className="api-description" dangerouslySetInnerHTML={{ __html: data.descriptionHtml }} />}
        {data.operationId && (
          <p className="api-operation-id">
            Operation ID: <code>{data.operationId}</code> · <a href={data.specUrl}>Download the OpenAPI document</a>
          </p>
        )}

        {data.security.length > 0 && (
          <section>
            <h2 id="authorization">Authorization</h2>
            <Security alternatives={data.security} />
          </section>
        )}

        {data.webhook && <p className="api-webhook-note">The API sends this request to the URL you registered for it, with the payload below; answer it as the responses say.</p>}

        {data.samples.length > 0 && (
          <section>
            <h2 id="request-sample">Request sample</h2>
            <CodeSamples samples={data.samples} />
          </section>
        )}

        {data.parameters.length > 0 && (
          <section>
            <h2 id="parameters">Parameters</h2>
            {LOCATIONS.map(([location, title]) => {
              const list = data.parameters.filter((parameter) => parameter.in === location);
              if (!list.length) return null;
              return (
                <div key={location}>
                  <h3 id={`${location}-parameters`}>{title}</h3>
                  <ParameterList parameters={list} />
                </div>
              );
            })}
          </section>
        )}

        {data.requestBody && (
          <section>
            <h2 id="request-body">
              {data.webhook ? 'Payload' : 'Request body'} {data.requestBody.required ? <span className="schema-flag required">required</span> : <span className="schema-flag">optional</span>}
            </h2>
            {data.requestBody.descriptionHtml && <div dangerouslySetInnerHTML={{ __html: data.requestBody.descriptionHtml }} />}
            <MediaTypes content={data.requestBody.content} idPrefix="request" />
          </section>
        )}

        {data.responses.length > 0 && (
          <section>
            <h2 id="responses">Responses</h2>
            {data.responses.map((response) => (
              <div key={response.status} className={`api-response status-${response.status.charAt(0)}`}>
                <h3 id={`response-${response.status.toLowerCase()}`}>
                  <span className="api-status">{response.status}</span> {response.statusText}
                </h3>
                {response.descriptionHtml && <div dangerouslySetInnerHTML={{ __html: response.descriptionHtml }} />}
                {response.headers.length > 0 && (
                  <>
                    <div className="api-subtitle">Headers</div>
                    <ParameterList parameters={response.headers} />
                  </>
                )}
                <MediaTypes content={response.content} idPrefix={`response-${response.status.toLowerCase()}`} />
              </div>
            ))}
          </section>
        )}
      </div>
    </DocsLayout>
  );
}

function Security({ alternatives }: { alternatives: ApiSecurityScheme[][] }) {
  return (
    <>
      <p>{alternatives.length > 1 ? 'Any one of these:' : 'This operation needs:'}</p>
      <ul className="api-security">
        {alternatives.map((schemes, index) => (
          <li key={index}>
            {schemes.map((scheme, position) => (
              <span key={scheme.key}>
                {position > 0 && ' and '}
                <strong>{scheme.label}</strong>
                {scheme.scopes && <> (scopes: {scheme.scopes.join(', ')})</>}
              </span>
            ))}
          </li>
        ))}
      </ul>
    </>
  );
}
