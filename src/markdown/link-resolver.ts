import { dirname, join, resolve } from 'node:path';
import type { LinkResolver } from './plugins/links';
import { isExternalUrl } from '../shared/url';

/**
 * Links as authors write them -> hrefs in the page: `../install/x.md#y` (a file path, relative
 * or site-absolute) becomes the doc's route; `/docs/x` gets the base URL and trailing-slash policy.
 * A file link that names no doc is left as written, so the link checker reports it with its line.
 */
export function createLinkResolver(options: { siteDir: string; docsDir: string; routeOfFile: Map<string, string>; href: (path: string) => string }): LinkResolver {
  return (url, fromFile) => {
    if (!url || url.startsWith('#') || isExternalUrl(url)) return url;
    const suffixAt = url.search(/[?#]/);
    const path = suffixAt === -1 ? url : url.slice(0, suffixAt);
    const suffix = suffixAt === -1 ? '' : url.slice(suffixAt);
    if (/\.mdx?$/i.test(path)) {
      let decoded = path;
      try {
        decoded = decodeURI(path);
      } catch {
        return url;
      }
      const candidates = decoded.startsWith('/') ? [join(options.siteDir, decoded), join(options.docsDir, decoded)] : [resolve(dirname(fromFile), decoded)];
      for (const candidate of candidates) {
        const route = options.routeOfFile.get(candidate);
        if (route) return options.href(route) + suffix;
      }
      return url;
    }
    if (path.startsWith('/')) return options.href(path) + suffix;
    return url;
  };
}
