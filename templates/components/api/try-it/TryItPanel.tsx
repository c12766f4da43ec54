import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ApiMediaType, ApiOperationPageData, ApiServerChoice } from '../../../../src/shared/api';
import { credentialKey, readCredential, writeCredential } from './credentials';
import { AuthFields, BodyField, ParameterFields, parameterKey, ServerFields } from './fields';
import { buildRequest, fillableParameters, serverUrlOf, type TypedCredential } from './request';
import { explainFailure, readResponse, type Outcome } from './response';
import { ResponseView } from './ResponseView';

// The "Try it" panel of an operation page: a chunk of its own, loaded when the reader opens it (TryIt.tsx).
// It sends the request from the reader's browser to the chosen server and nowhere else.

const TIMEOUT_SECONDS = 30;

export interface TryItPanelProps {
  id: string;
  data: ApiOperationPageData;
  onClose(): void;
}

export function TryItPanel({ id, data, onClose }: TryItPanelProps) {
  const servers: ApiServerChoice[] = data.servers ?? [{ url: data.server ?? '' }];
  const parameters = fillableParameters(data.parameters);
  const content = data.requestBody?.content ?? [];
  const [serverIndex, setServerIndex] = useState(0);
  const [variables, setVariables] = useState<Record<string, string>>({});
  const [alternative, setAlternative] = useState(0);
  const [secrets, setSecrets] = useState(() => storedSecrets(data));
  const [values, setValues] = useState<Record<string, string>>({});
  const [mediaIndex, setMediaIndex] = useState(0);
  const [bodyText, setBodyText] = useState(() => exampleText(content[0]));
  const [inFlight, setInFlight] = useState<AbortController | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // Opening moves focus into the panel, so keyboard and screen-reader users land where the new content is.
  useEffect(() => heading.current?.focus(), []);
  // Leaving the page (or closing the panel) stops a request still under way.
  useEffect(() => () => inFlight?.abort(), [inFlight]);

  const server = servers[serverIndex] ?? servers[0]!;
  const mediaType = content[mediaIndex]?.mediaType;
  const request = (() => {
    try {
      return buildRequest({
        method: data.method,
        path: data.path,
        server: serverUrlOf(server, variables),
        documentUrl: new URL(data.specUrl, location.href).href,
        parameters: parameters.map((parameter) => ({ parameter, value: values[parameterKey(parameter)] ?? '' })),
        credentials: (data.security[alternative] ?? []).flatMap((scheme): TypedCredential[] => {
          const { credential } = scheme;
          if (!credential) return [];
          const secret = (part?: string) => secrets[credentialKey(scheme.key, part)] ?? '';
          return [credential.kind === 'basic' ? { credential, value: secret('user'), password: secret('password') } : { credential, value: secret() }];
        }),
        ...(mediaType && !/^multipart\//i.test(mediaType) ? { body: { mediaType, text: bodyText } } : {}),
      });
    } catch {
      // A server variable typed into something that is no URL.
      return undefined;
    }
  })();

  const setSecret = (storageKey: string, value: string) => {
    setSecrets((previous) => ({ ...previous, [storageKey]: value }));
    writeCredential(storageKey, value);
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!request || inFlight) return;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('timed out', 'TimeoutError')), TIMEOUT_SECONDS * 1000);
    setInFlight(controller);
    setOutcome(null);
    const started = performance.now();
    try {
      const response = await fetch(request.url, { method: request.method, headers: request.headers, ...(request.body !== undefined ? { body: request.body } : {}), credentials: request.credentials, signal: controller.signal, cache: 'no-store', referrerPolicy: 'no-referrer' });
      setOutcome({ kind: 'response', response: await readResponse(response, started) });
    } catch (error) {
      setOutcome(explainFailure(controller.signal.reason ?? error, request.url, location.origin, TIMEOUT_SECONDS));
    } finally {
      clearTimeout(timer);
      setInFlight(null);
    }
  };

  return (
    <section id={id} className="api-try" aria-labelledby={`${id}-title`}>
      <div className="api-try-head">
        <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
          Try it
        </h2>
        <button type="button" className="api-try-close" onClick={onClose}>
          Close
        </button>
      </div>
      <form onSubmit={send}>
        <ServerFields id={id} servers={servers} index={serverIndex} values={variables} onServer={(index) => (setServerIndex(index), setVariables({}))} onVariable={(name, value) => setVariables((previous) => ({ ...previous, [name]: value }))} />
        {data.security.length > 0 && <AuthFields id={id} alternatives={data.security} index={alternative} values={secrets} onAlternative={setAlternative} onValue={setSecret} />}
        {parameters.length > 0 && <ParameterFields id={id} parameters={parameters} values={values} onValue={(key, value) => setValues((previous) => ({ ...previous, [key]: value }))} />}
        {content.length > 0 && <BodyField id={id} content={content} index={mediaIndex} text={bodyText} onMediaType={(index) => (setMediaIndex(index), setBodyText(exampleText(content[index])))} onText={setBodyText} />}
        <div className="api-try-actions">
          <button type="submit" className="button button-primary" disabled={!request || inFlight !== null}>
            {inFlight ? 'Sending…' : 'Send'}
          </button>
          {inFlight && (
            <button type="button" className="button api-try-cancel" onClick={() => inFlight.abort()}>
              Cancel
            </button>
          )}
          <code className="api-try-url">{request ? `${request.method} ${request.url}` : 'The server URL is not valid.'}</code>
        </div>
      </form>
      <div className="api-try-result" aria-live="polite">
        {outcome && <ResponseView outcome={outcome} />}
      </div>
    </section>
  );
}

/** The credentials this tab already holds for the operation's schemes, by storage key (credentialKey). */
function storedSecrets(data: ApiOperationPageData): Record<string, string> {
  const secrets: Record<string, string> = {};
  for (const scheme of data.security.flat()) {
    for (const part of scheme.credential?.kind === 'basic' ? ['user', 'password'] : [undefined]) {
      const key = credentialKey(scheme.key, part);
      const value = readCredential(key);
      if (value) secrets[key] = value;
    }
  }
  return secrets;
}

/** The first example of a media type as plain text: the page data has it highlighted only, and the text is the HTML's text. */
function exampleText(media: ApiMediaType | undefined): string {
  const html = media?.exampleHtml ?? media?.examples?.[0]?.html;
  if (!html) return '';
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trimEnd();
}
