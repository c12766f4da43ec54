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

/**
 * The theme: the runtime's one way into templates/ (resolved to templates/index.ts by the bundler).
 * Importing it also brings the theme's global stylesheet.
 */
declare module 'docsite:theme' {
  import type { ThemeEntry } from '../shared/theme';
  export const Root: ThemeEntry['Root'];
  export const configureStorage: ThemeEntry['configureStorage'];
}

declare module '*.css';

/** The site's own stylesheets (config `customCss`), imported for their side effect: see src/bundle/custom-css.ts. */
declare module 'docsite:custom-css' {}

/** The config's `customFields` (Docusaurus's `siteConfig.customFields`), for the pages that read them. */
declare module 'docsite:custom-fields' {
  const customFields: Record<string, unknown>;
  export default customFields;
}
