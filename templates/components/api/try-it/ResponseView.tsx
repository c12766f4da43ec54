import type { Outcome } from './response';

/** The answer (status, time, headers, body) or the failure explained; announced to screen readers as it arrives. */
export function ResponseView({ outcome }: { outcome: Outcome }) {
  if (outcome.kind === 'failure') {
    return (
      <div className="api-try-failure" role="alert">
        <p>{outcome.message}</p>
        {outcome.hint && <p>{outcome.hint}</p>}
      </div>
    );
  }
  const { response } = outcome;
  return (
    <div className={`api-try-response status-${String(response.status).charAt(0)}`}>
      <p className="api-try-status">
        <span className="api-status">{response.status}</span> {response.statusText} <span className="api-try-time">· {response.ms} ms</span>
      </p>
      <div className="api-subtitle">Headers</div>
      <dl className="api-try-headers">
        {response.headers.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="api-try-note">A server on another origin shows this page only the headers it exposes (Access-Control-Expose-Headers).</p>
      <div className="api-subtitle">Body</div>
      {response.body ? (
        <pre className="api-try-response-body" tabIndex={0} aria-label="Response body">
          <code>{response.body}</code>
        </pre>
      ) : (
        <p className="api-try-note">(empty)</p>
      )}
    </div>
  );
}
