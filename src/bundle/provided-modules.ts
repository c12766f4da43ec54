import { join } from 'node:path';
import { TEMPLATES_DIR } from '../core/paths';

// The one table of the Docusaurus modules (and the few tiny packages Docusaurus templates use) that docsite
// provides from its own theme, so a Docusaurus site's pages and MDX build unchanged. Each entry names its file
// under templates/mdx/ and the named exports beside its default one (dev re-exports a shared module by name:
// src/dev/shared-modules.ts). Add a module here and nowhere else.

export interface ProvidedModule {
  /** Path under templates/mdx/. */
  file: string;
  /** Named exports besides `default` (which every entry but a few utility modules has). */
  names?: string[];
  /** A package name (`clsx`): used only when the site has not installed the package itself. */
  fallback?: boolean;
}

export const PROVIDED_MODULES: Record<string, ProvidedModule> = {
  '@theme/Layout': { file: 'theme/Layout.tsx' },
  '@theme/Heading': { file: 'theme/Heading.tsx' },
  '@theme/CodeBlock': { file: 'theme/CodeBlock.tsx' },
  '@theme/Tabs': { file: 'theme/Tabs.tsx' },
  '@theme/TabItem': { file: 'theme/TabItem.tsx' },
  '@theme/Admonition': { file: 'theme/Admonition.tsx' },
  '@theme/Details': { file: 'theme/Details.tsx' },
  '@theme/DocCardList': { file: 'theme/DocCardList.tsx' },
  '@theme/MDXComponents': { file: 'theme/MDXComponents.tsx' },
  '@theme/ThemedImage': { file: 'theme/ThemedImage.tsx' },
  '@theme/IdealImage': { file: 'theme/IdealImage.tsx' },
  '@theme/TOCInline': { file: 'theme/TOCInline.tsx' },
  '@theme/Mermaid': { file: 'theme/Mermaid.tsx' },
  '@docusaurus/Link': { file: 'docusaurus/Link.tsx' },
  '@docusaurus/useBaseUrl': { file: 'docusaurus/useBaseUrl.ts', names: ['useBaseUrlUtils'] },
  '@docusaurus/useDocusaurusContext': { file: 'docusaurus/useDocusaurusContext.ts' },
  '@docusaurus/BrowserOnly': { file: 'docusaurus/BrowserOnly.tsx' },
  '@docusaurus/useIsBrowser': { file: 'docusaurus/useIsBrowser.ts' },
  '@docusaurus/ExecutionEnvironment': { file: 'docusaurus/ExecutionEnvironment.ts' },
  '@docusaurus/Head': { file: 'docusaurus/Head.tsx' },
  '@docusaurus/Translate': { file: 'docusaurus/Translate.tsx', names: ['translate'] },
  '@docusaurus/Interpolate': { file: 'docusaurus/Interpolate.tsx', names: ['interpolate'] },
  '@docusaurus/router': { file: 'docusaurus/router.tsx', names: ['useLocation', 'useHistory', 'Redirect'] },
  '@docusaurus/isInternalUrl': { file: 'docusaurus/isInternalUrl.ts' },
  '@docusaurus/theme-common': { file: 'docusaurus/theme-common.ts', names: ['useColorMode', 'ThemeClassNames', 'useWindowSize'] },
  clsx: { file: 'packages/clsx.ts', names: ['clsx'], fallback: true },
  classnames: { file: 'packages/clsx.ts', names: ['clsx'], fallback: true },
};

/** The file behind a specifier docsite provides (`@theme/Layout`, `@docusaurus/Link`, `clsx`), or undefined. */
export function providedModuleFile(specifier: string): string | undefined {
  const provided = PROVIDED_MODULES[specifier];
  return provided && join(TEMPLATES_DIR, 'mdx', provided.file);
}

/** The Docusaurus modules docsite provides (the fallback packages aside). */
export function docusaurusModuleSpecifiers(): string[] {
  return Object.keys(PROVIDED_MODULES).filter((specifier) => !PROVIDED_MODULES[specifier]!.fallback);
}
