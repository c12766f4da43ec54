import type { SiteConfig } from '../config/schema';
import type { PageSource } from '../content/pages';
import type { CompiledMarkdown } from '../markdown/compile';
import type { StandalonePageData } from '../shared/types';
import { chunkName, outputFile, truncate, type RouteDefinition } from './route';

// Standalone pages (pages/**) -> one route each, by file path.

export function pageRoutes(pages: PageSource[], config: SiteConfig, compiled: Map<string, CompiledMarkdown>, href: (path: string) => string): RouteDefinition[] {
  return pages.map((page) => {
    const common = { path: page.path, chunkName: chunkName(page.path), source: page.source, outputFile: outputFile(page.path, config.trailingSlash) };
    if (page.format === 'react') {
      // The module's `meta` export, if any, replaces this title and description when the page module loads.
      const name = page.path.split('/').pop() ?? '';
      const title = page.path === '/' ? config.title : name.replace(/[-_]+/g, ' ').replace(/^\w/, (letter) => letter.toUpperCase());
      const data: StandalonePageData = { kind: 'page', title, permalink: href(page.path), format: 'react', toc: [], hideTableOfContents: true, hasOwnTitle: true };
      return { ...common, data, reactPage: { file: page.absolutePath, hasMeta: page.hasMeta } };
    }
    const result = compiled.get(page.absolutePath);
    const description = page.description ?? truncate(result?.excerpt, 160);
    const data: StandalonePageData = {
      kind: 'page',
      title: page.title,
      ...(description ? { description } : {}),
      permalink: href(page.path),
      format: 'mdx',
      toc: result?.toc ?? [],
      hideTableOfContents: page.frontMatter.hide_table_of_contents === true,
      hasOwnTitle: page.hasOwnTitle,
    };
    // React pages render what their code decides; only Markdown pages have text to index.
    return { ...common, data, contentFile: page.absolutePath, ...(description ? { description } : {}), search: { kind: 'page' } };
  });
}
