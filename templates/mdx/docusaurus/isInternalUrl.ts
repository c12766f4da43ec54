import { isExternalUrl } from '../../../src/shared/url';

// `isInternalUrl(url)`: a path of this site, not a link elsewhere (`mailto:`, `https://…`).
export default function isInternalUrl(url?: string): boolean {
  return typeof url === 'string' && !isExternalUrl(url) && !/^[a-z][a-z0-9+.-]*:/i.test(url);
}
