import siteComponents from 'docsite:site-mdx-components';
import type { PageModule } from '../../src/shared/theme';

// What a page's MDX renders with: the global components its chunk brought (Tabs, when the content uses them:
// src/shared/mdx-builtins.ts), then the site's own from `src/theme/MDXComponents` (Docusaurus' way of adding
// global components: `export default { ...MDXComponents, Highlight }`).
export function contentComponents(page: Pick<PageModule, 'components'>): Record<string, unknown> {
  return page.components ? { ...page.components, ...siteComponents } : siteComponents;
}
