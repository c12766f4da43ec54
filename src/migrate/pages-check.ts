import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listFiles } from '../core/fs-utils';

// Docusaurus pages (src/pages) are React components built on Docusaurus's own modules (@theme/Layout,
// @docusaurus/Link, ...), which docsite does not provide: pointing docsite at such a folder would fail the
// build. This looks at the folder the way docsite's pages loader would and says what stands in the way.

export interface PagesFolderReport {
  /** Pages docsite would build that import Docusaurus modules (site-relative). */
  docusaurusPages: string[];
  /** React pages in .js/.ts files: Docusaurus builds them, docsite skips them (it reads .jsx/.tsx). */
  skippedPages: string[];
}

const DOCUSAURUS_IMPORT = /(?:from\s*|import\s*\(\s*|require\s*\(\s*|import\s+)['"](@theme(?:-original|-init)?\/|@docusaurus\/|@generated\/)/;
const REACT_PAGE = /\.[jt]sx$/;
const PLAIN_SCRIPT = /\.[jt]s$/;

/** undefined when the folder does not exist. */
export async function checkPagesFolder(siteDir: string, pagesPath: string): Promise<PagesFolderReport | undefined> {
  const dir = join(siteDir, pagesPath);
  if (!existsSync(dir)) return undefined;
  const report: PagesFolderReport = { docusaurusPages: [], skippedPages: [] };
  for (const file of await listFiles(dir)) {
    // The same files both tools leave out: helpers starting with "_", and tests.
    if (file.split('/').some((part) => part.startsWith('_')) || /\.(test|spec)\.[jt]sx?$/.test(file) || file.includes('__tests__/')) continue;
    const source = `${pagesPath}/${file}`;
    if (PLAIN_SCRIPT.test(file) && !file.endsWith('.d.ts')) report.skippedPages.push(source);
    else if (REACT_PAGE.test(file) && DOCUSAURUS_IMPORT.test(await readFile(join(dir, file), 'utf8'))) report.docusaurusPages.push(source);
  }
  return report;
}
