// URL helpers shared by the Node side, the templates and the client runtime.

/** Ensures a leading and a trailing slash: "docs" -> "/docs/". */
export function normalizeBaseUrl(base: string): string {
  let result = base.trim();
  if (!result.startsWith('/')) result = `/${result}`;
  if (!result.endsWith('/')) result = `${result}/`;
  return result.replace(/\/{2,}/g, '/');
}

/** Prefixes a site-absolute path with the base URL: ("/memora/", "/docs/x") -> "/memora/docs/x". */
export function withBase(base: string, path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  if (base === '/') return path;
  if (path === base || path.startsWith(base)) return path;
  return base + path.slice(1);
}

/**
 * The URL of a file the bundle wrote, given relative to the output ("assets/app-X.js"); one given by URL already
 * (React's file, which a site's locales share) stays as it is.
 */
export function assetUrl(base: string, path: string): string {
  return path.startsWith('/') ? path : withBase(base, `/${path}`);
}

/** Strips the base URL from a pathname; returns undefined when the path is outside the base. */
export function stripBase(base: string, pathname: string): string | undefined {
  if (base === '/') return pathname;
  if (pathname === base.slice(0, -1)) return '/';
  if (!pathname.startsWith(base)) return undefined;
  return `/${pathname.slice(base.length)}`;
}

/**
 * The canonical key of a route path, used by the route table, the link checker and the client router:
 * no trailing slash (except "/"), no `.html` or `/index.html`, decoded.
 */
export function routeKey(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURI(path);
  } catch {
    // A malformed escape: keep the raw path, it simply won't match a route.
  }
  if (path.endsWith('/index.html')) path = path.slice(0, -'index.html'.length);
  else if (path.endsWith('.html')) path = path.slice(0, -'.html'.length);
  if (path.length > 1 && path.endsWith('/')) path = path.replace(/\/+$/, '');
  return path || '/';
}

/** Applies the site's trailingSlash policy to a route path for links. */
export function applyTrailingSlash(path: string, trailingSlash: boolean | undefined): string {
  if (trailingSlash === undefined || path === '/') return path;
  const [pathname, suffix = ''] = splitSuffix(path);
  if (trailingSlash) return (pathname.endsWith('/') ? pathname : `${pathname}/`) + suffix;
  return (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) + suffix;
}

function splitSuffix(path: string): [string, string] {
  const index = path.search(/[?#]/);
  return index === -1 ? [path, ''] : [path.slice(0, index), path.slice(index)];
}

export function isExternalUrl(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

/** Site-absolute route path -> href as written into pages: base URL and trailing-slash policy applied. */
export function createHrefBuilder(base: string, trailingSlash: boolean | undefined): (path: string) => string {
  return (path) => (isExternalUrl(path) ? path : withBase(base, applyTrailingSlash(path, trailingSlash)));
}

/** The URL path of a page's Markdown twin (`/docs/install/` -> `/docs/install.md`): the build writes it, the theme links it. */
export function markdownTwinOf(path: string): string {
  return `${path.replace(/\/+$/, '') || '/index'}.md`;
}
