import type { RouteDefinition } from '../routes';
import { withBase } from '../shared/url';

// `_redirects`, the file Netlify and Cloudflare Pages read: one line per redirect of the config (routes/redirects.ts),
// so those hosts answer with a 301 before any page loads. The pages themselves stay for every other host.
// (Case twins are left out: those hosts match paths without regard to case, and would send a page to itself.)

export const REDIRECTS_FILE = '_redirects';

/** The file's text, or nothing when the config has no redirects. */
export function redirectsFile(routes: RouteDefinition[], base: string): string | undefined {
  const lines = routes.flatMap((route) => (route.configRedirect && route.data.kind === 'redirect' ? [`${withBase(base, route.path)} ${route.data.to} 301`] : []));
  return lines.length ? `${lines.join('\n')}\n` : undefined;
}

/**
 * The redirects of a `_redirects` file by old path (trailing slash dropped): `docsite serve` answers them as the
 * hosts do. Lines with a placeholder or a splat, which docsite never writes, are skipped.
 */
export function parseRedirectsFile(text: string): Map<string, { to: string; status: number }> {
  const redirects = new Map<string, { to: string; status: number }>();
  for (const line of text.split('\n')) {
    const [from, to, status] = line.trim().split(/\s+/);
    if (!from || !to || from.startsWith('#') || /[*:]/.test(from)) continue;
    const code = Number(status ?? 301);
    redirects.set(withoutTrailingSlash(from), { to, status: [301, 302, 303, 307, 308].includes(code) ? code : 301 });
  }
  return redirects;
}

export function withoutTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
