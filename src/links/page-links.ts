import { dirname, relative } from 'node:path';
import type { CompiledMarkdown } from '../markdown/compile';
import { resolveSitePath } from '../markdown/raw-imports';
import type { RenderedPage } from '../render/render';
import { extractLinks, type PageLinks, type SourceLink } from './check-links';

/** Compile results by absolute file path: pages' and the partials they import. */
export interface CompiledSources {
  get(file: string): Pick<CompiledMarkdown, 'links' | 'partials'> | undefined;
}

/** Partials import partials; past this depth (or in a cycle) their links are the page's theme links. */
const MAX_PARTIAL_DEPTH = 8;

/**
 * A rendered page's hrefs and ids, and the positions of the links its source wrote, so that a broken
 * link is reported at its file:line:column wherever it is found (build, check-links and dev alike).
 * Links of the partials the page imports are reported at the partial's lines. `intern` (one map per build)
 * makes pages share one string per distinct href.
 */
export function pageLinksOf(page: Pick<RenderedPage, 'route' | 'appHtml'>, compiled: CompiledSources, siteDir: string, intern?: Map<string, string>): PageLinks {
  const { hrefs, ids } = extractLinks(page.appHtml, intern);
  return withSourceLinks({ route: page.route, hrefs, ids }, compiled, siteDir);
}

/** A page's links (found in its HTML, here or in a render worker) with the positions of those its source wrote. */
export function withSourceLinks(links: Omit<PageLinks, 'sourceLinks'>, compiled: CompiledSources, siteDir: string): PageLinks {
  const sourceLinks = links.route.contentFile ? writtenLinks(links.route.contentFile, compiled, siteDir) : undefined;
  return { ...links, ...(sourceLinks ? { sourceLinks } : {}) };
}

/** The links a page's file wrote, then those of each partial it imports (each file once). */
function writtenLinks(contentFile: string, compiled: CompiledSources, siteDir: string): SourceLink[] | undefined {
  const own = compiled.get(contentFile);
  if (!own) return undefined;
  if (!own.partials?.length) return own.links;
  const links: SourceLink[] = [...own.links];
  const seen = new Set([contentFile]);
  const visit = (importer: string, partials: string[], depth: number) => {
    if (depth > MAX_PARTIAL_DEPTH) return;
    for (const specifier of partials) {
      const file = resolveSitePath(specifier, dirname(importer), siteDir);
      if (seen.has(file)) continue;
      seen.add(file);
      const result = compiled.get(file);
      if (!result) continue;
      const source = relative(siteDir, file).split('\\').join('/');
      for (const link of result.links) links.push({ ...link, file: source });
      if (result.partials?.length) visit(file, result.partials, depth + 1);
    }
  };
  visit(contentFile, own.partials, 1);
  return links;
}
