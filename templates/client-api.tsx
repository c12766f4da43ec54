import type { AnchorHTMLAttributes } from 'react';
import { createHrefBuilder, isExternalUrl } from '../src/shared/url';
import { useSite } from './context/site';

// `docsite/client`: what a site's own React pages and MDX components may import. Links written
// with these follow the site's base URL and trailing-slash policy, so a page keeps working when
// the site moves to a sub-path (`docsite build --base-url /docs-preview/`).

export { useRoute, useSite } from './context/site';
export { useColorMode } from './hooks/use-color-mode';

/** A site-absolute path (`/docs/intro`) as the href to write; external URLs and `#anchors` pass through. */
export function useBaseUrl(path: string): string {
  const site = useSite();
  if (path.startsWith('#')) return path;
  return createHrefBuilder(site.baseUrl, site.trailingSlash)(path);
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** An in-site link (client-side navigation comes with every `<a>`); external targets open safely. */
export function Link({ to, children, ...rest }: LinkProps) {
  const href = useBaseUrl(to);
  return (
    <a href={href} {...(isExternalUrl(to) ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...rest}>
      {children}
    </a>
  );
}
