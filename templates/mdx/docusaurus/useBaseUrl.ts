import { isExternalUrl } from '../../../src/shared/url';
import { useSite } from '../../context/site';

// `import useBaseUrl, { useBaseUrlUtils } from '@docusaurus/useBaseUrl'`, as Docusaurus reads a path: the base
// URL goes in front of site paths, written with or without the leading slash (`img/logo.svg`), and of nothing
// else (`#anchors`, URLs). Unlike links, these are often files, so no trailing-slash policy applies.
export function addBaseUrl(site: { url: string; baseUrl: string }, url: string, options?: { absolute?: boolean; forcePrependBaseUrl?: boolean }): string {
  if (!url || url.startsWith('#') || isExternalUrl(url)) return url;
  const path = !options?.forcePrependBaseUrl && url.startsWith(site.baseUrl) ? url : site.baseUrl + url.replace(/^\//, '');
  return options?.absolute ? site.url + path : path;
}

export default function useBaseUrl(url: string, options?: { absolute?: boolean; forcePrependBaseUrl?: boolean }): string {
  return addBaseUrl(useSite(), url, options);
}

export function useBaseUrlUtils(): { withBaseUrl: (url: string, options?: { absolute?: boolean; forcePrependBaseUrl?: boolean }) => string } {
  const site = useSite();
  return { withBaseUrl: (url, options) => addBaseUrl(site, url, options) };
}
