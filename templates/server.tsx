import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { contentComponents } from './mdx';
import { applyPageHead, collectPageHead } from './mdx/page-head';
import { Root } from './Root';
import type { PageModule, RootProps } from './types';

// Node-side entry of the theme: the build bundles it with every route module and calls this per route.
export function renderApp(props: RootProps): string {
  // A Docusaurus page names its title in what it renders (`<Layout title>`): the shell, written next, reads it.
  const { result, head } = collectPageHead(() => renderToString(<Root {...props} />));
  applyPageHead(props.page.data, head);
  return result;
}

/** A page's Markdown body alone, as static HTML: what the blog feeds carry as each post's content. */
export function renderContent(page: PageModule): string {
  // renderToString's HTML, less the comments it puts between adjacent texts: renderToStaticMarkup's.
  if (page.contentHtml !== undefined) return page.contentHtml.replaceAll('<!-- -->', '');
  const Content = page.Content;
  return Content ? renderToStaticMarkup(<Content components={contentComponents(page)} />) : '';
}
