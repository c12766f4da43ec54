import { createHash } from 'node:crypto';

// Static content's HTML as files of its own (markdown/static-html.ts renders it): `assets/content/<hash>.html`,
// what client navigation fetches for such a page instead of a module. Named by content, so a reader's browser
// keeps one across deploys that leave the page's text alone.

export const CONTENT_DIR = 'assets/content';

/** `assets/content/<hash>.html`, relative to the output folder, of the HTML made of these parts one after the other. */
export function contentFileOf(...html: string[]): string {
  const hash = createHash('sha256');
  for (const part of html) hash.update(part);
  return `${CONTENT_DIR}/${hash.digest('base64url').slice(0, 16)}.html`;
}

/** Whether an output file (relative to the output folder) is a static content's file. */
export function isContentFile(file: string): boolean {
  return file.startsWith(`${CONTENT_DIR}/`);
}
