// The path of a request, decoded once and checked, before anything looks at the disk. A request
// that tries to leave the served folder (`..`, encoded or not, backslashes, encoded slashes,
// NUL bytes) is refused as a whole (400) rather than "cleaned up": cleaning is where traversal
// bugs live. Browsers resolve dot segments and turn backslashes into slashes before sending, so
// only hand-made requests carry them.

export type RequestPath =
  | {
      ok: true;
      /** Decoded, starting with "/"; segments never empty (except a trailing slash), ".", ".." or holding "/", "\" or NUL. */
      pathname: string;
      /** The query string with its "?", or "". */
      search: string;
    }
  | { ok: false; reason: 'bad request' | 'not found' };

export function parseRequestPath(target: string | undefined): RequestPath {
  let raw = target ?? '/';
  // The absolute form ("GET http://host/x HTTP/1.1") is legal, if rare: keep its path.
  const absolute = /^https?:\/\/[^/?#]*/i.exec(raw);
  if (absolute) raw = raw.slice(absolute[0].length) || '/';
  if (!raw.startsWith('/')) return { ok: false, reason: 'bad request' };

  const queryAt = raw.search(/[?#]/);
  const rawPath = queryAt === -1 ? raw : raw.slice(0, queryAt);
  const search = queryAt === -1 || raw[queryAt] === '#' ? '' : raw.slice(queryAt).replace(/#.*$/, '');
  if (rawPath.includes('\\')) return { ok: false, reason: 'bad request' };

  const segments = rawPath.split('/').slice(1);
  const decoded: string[] = [];
  for (const [index, segment] of segments.entries()) {
    let value: string;
    try {
      value = decodeURIComponent(segment);
    } catch {
      // A broken escape is more likely a mangled link than an attack: it simply names no file.
      return { ok: false, reason: 'not found' };
    }
    if (value === '.' || value === '..' || /[/\\\0]/.test(value)) return { ok: false, reason: 'bad request' };
    // "//" names nothing; refusing it also keeps redirects from ever producing "//host" (an open redirect).
    if (value === '' && index < segments.length - 1) return { ok: false, reason: 'not found' };
    decoded.push(value);
  }
  return { ok: true, pathname: `/${decoded.join('/')}`, search };
}

/** The inverse for a Location header: each segment percent-encoded again. */
export function encodePath(pathname: string): string {
  return pathname.split('/').map(encodeURIComponent).join('/');
}
