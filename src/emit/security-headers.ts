import { createHash } from 'node:crypto';

// The HTTP headers a docs site should be served with, written into the build as `_headers` (the
// format Netlify and Cloudflare Pages read; `docsite serve` reads it too). The Content-Security-Policy
// allows the site's own files and, of inline scripts, only docsite's own by hash: a `<script>` that
// Markdown, a theme override or an injected string puts into a page does not run.

/** The `sha256-…` source of an inline script, as a browser computes it over the element's text. */
export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/**
 * `inlineScripts`: the inline scripts of the site's pages (templates/shell.ts `inlineScripts`). The
 * config's head tags are links and metas only, so no other script source needs allowing.
 * `connectSources`: where pages may send requests besides the site itself (apiConnectSources).
 */
export function securityHeaders(inlineScripts: string[], connectSources: string[] = []): Record<string, string> {
  const policy = [
    "default-src 'self'",
    `script-src 'self' ${[...new Set(inlineScripts)].map(scriptHash).join(' ')}`,
    // Style attributes carry code colours (shiki) and layout set by React: no <style> injection risk worth breaking them.
    "style-src 'self' 'unsafe-inline'",
    // Docs embed badges and screenshots from elsewhere; images cannot run code.
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    // Embedded videos and demos (YouTube, CodeSandbox) are frames from other origins: they cannot reach the page.
    "frame-src 'self' https:",
    "media-src 'self' https:",
    // The API reference's Try it panel sends requests to the API's servers, from the reader's browser.
    ["connect-src 'self'", ...connectSources].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
  return {
    'Content-Security-Policy': policy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'SAMEORIGIN',
    // Nothing on a docs site needs these: a compromised script cannot ask for them either.
    'Permissions-Policy': 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
  };
}

/**
 * The origins the API reference's servers may have, as CSP sources: each server's own; any `http:` and `https:`
 * origin when a server's origin has a variable the reader may set freely (`{host}`), every value when its
 * variables each list their values (`enum`). A relative server URL is the site's own ('self').
 */
export function apiConnectSources(servers: { url: string; variables?: { name: string; default: string; enum?: string[] }[] }[]): string[] {
  const sources = new Set<string>();
  for (const server of servers) {
    const origin = /^[a-z{][^/]*:\/\/[^/]*/i.exec(server.url)?.[0];
    if (!origin) continue;
    const names = [...origin.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
    const choices = names.map((name) => server.variables?.find((variable) => variable.name === name)?.enum);
    if (choices.some((values) => !values?.length)) return ['http:', 'https:'];
    let origins = [origin];
    names.forEach((name, index) => (origins = origins.flatMap((partial) => choices[index]!.map((value) => partial.replaceAll(`{${name}}`, value)))));
    for (const each of origins) sources.add(each.toLowerCase());
  }
  return [...sources];
}

/** `_headers` for every path of the site, after the rules of a `_headers` the site has in its static folder. */
export function headersFile(headers: Record<string, string>, siteRules = ''): string {
  const ours = `# docsite: security headers for every page and file\n/*\n${Object.entries(headers).map(([name, value]) => `  ${name}: ${value}\n`).join('')}`;
  return siteRules ? `${siteRules.trimEnd()}\n\n${ours}` : ours;
}

/**
 * The headers of a `_headers` file that apply to every path (rules for `/*`, later ones winning); other
 * rules (docsite writes none) are left to the hosts that read the file.
 */
export function parseHeadersFile(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  let applies = false;
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      applies = line.trim() === '/*';
      continue;
    }
    const colon = line.indexOf(':');
    if (applies && colon > 0) headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}
