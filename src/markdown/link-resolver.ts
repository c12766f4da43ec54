import { dirname, join, resolve, sep } from 'node:path';
import type { LinkResolver } from './plugins/links';
import { isExternalUrl } from '../shared/url';

export interface LinkResolverOptions {
  siteDir: string;
  /** The content folders (docs, blog), absolute: a file link is looked up from the root of the linking file's folder. */
  contentDirs: string[];
  routeOfFile: Map<string, string>;
  href: (path: string) => string;
}

/**
 * Links as authors write them -> hrefs in the page: `../install/x.md#y` (a file path, relative
 * or site-absolute) becomes the doc's route; `/docs/x` gets the base URL and trailing-slash policy.
 * A file link that names no doc is left as written, so the link checker reports it with its line.
 */
export function createLinkResolver(options: LinkResolverOptions): LinkResolver {
  return (url, fromFile) => {
    if (!url || url.startsWith('#') || isExternalUrl(url)) return url;
    const suffixAt = url.search(/[?#]/);
    const path = suffixAt === -1 ? url : url.slice(0, suffixAt);
    const suffix = suffixAt === -1 ? '' : url.slice(suffixAt);
    if (/\.mdx?$/i.test(path)) {
      let decoded = path;
      try {
        decoded = decodeURIComponent(path);
      } catch {
        return url;
      }
      for (const candidate of fileCandidates(decoded, fromFile, options)) {
        const route = options.routeOfFile.get(candidate);
        if (route) return options.href(route) + suffix;
      }
      return url;
    }
    if (path.startsWith('/')) return options.href(path) + suffix;
    return url;
  };
}

/**
 * The files a Markdown link may name, in the order Docusaurus tries them: `./x.md` and `../x.md` are relative to
 * the linking file only; `/x.md` is relative to the content folder's root or the site folder; any other path
 * (`guides/x.md`, `x.md`) is tried from the content folder's root and the site folder first, then from the
 * linking file's folder. A file outside every content folder (a Markdown page) tries every content folder's root.
 */
function fileCandidates(path: string, fromFile: string, options: LinkResolverOptions): string[] {
  const fromDir = dirname(fromFile);
  if (path.startsWith('./') || path.startsWith('../')) return [resolve(fromDir, path)];
  // The innermost content folder holding the file is its own (an instance's folder may sit inside another's).
  const ownRoot = options.contentDirs.filter((dir) => fromFile.startsWith(dir + sep)).sort((a, b) => b.length - a.length)[0];
  const roots = [...(ownRoot ? [ownRoot] : options.contentDirs), options.siteDir];
  const fromRoots = roots.map((root) => join(root, path));
  return path.startsWith('/') ? fromRoots : [...fromRoots, resolve(fromDir, path)];
}
