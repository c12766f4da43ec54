import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { validateConfig } from '../config/load';
import { DEFAULT_DOCS_ID, type SiteConfig } from '../config/schema';
import { loadDocs, type DocSource } from '../content/docs';
import { loadSidebars } from '../content/sidebars';
import type { NavTarget } from '../config/site-data';
import { navDocsOf } from '../content/nav-targets';
import { CURRENT_VERSION } from '../content/docs-versions';
import { docsInstancesOf } from '../content/docs-instances';
import { isRecord } from '../shared/is-record';
import type { VersionsMapping } from './docs-versions';
import type { SidebarsData } from './sidebars';

// Docusaurus navbar items name docs and sidebars (`{ type: 'doc', docId }`, `{ type: 'docSidebar',
// sidebarId }`); docsite's navbar takes paths. The paths come from docsite's own loaders, run on the
// migrated docs settings, so they are the routes `docsite build` will make. Docs with versions are read in
// their last version, the one at the docs' own route, which docsite's own doc items resolve in.

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

/** What navbar items that name one docs plugin lead to. */
export interface DocsNavContext {
  /** Routes of its docs and sidebars (its last version's, when it has versions); an Error says why they could not be worked out. */
  targets: DocTargets | Error;
  /** Its route, e.g. "/docs": where items point whose doc cannot be found. */
  docsBase: string;
  /** docsite's id of the docs, which items name them by (`docsPluginId`); unset for the main docs. */
  pluginId?: string;
  /** The docs folder's version label (`versions.current.label`, else "Next"): what a docsVersion item of unversioned docs shows. */
  currentLabel: string;
  /** Set when docsite builds versions of these docs: the last version's label, and its first sidebar with a doc in it. */
  versions?: { label: string; firstSidebar?: string };
}

/**
 * The navbar's view of one docs plugin. `sidebars`: the docs folder's sidebars as docsite reads them; `versions`:
 * what mapDocs found of its versions. Also returns the docs read, or why they could not be.
 */
export async function docsNavContext(
  siteDir: string,
  docs: Record<string, unknown> | undefined,
  sidebars: SidebarsData | undefined,
  versions: VersionsMapping | undefined,
  { docsBase, pluginId }: { docsBase: string; pluginId?: string },
): Promise<{ context: DocsNavContext; index: DocsIndex | Error }> {
  const last = versions?.last;
  // A released last version has a folder and sidebars of its own; current is the docs folder itself.
  const released = last && last.name !== CURRENT_VERSION ? last : undefined;
  const index = await loadDocsIndex(siteDir, released ? { ...docs, path: released.docsPath } : docs);
  const lastSidebars = released ? released.sidebars : sidebars;
  const targets = index instanceof Error ? index : await resolveDocTargets(siteDir, index, lastSidebars);
  const current = isRecord(docs?.versions) && isRecord(docs.versions.current) ? docs.versions.current : {};
  // docsite generates one sidebar, named "docs", for docs without a sidebars file.
  const firstSidebar = targets instanceof Error ? undefined : Object.keys(lastSidebars ?? { docs: [] }).find((id) => targets.sidebar(id));
  return {
    context: {
      targets,
      docsBase,
      ...(pluginId ? { pluginId } : {}),
      currentLabel: typeof current.label === 'string' ? current.label : 'Next',
      ...(last ? { versions: { label: last.label, ...(firstSidebar ? { firstSidebar } : {}) } } : {}),
    },
    index,
  };
}
