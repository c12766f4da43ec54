import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PROVIDED_MODULES } from '../bundle/provided-modules';
import { isPageHelper } from '../content/pages';
import { listFiles } from '../core/fs-utils';

// Docusaurus pages (src/pages) are React components built on Docusaurus's own modules (@theme/Layout,
// @docusaurus/Link, ...). docsite provides the common ones (src/bundle/provided-modules.ts) and builds the folder
// as it is; this looks at it the way docsite's pages loader does and names the imports a placeholder will stand
// in for, so the migration says so before the first build.

export interface PagesFolderReport {
  /** Pages docsite builds (site-relative). */
  pages: string[];
  /** Docusaurus modules pages import that docsite does not provide: a placeholder box renders instead. */
  unprovided: Array<{ file: string; specifier: string }>;
}

const PAGE_FILE = /\.(mdx?|[jt]sx?)$/;
const DOCUSAURUS_IMPORT = /(?:from\s*|import\s*\(\s*|require\s*\(\s*|import\s+)['"]((?:@theme|@docusaurus)\/[^'"]+)['"]/g;

/** undefined when the folder does not exist. */
export async function checkPagesFolder(siteDir: string, pagesPath: string): Promise<PagesFolderReport | undefined> {
  const dir = join(siteDir, pagesPath);
  if (!existsSync(dir)) return undefined;
  const report: PagesFolderReport = { pages: [], unprovided: [] };
  for (const file of await listFiles(dir)) {
    // The same files both tools leave out: helpers starting with "_", tests and type declarations.
    if (!PAGE_FILE.test(file) || isPageHelper(file)) continue;
    const source = `${pagesPath}/${file}`;
    report.pages.push(source);
    // Type-only imports (`import type { Config } from '@docusaurus/types'`) leave nothing in the built page.
    const text = (await readFile(join(dir, file), 'utf8')).replace(/import\s+type\s[^;]*?from\s*['"][^'"]+['"]/g, '');
    for (const match of text.matchAll(DOCUSAURUS_IMPORT)) {
      const specifier = match[1]!;
      if (!PROVIDED_MODULES[specifier]) report.unprovided.push({ file: source, specifier });
    }
  }
  return report;
}
