// What came back, as the panel shows it: status, headers, time, and the body as text (pretty when JSON).
// And a failure in plain words: fetch says only "Failed to fetch", whether CORS, a dead server or mixed content.

export interface ShownResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  ms: number;
  body: string;
}

export type Outcome = { kind: 'response'; response: ShownResponse } | { kind: 'failure'; message: string; hint?: string };

/** Bodies larger than this are cut in the view (a page of JSON is far smaller; a video is not meant to be shown). */
const SHOWN_BYTES = 200_000;

export async function readResponse(response: Response, started: number): Promise<ShownResponse> {
  const type = response.headers.get('content-type') ?? '';
  const blob = await response.blob();
  const ms = Math.round(performance.now() - started);
  const headers = [...response.headers.entries()];
  return { status: response.status, statusText: response.statusText, headers, ms, body: await bodyText(blob, type) };
}

async function bodyText(blob: Blob, type: string): Promise<string> {
  if (blob.size === 0) return '';
  if (!isText(type)) return `(${blob.size.toLocaleString('en-US')} bytes of ${type || 'data of no stated type'}, not shown)`;
  const cut = blob.size > SHOWN_BYTES;
  const text = await (cut ? blob.slice(0, SHOWN_BYTES) : blob).text();
  if (cut) return `${text}\n… (${blob.size.toLocaleString('en-US')} bytes in all; the rest is not shown)`;
  return /[/+]json\b/i.test(type) ? prettyJson(text) : text;
}

function isText(type: string): boolean {
  return type === '' || /^text\/|[/+](json|xml)\b|javascript|x-www-form-urlencoded/i.test(type);
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** Why a fetch rejected, for a reader who has never heard of CORS. */
export function explainFailure(error: unknown, url: string, pageOrigin: string, timeoutSeconds: number): Outcome {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'TimeoutError') return { kind: 'failure', message: `No answer within ${timeoutSeconds} seconds: the request was stopped.` };
  if (name === 'AbortError') return { kind: 'failure', message: 'The request was cancelled.' };
  const target = new URL(url);
  if (target.protocol === 'http:' && pageOrigin.startsWith('https:') && !isLoopback(target.hostname)) {
    return { kind: 'failure', message: `The browser blocked the request: this page is served over HTTPS and ${target.origin} is plain HTTP (mixed content).`, hint: 'Pick an https server, or use the curl sample.' };
  }
  return {
    kind: 'failure',
    message: `The browser could not get an answer from ${target.origin} that this page may read. Either the server is not reachable from this computer, or it does not allow requests from this site: a server must allow the origin ${pageOrigin} through CORS headers (Access-Control-Allow-Origin, and Access-Control-Allow-Headers for the headers sent).`,
    hint: 'The curl sample above is not bound by these browser rules. The browser console names the exact reason.',
  };
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}
