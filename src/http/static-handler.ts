import { open, readFile } from 'node:fs/promises';
import { readFileSync, statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream';
import { parseRedirectsFile, REDIRECTS_FILE, withoutTrailingSlash } from '../emit/redirects-file';
import { parseHeadersFile } from '../emit/security-headers';
import { log } from '../core/log';
import { stripBase, withBase } from '../shared/url';
import { CompressedFiles, MIN_COMPRESSIBLE_BYTES, negotiateEncoding, type Encoding, type FileVersion } from './compression';
import { contentTypeOf, isCompressible } from './content-types';
import { FileServer } from './file-server';
import { encodePath, parseRequestPath } from './request-path';
import { ifRangeHolds, rangeOf } from './ranges';
import { resolveFile, type ResolvedFile } from './resolve-file';

// Serves a finished build the way a good static host would: `/x`, `/x/`, `/x.html` and
// `/x/index.html` all answer with the page (or redirect, when the config's trailingSlash says
// which form is canonical); unknown paths answer 404 with the not-found page; content-hashed
// assets are cached for a year, everything else is revalidated on every visit; text is compressed;
// a single byte range is answered with its bytes (ranges.ts).
// The dev server uses it too (dev: true): nothing cached, nothing compressed, no redirects.

export interface StaticHandlerOptions {
  dir: string;
  base: string;
  /** Dev server: never cache, never compress. */
  dev?: boolean;
  /** The config's trailingSlash: true or false redirects (301) the other form of a page's URL; unset answers both. */
  trailingSlash?: boolean;
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => void;

const ALLOWED_METHODS = 'GET, HEAD';

/**
 * Safe for any docs site. A build adds its Content-Security-Policy (which needs the hashes of its inline
 * scripts) and the rest of src/emit/security-headers.ts in its `_headers` file, read below.
 */
const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'SAMEORIGIN',
};

const HEADERS_FILE = '_headers';

const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
const CACHE_REVALIDATE = 'public, max-age=0, must-revalidate';
const CACHE_NEVER = 'no-store';

/** For a build without a 404.html. */
const FALLBACK_NOT_FOUND = Buffer.from('<!DOCTYPE html><title>Page Not Found</title><h1>Page Not Found</h1>');

export function createStaticHandler({ dir, base, dev = false, trailingSlash }: StaticHandlerOptions): RequestHandler {
  const files = new FileServer(dir, dev);
  const compressed = new CompressedFiles();

  // The build's `_headers`, read again when a new build replaces it (never in dev: the dev server's pages
  // carry scripts no build hashed).
  let buildHeaders: { mtimeMs: number; headers: Record<string, string> } | undefined;
  const headersOfBuild = (): Record<string, string> => {
    if (dev) return {};
    const stats = statSync(join(dir, HEADERS_FILE), { throwIfNoEntry: false });
    if (!stats?.isFile()) return {};
    if (buildHeaders?.mtimeMs !== stats.mtimeMs) {
      try {
        buildHeaders = { mtimeMs: stats.mtimeMs, headers: parseHeadersFile(readFileSync(join(dir, HEADERS_FILE), 'utf8')) };
      } catch {
        return {};
      }
    }
    return buildHeaders.headers;
  };

  // The build's `_redirects` (the config's redirects), read again when a new build replaces it.
  let buildRedirects: { mtimeMs: number; redirects: Map<string, { to: string; status: number }> } | undefined;
  const redirectOf = (pathname: string): { to: string; status: number } | undefined => {
    if (dev) return undefined;
    const stats = statSync(join(dir, REDIRECTS_FILE), { throwIfNoEntry: false });
    if (!stats?.isFile()) return undefined;
    if (buildRedirects?.mtimeMs !== stats.mtimeMs) {
      try {
        buildRedirects = { mtimeMs: stats.mtimeMs, redirects: parseRedirectsFile(readFileSync(join(dir, REDIRECTS_FILE), 'utf8')) };
      } catch {
        return undefined;
      }
    }
    return buildRedirects.redirects.get(withoutTrailingSlash(pathname));
  };

  /** Names under /assets/ carry a content hash: a new build writes new names, so they never change. */
  const cacheControlOf = (relative: string) => (dev ? CACHE_NEVER : relative.startsWith('/assets/') ? CACHE_IMMUTABLE : CACHE_REVALIDATE);

  const notFound = async (req: IncomingMessage, res: ServerResponse) => {
    // Headers of a file this request first resolved to (sirv may not have found it after all) do not belong here.
    for (const name of ['ETag', 'Last-Modified', 'Content-Length', 'Content-Encoding', 'Accept-Ranges']) res.removeHeader(name);
    const page = notFoundPageFor(dir, req.url ?? '/');
    // A missing page may exist after the next build: never remember the 404.
    const headers = { 'Content-Type': contentTypeOf(page), 'Cache-Control': CACHE_NEVER, Vary: 'Accept-Encoding' };
    const stats = statSync(page, { throwIfNoEntry: false });
    if (!stats?.isFile()) return sendBody(req, res, 404, FALLBACK_NOT_FOUND, headers);
    const encoding = !dev && stats.size >= MIN_COMPRESSIBLE_BYTES ? negotiateEncoding(req.headers['accept-encoding']) : undefined;
    if (!encoding) return sendBody(req, res, 404, await readFile(page), headers);
    const { body } = await compressed.get(page, { mtimeMs: stats.mtimeMs, size: stats.size }, encoding);
    sendBody(req, res, 404, body, { ...headers, 'Content-Encoding': encoding });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of Object.entries({ ...SECURITY_HEADERS, ...headersOfBuild() })) res.setHeader(name, value);
    // A static site has nothing to post to and no CORS preflights to answer: OPTIONS included, only GET and HEAD.
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendBody(req, res, 405, Buffer.from('Method Not Allowed\n'), { Allow: ALLOWED_METHODS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_NEVER });
      return;
    }
    const parsed = parseRequestPath(req.url);
    if (!parsed.ok) {
      if (parsed.reason === 'not found') return notFound(req, res);
      sendBody(req, res, 400, Buffer.from('Bad Request\n'), { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_NEVER });
      return;
    }
    // A redirect of the config answers before any file, as the hosts that read `_redirects` answer it.
    const redirect = redirectOf(parsed.pathname);
    if (redirect) {
      res.writeHead(redirect.status, { Location: redirect.to + parsed.search, 'Cache-Control': CACHE_REVALIDATE, 'Content-Length': 0 });
      res.end();
      return;
    }
    const path = stripBase(base, parsed.pathname);
    // The headers file is for the server, not a page of the site (static hosts do not serve it either).
    const resolved = path === undefined || path === `/${HEADERS_FILE}` || path === `/${REDIRECTS_FILE}` ? undefined : resolveFile(dir, path);
    if (path === undefined || !resolved) return notFound(req, res);

    const canonical = dev ? undefined : trailingSlashRedirect(path, resolved, trailingSlash);
    if (canonical !== undefined) {
      // Revalidated like pages: a site that changes its trailingSlash must not leave browsers bouncing between forms.
      res.writeHead(301, { Location: withBase(base, encodePath(canonical)) + parsed.search, 'Cache-Control': CACHE_REVALIDATE, 'Content-Length': 0 });
      res.end();
      return;
    }

    const { stats, relative } = resolved;
    const compressible = isCompressible(relative);
    const version: FileVersion = { mtimeMs: stats.mtimeMs, size: stats.size };
    // Ranges are answered here, never by sirv (whose parsing takes `bytes=0-0` for the whole file): it only ever
    // streams whole files. Only GET has ranges (RFC 9110 §14.2): HEAD and the rest ignore the header.
    const rangeHeader = req.method === 'GET' ? req.headers.range : undefined;
    delete req.headers.range;
    const identityTag = etagOf(version, undefined);
    const range = rangeHeader !== undefined && ifRangeHolds(headerValue(req.headers['if-range']), identityTag, stats.mtimeMs) ? rangeOf(rangeHeader, stats.size) : undefined;
    const ranged = range !== undefined && range.kind !== 'ignore';
    // Ranges are of the file as it is: a ranged answer is never compressed.
    const encoding = !dev && compressible && stats.size >= MIN_COMPRESSIBLE_BYTES && !ranged ? negotiateEncoding(req.headers['accept-encoding']) : undefined;
    res.setHeader('Content-Type', contentTypeOf(relative));
    res.setHeader('Cache-Control', cacheControlOf(relative));
    res.setHeader('Last-Modified', stats.mtime.toUTCString());
    const etag = etagOf(version, encoding);
    res.setHeader('ETag', etag);
    if (compressible) res.setHeader('Vary', 'Accept-Encoding');

    if (isNotModified(req, etag, stats.mtimeMs)) {
      res.removeHeader('Content-Type');
      res.writeHead(304);
      res.end();
      return;
    }
    if (encoding) {
      const entry = await compressed.get(resolved.file, version, encoding);
      // The bytes compressed may be a newer version than the one stat saw a moment ago.
      res.setHeader('ETag', etagOf(entry.version, encoding));
      res.setHeader('Content-Encoding', encoding);
      sendBody(req, res, 200, entry.body, {});
      return;
    }
    // Ranges are offered on the file as it is; like nginx, not on a compressed body (its bytes are not the file's).
    res.setHeader('Accept-Ranges', 'bytes');
    if (ranged && rangeHeader !== undefined) return sendRange(res, resolved.file, rangeHeader);
    if (req.method === 'HEAD') {
      res.setHeader('Content-Length', stats.size);
      res.end();
      return;
    }
    // The length of the file as it is now, whatever sirv listed.
    res.setHeader('Content-Length', stats.size);
    files.serve(req, res, resolved, () => void notFound(req, res).catch((error: unknown) => failed(res, error)));
  };

  return (req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A file deleted between lookup and read (a build swapping folders) is simply not there.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !res.headersSent) return notFound(req, res).catch((second: unknown) => failed(res, second));
      failed(res, error);
    });
  };
}

/** The canonical form of a page's path when the request used the other one; undefined when it is canonical. */
export function trailingSlashRedirect(path: string, resolved: ResolvedFile, trailingSlash: boolean | undefined): string | undefined {
  // Only pages found through the URL rules: a file named exactly (`/robots.txt`, `/x.html`) is never redirected.
  if (trailingSlash === undefined || !resolved.page || path === '/') return undefined;
  if (trailingSlash && !path.endsWith('/') && !path.endsWith('.html')) return `${path}/`;
  if (!trailingSlash && path.endsWith('/')) return path.slice(0, -1);
  return undefined;
}

/** Weak, like sirv's: equal size and mtime is the same file. Each encoding is its own representation. */
function etagOf(version: FileVersion, encoding: Encoding | undefined): string {
  return `W/"${version.size}-${Math.floor(version.mtimeMs)}${encoding ? `-${encoding}` : ''}"`;
}

function isNotModified(req: IncomingMessage, etag: string, mtimeMs: number): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  // If-None-Match wins over If-Modified-Since when both are sent (RFC 9110 §13.2.2).
  if (ifNoneMatch !== undefined) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
  }
  const ifModifiedSince = req.headers['if-modified-since'];
  if (!ifModifiedSince) return false;
  const since = Date.parse(ifModifiedSince);
  // HTTP dates have whole seconds.
  return !Number.isNaN(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
}

/**
 * A 206 with the bytes of one range, or a 416. The range is worked out again on the opened file: the bytes, their
 * Content-Range and the validators all describe the version read, even if the file changed since it was looked up.
 */
async function sendRange(res: ServerResponse, file: string, header: string): Promise<void> {
  const handle = await open(file, 'r');
  let stats: Stats;
  try {
    stats = await handle.stat();
  } catch (error) {
    await handle.close();
    throw error;
  }
  res.setHeader('Last-Modified', stats.mtime.toUTCString());
  res.setHeader('ETag', etagOf({ mtimeMs: stats.mtimeMs, size: stats.size }, undefined));
  const range = rangeOf(header, stats.size);
  if (range.kind !== 'range') {
    await handle.close();
    // A file that shrank under a satisfiable range is 416 too: nothing of what was asked is there.
    res.removeHeader('Content-Type');
    res.writeHead(416, { 'Content-Range': `bytes */${stats.size}`, 'Content-Length': 0 });
    res.end();
    return;
  }
  res.writeHead(206, { 'Content-Range': `bytes ${range.start}-${range.end}/${stats.size}`, 'Content-Length': range.end - range.start + 1 });
  // pipeline closes the file (autoClose) and the response on any error or an early disconnect: the headers are
  // sent, so a read error can only cut the answer short.
  pipeline(handle.createReadStream({ start: range.start, end: range.end }), res, () => undefined);
}

/** A header Node may give as a list (repeated): only one value has a meaning. */
function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A complete response from memory: right Content-Length, no body for HEAD. */
function sendBody(req: IncomingMessage, res: ServerResponse, status: number, body: Buffer, headers: Record<string, string | number>): void {
  res.writeHead(status, { ...headers, 'Content-Length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function failed(res: ServerResponse, error: unknown): void {
  log.error(`could not answer a request: ${error instanceof Error ? error.message : String(error)}`);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_NEVER });
  res.end('Internal Server Error\n');
}

/**
 * The not-found page of the deepest folder of a request's path that has one, as static hosts such as Cloudflare
 * Pages choose it: a translated locale's site (`/fr/`) answers its own missing pages in its own language.
 */
function notFoundPageFor(dir: string, url: string): string {
  let segments: string[];
  try {
    segments = decodeURIComponent(new URL(url, 'http://localhost').pathname).split('/').filter((segment) => segment && segment !== '.' && segment !== '..');
  } catch {
    segments = [];
  }
  for (let depth = Math.min(segments.length - 1, 4); depth > 0; depth--) {
    const candidate = join(dir, ...segments.slice(0, depth), '404.html');
    if (statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  return join(dir, '404.html');
}
