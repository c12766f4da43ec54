import { statSync, type Stats } from 'node:fs';
import { join } from 'node:path';

// Which file of the build answers a (checked, decoded) path, by the URL rules of CONTRACT.md §2:
// `/x`, `/x/`, `/x.html` and `/x/index.html` all lead to the page, whichever of `x/index.html`
// and `x.html` the build wrote. Folders are never listed, dotfiles never served.

export interface ResolvedFile {
  /** Absolute path on disk. */
  file: string;
  /** Path inside the served folder, "/docs/x/index.html". */
  relative: string;
  stats: Stats;
  /** A page found through the URL rules (not a file named exactly by the path): trailing-slash redirects apply. */
  page: boolean;
}

export function resolveFile(dir: string, pathname: string): ResolvedFile | undefined {
  const segments = pathname.split('/').slice(1);
  // `.well-known` is the one dot-folder the web expects to reach (security.txt, app links).
  if (segments.some((segment) => segment.startsWith('.') && segment !== '.well-known')) return undefined;

  if (!pathname.endsWith('/')) {
    const exact = fileAt(dir, pathname);
    if (exact) return { ...exact, page: false };
  }
  const stem = pageStem(pathname);
  for (const candidate of stem === '' ? ['/index.html'] : [`${stem}/index.html`, `${stem}.html`]) {
    const found = fileAt(dir, candidate);
    if (found) return { ...found, page: true };
  }
  return undefined;
}

/** "/x/index.html", "/x.html", "/x/" and "/x" -> "/x"; the root -> "". */
function pageStem(pathname: string): string {
  if (pathname.endsWith('/index.html')) return pathname.slice(0, -'/index.html'.length);
  if (pathname.endsWith('.html')) return pathname.slice(0, -'.html'.length);
  return pathname.replace(/\/$/, '');
}

function fileAt(dir: string, relative: string): { file: string; relative: string; stats: Stats } | undefined {
  const file = join(dir, relative);
  let stats: Stats | undefined;
  try {
    stats = statSync(file, { throwIfNoEntry: false });
  } catch (error) {
    // A path the file system cannot even look up (a name over its length limit, a file used as a folder)
    // names no file of the build: not found, not a server error.
    if (['ENAMETOOLONG', 'ENOTDIR', 'EINVAL'].includes((error as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw error;
  }
  return stats?.isFile() ? { file, relative, stats } : undefined;
}
