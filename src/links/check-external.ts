import type { ExternalLink, LinkProblem } from './check-links';
import { ExternalLinkCache } from './external-cache';
import { createHostLimiter, type HostLimits } from './host-limiter';
import { probeUrl, type ProbeOptions, type ProbeResult } from './probe-url';

// `check-links --external`: every http(s) URL of the site probed once, however many pages link
// to it, with the answer reported at each place that has the link.

export interface ExternalCheckOptions extends ProbeOptions {
  limits: HostLimits;
  /** Where results are remembered between runs; none: nothing is read or written. */
  cacheFile?: string;
}

export const EXTERNAL_CHECK_DEFAULTS: ExternalCheckOptions = {
  timeoutMs: 10_000,
  retries: 2,
  retryDelayMs: 500,
  maxRetryAfterMs: 10_000,
  limits: { total: 8, perHost: 2 },
};

export interface ExternalCheckResult {
  /** Distinct URLs looked at, from the cache or the network. */
  checked: number;
  fromCache: number;
  broken: LinkProblem[];
  /** Servers that were busy or failing (429, 5xx) even after the retries: not the link's fault, maybe. */
  warnings: LinkProblem[];
}

export async function checkExternalLinks(links: ExternalLink[], options: ExternalCheckOptions): Promise<ExternalCheckResult> {
  const cache = options.cacheFile ? await ExternalLinkCache.load(options.cacheFile) : undefined;
  const limit = createHostLimiter(options.limits);
  let fromCache = 0;
  const results = await Promise.all(
    links.map(async (link): Promise<ProbeResult> => {
      const cached = cache?.reusable(link.url, Date.now());
      if (cached) {
        fromCache++;
        return { verdict: 'ok', ...(cached.status === undefined ? {} : { status: cached.status }) };
      }
      const result = await limit(hostOf(link.url), () => probeUrl(link.url, options));
      cache?.record(link.url, { ok: result.verdict === 'ok', ...(result.status === undefined ? {} : { status: result.status }) }, Date.now());
      return result;
    }),
  );
  await cache?.save(Date.now());

  // Reported in the order the links were found, not the order the servers answered.
  const broken: LinkProblem[] = [];
  const warnings: LinkProblem[] = [];
  links.forEach((link, index) => {
    const result = results[index]!;
    if (result.verdict === 'ok') return;
    const list = result.verdict === 'broken' ? broken : warnings;
    for (const location of link.locations) list.push({ ...location, href: link.href, reason: result.reason ?? 'failed', kind: 'external' });
  });
  return { checked: links.length, fromCache, broken, warnings };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
