import siteComponents from 'docsite:site-mdx-components';
import { builtinMdxComponents } from '../builtin';

// `import MDXComponents from '@theme/MDXComponents'`: the components every page can use, docsite's and the site's.
export default { ...builtinMdxComponents, ...siteComponents };
