// `@theme-original/MDXComponents`, which a site's own `src/theme/MDXComponents` extends: docsite's
// components without the site's (importing the merged set from there would be a cycle).
export { builtinMdxComponents as default } from '../builtin';
