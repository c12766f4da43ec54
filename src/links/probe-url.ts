// Asks a remote server whether a URL answers, the cheap way first: HEAD, then GET for servers
// that refuse HEAD. Network errors, timeouts, 429 and 5xx are retried with backoff, since a
// link gate that fails on one dropped packet is a gate people learn to ignore.

export interface ProbeOptions {
  /** Per request, headers included. */
  timeoutMs: number;
  /** Further attempts after the first one. */
  retries: number;
  /** Backoff before retry n (from 0) is retryDelayMs * 2^n, unless the server sent Retry-After. */
  retryDelayMs: number;
  /** Longest Retry-After honoured; a server asking for more gets this. */
  maxRetryAfterMs: number;
  /** For tests. */
  fetch?: typeof fetch;
}

/** ok: the link works; broken: it does not; unsure: the server is busy or failing (429, 5xx), try later. */
export interface ProbeResult {
  verdict: 'ok' | 'broken' | 'unsure';
  status?: number;
  /** For anything but ok: "HTTP 404", "timed out", "could not connect (ECONNREFUSED)". */
  reason?: string;
}

type Attempt = { status: number; retryAfterMs?: number } | { failure: 'timeout' | 'connect'; code?: string };

// Some servers refuse requests without a user agent.
const REQUEST_HEADERS = { 'User-Agent': 'docsite-link-checker', Accept: '*/*' };

export async function probeUrl(url: string, options: ProbeOptions): Promise<ProbeResult> {
  try {
    new URL(url);
  } catch {
    return { verdict: 'broken', reason: 'not a valid URL' };
  }
  let result = await withRetries(() => attempt(url, 'HEAD', options), options);
  if (refusesHead(result)) result = await withRetries(() => attempt(url, 'GET', options), options);
  return verdictOf(result);
}

async function attempt(url: string, method: 'HEAD' | 'GET', options: ProbeOptions): Promise<Attempt> {
  const request = options.fetch ?? fetch;
  try {
    const response = await request(url, { method, redirect: 'follow', headers: REQUEST_HEADERS, signal: AbortSignal.timeout(options.timeoutMs) });
    // The status is all we need: never download a body.
    await response.body?.cancel().catch(() => undefined);
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), Date.now());
    return { status: response.status, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
  } catch (error) {
    if (isTimeout(error)) return { failure: 'timeout' };
    const code = errorCode(error);
    return { failure: 'connect', ...(code ? { code } : {}) };
  }
}

function isRetryable(result: Attempt): boolean {
  return 'failure' in result || result.status === 429 || result.status >= 500;
}

async function withRetries(run: () => Promise<Attempt>, options: ProbeOptions): Promise<Attempt> {
  for (let retry = 0; ; retry++) {
    const result = await run();
    if (!isRetryable(result) || retry >= options.retries) return result;
    const wait = 'status' in result && result.retryAfterMs !== undefined ? Math.min(result.retryAfterMs, options.maxRetryAfterMs) : options.retryDelayMs * 2 ** retry;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/**
 * Some servers answer HEAD with 405 or 501, and quite a few with 403 or 404 while GET works:
 * any refusal earns a GET. A server that could not be reached at all gets no second try here.
 */
function refusesHead(result: Attempt): boolean {
  return 'status' in result && result.status >= 400 && result.status !== 429;
}

function verdictOf(result: Attempt): ProbeResult {
  if ('failure' in result) {
    if (result.failure === 'timeout') return { verdict: 'broken', reason: 'timed out' };
    const host = result.code === 'ENOTFOUND' || result.code === 'EAI_AGAIN' ? 'host not found' : result.code;
    return { verdict: 'broken', reason: host ? `could not connect (${host})` : 'could not connect' };
  }
  const { status } = result;
  if (status < 400) return { verdict: 'ok', status };
  return { verdict: status === 429 || status >= 500 ? 'unsure' : 'broken', status, reason: `HTTP ${status}` };
}

/** Retry-After in seconds or as an HTTP date, in ms from now; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** Node's fetch hides the socket error in `cause` (sometimes an AggregateError of one per address). */
function errorCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown; errors?: { code?: unknown }[] } } | undefined)?.cause;
  const code = cause?.code ?? cause?.errors?.[0]?.code;
  return typeof code === 'string' ? code : undefined;
}
