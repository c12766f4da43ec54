import type { ApiCredential, ApiParameter, ApiServerChoice, HttpMethod } from '../../../../src/shared/api';

// What the Try it panel sends, worked out from what the reader typed: plain functions, no DOM, so the
// rules (encoding, where each credential goes) are testable without a browser.

/** A credential as typed: the value (token, key, or the user of HTTP basic) and, for HTTP basic, the password. */
export interface TypedCredential {
  credential: ApiCredential;
  value: string;
  password?: string;
}

export interface RequestInput {
  method: HttpMethod;
  /** The path template, `/dogs/{dogId}`. */
  path: string;
  /** The server's URL with its variables filled in (serverUrlOf). */
  server: string;
  /** What a relative server URL is relative to: the OpenAPI document's own URL. */
  documentUrl: string;
  parameters: { parameter: ApiParameter; value: string }[];
  credentials: TypedCredential[];
  body?: { mediaType: string; text: string };
}

export interface BuiltRequest {
  url: string;
  method: string;
  headers: [string, string][];
  body?: string;
  /** `include` only for a cookie credential: the browser then sends the cookies it holds for that server. */
  credentials: 'include' | 'omit';
}

/** The server's URL template with each `{variable}` replaced by the reader's value (or its default), without a trailing slash. */
export function serverUrlOf(server: ApiServerChoice, values: Record<string, string>): string {
  const defaults = new Map((server.variables ?? []).map((variable) => [variable.name, variable.default]));
  return server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => values[name] || defaults.get(name) || whole).replace(/\/+$/, '');
}

/** Methods whose fetch may not carry a body. */
const BODILESS = new Set(['get', 'head']);

export function buildRequest(input: RequestInput): BuiltRequest {
  const filled = input.parameters.filter((entry) => entry.value !== '');
  const pathValues = new Map(filled.filter((entry) => entry.parameter.in === 'path').map((entry) => [entry.parameter.name, entry.value]));
  const path = input.path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const value = pathValues.get(name);
    return value === undefined ? whole : encodeURIComponent(value);
  });
  const url = new URL(`${input.server}${path}`, input.documentUrl);
  const headers: [string, string][] = [];
  for (const { parameter, value } of filled) {
    if (parameter.in === 'query') for (const item of valuesOf(parameter, value)) url.searchParams.append(parameter.name, item);
    else if (parameter.in === 'header') headers.push([parameter.name, value]);
  }
  let credentials: BuiltRequest['credentials'] = 'omit';
  for (const typed of input.credentials) {
    const { credential, value } = typed;
    if (credential.kind === 'apiKey' && credential.in === 'cookie') credentials = 'include';
    if (!value) continue;
    if (credential.kind === 'apiKey' && credential.in === 'header') headers.push([credential.name, value]);
    else if (credential.kind === 'apiKey' && credential.in === 'query') url.searchParams.append(credential.name, value);
    else if (credential.kind === 'bearer') headers.push(['Authorization', `Bearer ${value}`]);
    else if (credential.kind === 'basic') headers.push(['Authorization', `Basic ${base64(`${value}:${typed.password ?? ''}`)}`]);
  }
  const request: BuiltRequest = { url: url.href, method: input.method.toUpperCase(), headers, credentials };
  if (input.body && input.body.text !== '' && !BODILESS.has(input.method)) {
    headers.push(['Content-Type', input.body.mediaType]);
    request.body = input.body.text;
  }
  return request;
}

/** An array parameter takes comma-separated values, each sent as its own `name=value` (OpenAPI's default `form`, exploded). */
function valuesOf(parameter: ApiParameter, value: string): string[] {
  const isArray = parameter.schema?.type.endsWith('[]') === true;
  return isArray ? value.split(',').map((item) => item.trim()).filter(Boolean) : [value];
}

/** Base64 of the text's UTF-8 bytes (btoa alone takes Latin-1 only). */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The parameters the reader can fill in: a web page cannot set cookies for another site. */
export function fillableParameters(parameters: ApiParameter[]): ApiParameter[] {
  return parameters.filter((parameter) => parameter.in !== 'cookie');
}
