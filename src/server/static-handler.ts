import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';
import { stripBase } from '../shared/url';

// Serves a finished build the way a good static host would: `/x`, `/x/`, `/x.html` and
// `/x/index.html` all answer with the page; unknown paths answer 404 with the not-found page;
// content-hashed assets are cached for a year, HTML is revalidated on every visit.

export interface StaticHandlerOptions {
  dir: string;
  base: string;
  /** Dev server: never cache. */
  dev?: boolean;
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => void;

export function createStaticHandler({ dir, base, dev = false }: StaticHandlerOptions): RequestHandler {
  const files = sirv(dir, {
    dev,
    etag: true,
    extensions: ['html'],
    dotfiles: false,
    setHeaders(res, pathname) {
      if (dev) res.setHeader('Cache-Control', 'no-store');
      else if (pathname.startsWith('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
    },
  });

  const notFound = (res: ServerResponse) => {
    const page = join(dir, '404.html');
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end(existsSync(page) ? readFileSync(page) : '<!DOCTYPE html><title>Page Not Found</title><h1>Page Not Found</h1>');
  };

  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      notFound(res);
      return;
    }
    const stripped = stripBase(base, pathname);
    if (stripped === undefined || stripped.includes('\0')) {
      notFound(res);
      return;
    }
    req.url = normalizePath(dir, stripped) + url.search;
    files(req, res, () => notFound(res));
  };
}

/** `/x/index.html` -> `/x/`, and `/x.html` -> `/x` unless that .html file really exists. */
function normalizePath(dir: string, pathname: string): string {
  if (pathname.endsWith('/index.html')) return pathname.slice(0, -'index.html'.length);
  if (pathname.endsWith('.html') && !isFile(join(dir, pathname))) return pathname.slice(0, -'.html'.length);
  return pathname;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
