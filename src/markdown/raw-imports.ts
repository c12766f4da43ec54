import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

// Raw imports (`!!raw-loader!./push.py`, webpack's form that Docusaurus sites use, and `./push.py?raw`):
// the bundler resolves them to the file's text, and the Markdown compiler inlines that text into code
// blocks. Both find the file the same way, here.

/** The path a raw import names, without its markers; undefined when the specifier is not a raw import. */
export function rawImportTarget(specifier: string): string | undefined {
  if (!specifier.startsWith('!!raw-loader!') && !specifier.endsWith('?raw')) return undefined;
  return specifier.replace(/^!!raw-loader!/, '').replace(/\?raw$/, '');
}

/** `@site/x` and site-absolute `/x` are files of the site folder; anything else is relative to the importer. */
export function resolveSitePath(target: string, fromDir: string, siteDir: string): string {
  if (target.startsWith('@site/')) return join(siteDir, target.slice('@site/'.length));
  if (target.startsWith('/') && !existsSync(target)) return join(siteDir, target);
  return resolve(fromDir, target);
}
