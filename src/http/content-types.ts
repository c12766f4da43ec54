import { extname } from 'node:path';

// Content types of the files a docs build holds. With `X-Content-Type-Options: nosniff` a browser
// trusts these and nothing else, so text types name their charset and nothing is left blank.

interface TypeInfo {
  type: string;
  /** Worth compressing on the fly: text formats. Images, fonts and archives are compressed already. */
  compressible: boolean;
}

const text = (type: string): TypeInfo => ({ type: `${type}; charset=utf-8`, compressible: true });
const binary = (type: string): TypeInfo => ({ type, compressible: false });

const TYPES: Record<string, TypeInfo> = {
  '.html': text('text/html'),
  '.htm': text('text/html'),
  '.css': text('text/css'),
  '.js': text('text/javascript'),
  '.mjs': text('text/javascript'),
  '.json': text('application/json'),
  '.map': text('application/json'),
  '.webmanifest': text('application/manifest+json'),
  '.xml': text('application/xml'),
  '.rss': text('application/rss+xml'),
  '.atom': text('application/atom+xml'),
  '.svg': text('image/svg+xml'),
  '.txt': text('text/plain'),
  '.md': text('text/markdown'),
  '.csv': text('text/csv'),
  // RFC 9512; browsers show it as text or offer it for download, both fine for an API document.
  '.yaml': text('application/yaml'),
  '.yml': text('application/yaml'),
  '.png': binary('image/png'),
  '.jpg': binary('image/jpeg'),
  '.jpeg': binary('image/jpeg'),
  '.gif': binary('image/gif'),
  '.webp': binary('image/webp'),
  '.avif': binary('image/avif'),
  '.ico': binary('image/x-icon'),
  '.woff': binary('font/woff'),
  '.woff2': binary('font/woff2'),
  '.ttf': binary('font/ttf'),
  '.otf': binary('font/otf'),
  '.pdf': binary('application/pdf'),
  '.zip': binary('application/zip'),
  '.gz': binary('application/gzip'),
  '.wasm': binary('application/wasm'),
  '.mp4': binary('video/mp4'),
  '.webm': binary('video/webm'),
  '.mp3': binary('audio/mpeg'),
};

const UNKNOWN = binary('application/octet-stream');

function infoOf(file: string): TypeInfo {
  return TYPES[extname(file).toLowerCase()] ?? UNKNOWN;
}

export function contentTypeOf(file: string): string {
  return infoOf(file).type;
}

export function isCompressible(file: string): boolean {
  return infoOf(file).compressible;
}
