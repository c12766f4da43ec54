import type { AnchorHTMLAttributes } from 'react';
import { Link } from '../../client-api';

// `import Link from '@docusaurus/Link'`: docsite's Link (base URL applied, external targets open safely), with
// Docusaurus's props: `to` or `href` (either may be a site path or a URL), `autoAddBaseUrl={false}` to write the
// path as it is. Without a target it is a plain anchor.
type DocusaurusLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to?: string; autoAddBaseUrl?: boolean; isNavLink?: boolean; activeClassName?: string };

export default function DocusaurusLink({ to, href, autoAddBaseUrl = true, isNavLink: _isNavLink, activeClassName: _activeClassName, ...rest }: DocusaurusLinkProps) {
  const target = to ?? href;
  if (target === undefined || !autoAddBaseUrl) return <a href={target} {...rest} />;
  return <Link to={target} {...rest} />;
}
