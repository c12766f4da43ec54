import type { ReactNode } from 'react';
import { usePageHead } from '../page-head';
import '../docusaurus-compat.css';

// `import Layout from '@theme/Layout'`: every docsite page already sits in the site's layout (navbar, footer), so
// this renders the page's own part, in Docusaurus's `main-wrapper`, and sets the head's title and description.
// `noFooter` hides the site footer while the page is shown (docusaurus-compat.css).
export default function Layout({ title, description, wrapperClassName, noFooter, children }: { title?: string; description?: string; wrapperClassName?: string; noFooter?: boolean; children?: ReactNode }) {
  usePageHead({ ...(title ? { title } : {}), ...(description ? { description } : {}) });
  const className = ['main-wrapper', wrapperClassName, noFooter ? 'layout-no-footer' : undefined].filter(Boolean).join(' ');
  return (
    <div id="main-content" className={className}>
      {children}
    </div>
  );
}
