import { createLinkResolver } from './link-resolver';
import type { MarkdownOptions } from './compile';
import { createHrefBuilder } from '../shared/url';

/**
 * Everything the Markdown compiler needs, as plain data: it crosses into worker threads,
 * where functions cannot go, and each side rebuilds the same compiler options from it.
 */
export interface CompileSetup {
  minHeadingLevel: number;
  maxHeadingLevel: number;
  siteDir: string;
  docsDir: string;
  baseUrl: string;
  trailingSlash: boolean | undefined;
  /** The site's static folders (relative), where `![](/img/x.png)` images are found. */
  staticDirs: string[];
  /** Absolute source file -> route path (without base URL). */
  routeOfFile: Array<[string, string]>;
}

export function markdownOptionsFrom(setup: CompileSetup): MarkdownOptions {
  const href = createHrefBuilder(setup.baseUrl, setup.trailingSlash);
  return {
    minHeadingLevel: setup.minHeadingLevel,
    maxHeadingLevel: setup.maxHeadingLevel,
    images: { siteDir: setup.siteDir, staticDirs: setup.staticDirs, baseUrl: setup.baseUrl },
    resolveLink: createLinkResolver({ siteDir: setup.siteDir, docsDir: setup.docsDir, routeOfFile: new Map(setup.routeOfFile), href }),
  };
}
