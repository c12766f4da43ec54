import { createHash } from 'node:crypto';
import { DocsiteError } from '../core/errors';
import type { ContentFile, PageData } from '../shared/types';

// Static content's HTML as files of its own (markdown/static-html.ts renders it): `assets/content/<hash>.json`, the
// page's data and its content's HTML, what client navigation fetches for such a page instead of a module (the page's
// route frame makes the page module of the data, bundle/virtual-modules.ts `routeFrames`). Named by content, so a
// reader's browser keeps one across deploys that leave the page alone.

export const CONTENT_DIR = 'assets/content';

/** `assets/content/<hash>.json`, relative to the output folder, of the file made of these parts (its data, its HTML). */
export function contentFileOf(...parts: string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return `${CONTENT_DIR}/${hash.digest('base64url').slice(0, 16)}.json`;
}

/** A content file's text. */
export function contentFileText(data: PageData, html: string): string {
  return JSON.stringify({ data, html } satisfies ContentFile);
}

/** The HTML of a content file's text; `file` names it in the error when the text is not a content file's. */
export function contentFileHtml(text: string, file: string): string {
  let html: unknown;
  try {
    html = (JSON.parse(text) as { html?: unknown }).html;
  } catch {
    html = undefined;
  }
  // A file of the previous output changed since it was written (the build takes it as it is).
  if (typeof html !== 'string') throw new DocsiteError('not a docsite content file: delete the output folder and build again', { file });
  return html;
}

/** Whether an output file (relative to the output folder) is a static content's file. */
export function isContentFile(file: string): boolean {
  return file.startsWith(`${CONTENT_DIR}/`);
}
