// `import MDXComponents from '@theme/MDXComponents'`: the components every page gets.
export { mdxComponents as default } from '../index';
