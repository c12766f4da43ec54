// Modules the build generates for the client bundle (see src/bundle/virtual-modules.ts).
declare module 'docsite:site' {
  import type { SiteData } from '../shared/types';
  const site: SiteData;
  export default site;
}

/** The default export of the site's `src/theme/MDXComponents`, or `{}`. */
declare module 'docsite:site-mdx-components' {
  const components: Record<string, unknown>;
  export default components;
}

declare module '*.css';
