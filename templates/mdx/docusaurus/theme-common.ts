import { useEffect, useState } from 'react';
import { useColorMode as useDocsiteColorMode } from '../../hooks/use-color-mode';

// `@docusaurus/theme-common`, the part pages use: the colour mode, the theme's class names, the window size.

export function useColorMode(): { colorMode: 'light' | 'dark'; isDarkTheme: boolean; setColorMode: (mode: 'light' | 'dark') => void } {
  const { mode, setMode } = useDocsiteColorMode();
  const colorMode = mode ?? 'light';
  return { colorMode, isDarkTheme: colorMode === 'dark', setColorMode: setMode };
}

/** Docusaurus's stable class names; pages pass them to elements for site CSS to target. */
export const ThemeClassNames = {
  page: { docsDocPage: 'docs-doc-page', blogListPage: 'blog-list-page', blogPostPage: 'blog-post-page', mdxPage: 'mdx-page' },
  wrapper: { main: 'main-wrapper', docsPages: 'docs-wrapper', blogPages: 'blog-wrapper', mdxPages: 'mdx-wrapper' },
  common: { editThisPage: 'theme-edit-this-page', lastUpdated: 'theme-last-updated', backToTopButton: 'theme-back-to-top-button', codeBlock: 'theme-code-block', admonition: 'theme-admonition' },
  docs: { docMarkdown: 'theme-doc-markdown' },
  blog: {},
} as const;

/** 'desktop' or 'mobile' in the browser (Docusaurus's 996px breakpoint); undefined on the server and while hydrating. */
export function useWindowSize(): 'desktop' | 'mobile' | undefined {
  const [size, setSize] = useState<'desktop' | 'mobile' | undefined>(undefined);
  useEffect(() => {
    const query = window.matchMedia('(min-width: 997px)');
    const update = () => setSize(query.matches ? 'desktop' : 'mobile');
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return size;
}
