import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { validateConfig } from '../config/load';
import { DEFAULT_DOCS_ID, type SiteConfig } from '../config/schema';
import { loadDocs, type DocSource } from '../content/docs';
import { loadSidebars } from '../content/sidebars';
import type { NavTarget } from '../config/site-data';
import { navDocsOf } from '../content/nav-targets';
import { docsInstancesOf } from '../content/docs-instances';
import type { SidebarsData } from './sidebars';

// Docusaurus navbar items name docs and sidebars (`{ type: 'doc', docId }`, `{ type: 'docSidebar',
// sidebarId }`); docsite's navbar takes paths. The paths come from docsite's own loaders, run on the
// migrated docs settings, so they are the routes `docsite build` will make.

export type { NavTarget } from '../config/site-data';

export interface DocTargets {
  doc(id: string): NavTarget | undefined;
  sidebar(id: string): NavTarget | undefined;
}

/** The docs of the site as docsite reads them with the migrated settings; the error when it cannot. */
export interface DocsIndex {
  config: SiteConfig;
  docs: DocSource[];
}

/** A config just for the loaders: only `docs` matters to them. */
function loaderConfig(docs: Record<string, unknown> | undefined): SiteConfig {
  return validateConfig({ title: 'migrate', url: 'https://migrate.invalid', ...(docs ? { docs } : {}) }, 'docsite.config.ts');
}

export async function loadDocsIndex(siteDir: string, docs: Record<string, unknown> | undefined): Promise<DocsIndex | Error> {
  try {
    const config = loaderConfig(docs ? { ...docs, sidebarPath: undefined } : undefined);
    const list = await loadDocs({ siteDir, config, includeDrafts: false });
    return { config, docs: list };
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

export async function resolveDocTargets(siteDir: string, index: DocsIndex, sidebars: SidebarsData | undefined): Promise<DocTargets | Error> {
  // docsite's sidebar loader reads a file: the (converted) sidebars go to a scratch file outside the site.
  const scratch = await mkdtemp(join(tmpdir(), 'docsite-migrate-'));
  try {
    const config = structuredClone(index.config);
    if (sidebars) {
      const file = join(scratch, 'sidebars.json');
      await writeFile(file, JSON.stringify(sidebars));
      config.docs.sidebarPath = relative(siteDir, file);
    }
    const loaded = await loadSidebars(siteDir, config, index.docs, (path) => path);
    // The same targets `docsite build` gives its own doc and docSidebar items; these docs are the scratch config's main docs.
    const targets = navDocsOf({
      instances: docsInstancesOf(config),
      docs: index.docs,
      sidebars: loaded.sidebars,
      docSidebars: new Map(index.docs.flatMap((doc) => (loaded.byDoc.has(doc.id) ? [[doc.absolutePath, loaded.byDoc.get(doc.id)!] as const] : []))),
      generatedIndexes: loaded.generatedIndexes,
      href: (path) => path,
      configFile: 'docsite.config.ts',
    });
    return { sidebar: (id) => targets.sidebar(DEFAULT_DOCS_ID, id), doc: (id) => targets.doc(DEFAULT_DOCS_ID, id) };
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
