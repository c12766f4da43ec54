import type { ApiMediaType, ApiParameter, ApiSecurityScheme, ApiServerChoice } from '../../../../src/shared/api';
import { credentialKey } from './credentials';

// The panel's form sections. Each input has its own <label>; required ones carry `required` (the browser
// then refuses to send the form and says which is missing) and a visible mark.

export function ServerFields({ id, servers, index, values, onServer, onVariable }: { id: string; servers: ApiServerChoice[]; index: number; values: Record<string, string>; onServer(index: number): void; onVariable(name: string, value: string): void }) {
  const server = servers[index];
  return (
    <fieldset className="api-try-group">
      <legend>Server</legend>
      <div className="api-try-field">
        <label htmlFor={`${id}-server`}>URL</label>
        <select id={`${id}-server`} value={index} onChange={(event) => onServer(Number(event.target.value))}>
          {servers.map((choice, position) => (
            <option key={position} value={position}>
              {choice.url}
              {choice.description ? ` (${choice.description})` : ''}
            </option>
          ))}
        </select>
      </div>
      {server?.variables?.map((variable) => {
        const inputId = `${id}-variable-${variable.name}`;
        const value = values[variable.name] ?? variable.default;
        return (
          <div className="api-try-field" key={variable.name}>
            <label htmlFor={inputId}>
              <code>{variable.name}</code>
            </label>
            {variable.enum ? (
              <select id={inputId} value={value} onChange={(event) => onVariable(variable.name, event.target.value)}>
                {variable.enum.map((option) => (
                  <option key={option}>{option}</option>
                ))}
              </select>
            ) : (
              <input id={inputId} value={value} onChange={(event) => onVariable(variable.name, event.target.value)} spellCheck={false} />
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

export function AuthFields({ id, alternatives, index, values, onAlternative, onValue }: { id: string; alternatives: ApiSecurityScheme[][]; index: number; values: Record<string, string>; onAlternative(index: number): void; onValue(storageKey: string, value: string): void }) {
  const schemes = alternatives[index] ?? [];
  return (
    <fieldset className="api-try-group">
      <legend>Authorization</legend>
      {alternatives.length > 1 && (
        <div className="api-try-field">
          <label htmlFor={`${id}-auth`}>Use</label>
          <select id={`${id}-auth`} value={index} onChange={(event) => onAlternative(Number(event.target.value))}>
            {alternatives.map((alternative, position) => (
              <option key={position} value={position}>
                {alternative.map((scheme) => scheme.label).join(' and ')}
              </option>
            ))}
          </select>
        </div>
      )}
      {schemes.map((scheme) => (
        <SchemeFields key={scheme.key} id={`${id}-auth-${scheme.key}`} scheme={scheme} values={values} onValue={onValue} />
      ))}
      <p className="api-try-note">Kept in this tab only (session storage) and sent only to the server above.</p>
    </fieldset>
  );
}

function SchemeFields({ id, scheme, values, onValue }: { id: string; scheme: ApiSecurityScheme; values: Record<string, string>; onValue(key: string, value: string): void }) {
  const { credential } = scheme;
  if (!credential) return <p className="api-try-note">{scheme.label}: a browser cannot send this; use the curl sample.</p>;
  if (credential.kind === 'apiKey' && credential.in === 'cookie') {
    return <p className="api-try-note">{scheme.label}: a page cannot set another site's cookies. Sign in to that server in this browser: the request carries the cookies the browser holds for it.</p>;
  }
  const secret = (part: string | undefined, label: string) => {
    const key = credentialKey(scheme.key, part);
    return (
      <div className="api-try-field" key={key}>
        <label htmlFor={`${id}-${part ?? 'value'}`}>{label}</label>
        <input id={`${id}-${part ?? 'value'}`} type={part === 'user' ? 'text' : 'password'} autoComplete="off" spellCheck={false} value={values[key] ?? ''} onChange={(event) => onValue(key, event.target.value)} />
      </div>
    );
  };
  if (credential.kind === 'basic') return <>{[secret('user', `${scheme.label}: user name`), secret('password', 'Password')]}</>;
  if (credential.kind === 'bearer') return secret(undefined, `${scheme.label}: token`);
  return secret(undefined, scheme.label);
}

const LOCATION_NAMES = { path: 'path', query: 'query', header: 'header', cookie: 'cookie' } as const;

export function ParameterFields({ id, parameters, values, onValue }: { id: string; parameters: ApiParameter[]; values: Record<string, string>; onValue(key: string, value: string): void }) {
  return (
    <fieldset className="api-try-group">
      <legend>Parameters</legend>
      {parameters.map((parameter) => {
        const key = parameterKey(parameter);
        const inputId = `${id}-${parameter.in}-${parameter.name}`;
        const choices = parameter.schema?.enum?.map(jsonText);
        return (
          <div className="api-try-field" key={key}>
            <label htmlFor={inputId}>
              <code>{parameter.name}</code>
              {parameter.required && (
                <span className="schema-flag required" aria-hidden="true">
                  {' '}*
                </span>
              )}
              <span className="schema-type">
                {' '}
                {LOCATION_NAMES[parameter.in]}
                {parameter.schema ? ` · ${parameter.schema.type}` : ''}
              </span>
            </label>
            {choices ? (
              <select id={inputId} required={parameter.required} value={values[key] ?? ''} onChange={(event) => onValue(key, event.target.value)}>
                <option value="">{parameter.required ? 'Choose…' : '(none)'}</option>
                {choices.map((choice) => (
                  <option key={choice}>{choice}</option>
                ))}
              </select>
            ) : (
              <input id={inputId} required={parameter.required} placeholder={parameter.example ? jsonText(parameter.example) : undefined} spellCheck={false} value={values[key] ?? ''} onChange={(event) => onValue(key, event.target.value)} />
            )}
          </div>
        );
      })}
      {parameters.some((parameter) => parameter.required) && <p className="api-try-note">* required</p>}
    </fieldset>
  );
}

export function parameterKey(parameter: ApiParameter): string {
  return `${parameter.in}:${parameter.name}`;
}

/** A JSON text as a reader types it: strings without their quotes. */
function jsonText(json: string): string {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'string' ? value : json;
  } catch {
    return json;
  }
}

export function BodyField({ id, content, index, text, onMediaType, onText }: { id: string; content: ApiMediaType[]; index: number; text: string; onMediaType(index: number): void; onText(text: string): void }) {
  const mediaType = content[index]?.mediaType ?? '';
  const multipart = /^multipart\//i.test(mediaType);
  return (
    <fieldset className="api-try-group">
      <legend>Request body</legend>
      {content.length > 1 && (
        <div className="api-try-field">
          <label htmlFor={`${id}-media`}>Content type</label>
          <select id={`${id}-media`} value={index} onChange={(event) => onMediaType(Number(event.target.value))}>
            {content.map((media, position) => (
              <option key={media.mediaType} value={position}>
                {media.mediaType}
              </option>
            ))}
          </select>
        </div>
      )}
      {multipart ? (
        <p className="api-try-note">This panel cannot build a {mediaType} body (files and form fields): use the curl sample.</p>
      ) : (
        <div className="api-try-field api-try-body">
          <label htmlFor={`${id}-body`}>
            Body <span className="schema-type">{mediaType}</span>
          </label>
          <textarea id={`${id}-body`} rows={Math.min(18, Math.max(4, text.split('\n').length + 1))} spellCheck={false} value={text} onChange={(event) => onText(event.target.value)} />
        </div>
      )}
    </fieldset>
  );
}
