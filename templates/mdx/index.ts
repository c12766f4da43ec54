import siteComponents from 'docsite:site-mdx-components';
import { builtinMdxComponents } from './builtin';

// What MDX pages render with: docsite's components, then the site's own from `src/theme/MDXComponents`
// (Docusaurus' way of adding global components: `export default { ...MDXComponents, Highlight }`).
export const mdxComponents: Record<string, unknown> = { ...builtinMdxComponents, ...siteComponents };
