import { posix } from 'node:path';
import { pageStringsFor } from '../config/theme-strings';
import { currentVersionLabel, type SiteConfig } from '../config/schema';
import type { DocSource } from '../content/docs';
import { docsInstancesOf, routeBaseOf, sidebarKeyOf, type DocsInstance } from '../content/docs-instances';
import type { DocSidebarInfo, GeneratedIndex } from '../content/sidebars';
import { resolveTags, type TagDefinition } from '../content/tags';
import type { CompiledMarkdown } from '../markdown/compile';
import type { DocPageData, DocVersionData, DocsTagDocsPageData, DocsTagsPageData, GeneratedIndexPageData, LastUpdate, TagData, TagSummary } from '../shared/types';
import { generatedRoute, outputFile, chunkName, truncate, type RouteDefinition } from './route';
import { compareLabels } from '../shared/collate';

// Docs -> one route per doc, plus the docs tag pages (/docs/tags, /docs/tags/<tag>), per docs instance.

export interface DocsRouteInputs {
  config: SiteConfig;
  /** The site's own theme translations (`i18n/<locale>/code.json`), for the titles of generated pages. */
  themeTranslations?: Record<string, string>;
  /** The docs of every instance. */
  docs: DocSource[];
  compiled: Map<string, CompiledMarkdown>;
  /** By the doc's absolute path. */
  docSidebars: Map<string, DocSidebarInfo>;
  generatedIndexes?: GeneratedIndex[];
  lastUpdates: Map<string, LastUpdate>;
  href: (path: string) => string;
  /** Each instance's tags.yml (docs/tags.yml for `docs`), by instance id, for those that have one. */
  tagsFiles?: Map<string, { tags: Map<string, TagDefinition>; source: string }>;
  /** The docs instances (each plugin's versions); unset: the config's plugins, unversioned. */
  docsInstances?: DocsInstance[];
}

export function docsBasePath(config: SiteConfig): string {
  return routeBaseOf(config.docs);
}

/** One docs instance's inputs: its options, its docs, its tags file. */
interface InstanceRouteInputs extends DocsRouteInputs {
  instance: DocsInstance;
  /** Each versioned doc's page in every version that has it: by plugin id, doc id, version name. */
  alternates: Map<string, Map<string, Record<string, string>>>;
  tagsFile?: { tags: Map<string, TagDefinition>; source: string };
}

export function docsRoutes(inputs: DocsRouteInputs): RouteDefinition[] {
  const instances = inputs.docsInstances ?? docsInstancesOf(inputs.config);
  const alternates = versionAlternatesOf(instances, inputs.docs, inputs.href);
  return instances.flatMap((instance) => {
    const tagsFile = inputs.tagsFiles?.get(instance.id);
    return instanceRoutes({
      ...inputs,
      instance,
      alternates,
      docs: inputs.docs.filter((doc) => doc.instance === instance.id),
      generatedIndexes: (inputs.generatedIndexes ?? []).filter((index) => index.instance === instance.id),
      ...(tagsFile ? { tagsFile } : {}),
    });
  });
}

function instanceRoutes(inputs: InstanceRouteInputs): RouteDefinition[] {
  const tagsBase = `${routeBaseOf(inputs.instance.options).replace(/\/$/, '')}/tags`;
  const tagsOf = new Map(inputs.docs.map((doc) => [doc.id, resolveTags(doc.frontMatter.tags, { source: doc.source }, inputs.tagsFile)]));
  const tagData = (tag: TagDefinition): TagData => ({ label: tag.label, permalink: inputs.href(`${tagsBase}/${tag.slug}`) });
  const routes = inputs.docs.map((doc) => docRoute(doc, tagsOf.get(doc.id)!.map(tagData), inputs));
  return [...routes, ...generatedIndexRoutes(inputs), ...docsTagRoutes(inputs, tagsBase, tagsOf)];
}

/** A page per sidebar category with `link: { type: 'generated-index' }`: its items as cards. */
function generatedIndexRoutes(inputs: InstanceRouteInputs): RouteDefinition[] {
  const { config, href } = inputs;
  return (inputs.generatedIndexes ?? []).map((index) => {
    const data: GeneratedIndexPageData = {
      kind: 'generatedIndex',
      title: index.title,
      ...(index.description ? { description: index.description } : {}),
      permalink: href(index.path),
      breadcrumbs: [...index.trail.map((label) => ({ label })), { label: index.title }],
      versionLabel: versionLabelOf(inputs.instance),
      // The menu leads from a category's page to the other versions' first pages.
      ...(inputs.instance.version ? { version: versionDataOf(inputs.instance, { [inputs.instance.version.name]: href(index.path) }) } : {}),
    };
    return generatedRoute(index.path, data, config.trailingSlash, { sidebarId: index.sidebarId, ...(index.description ? { description: index.description } : {}) });
  });
}

function versionLabelOf(instance: DocsInstance): string {
  return instance.version?.label ?? currentVersionLabel(instance.options);
}

function versionDataOf(instance: DocsInstance, alternates: Record<string, string>): DocVersionData {
  const version = instance.version!;
  return {
    pluginId: instance.pluginId,
    name: version.name,
    label: version.label,
    badge: version.badge,
    ...(version.banner !== 'none' ? { banner: version.banner } : {}),
    alternates,
  };
}

/**
 * Where each doc of versioned docs is in every version that has it (Docusaurus matches a doc across versions by
 * its id), so the version menu and the banner lead to the same doc in another version.
 */
function versionAlternatesOf(instances: DocsInstance[], docs: DocSource[], href: (path: string) => string): Map<string, Map<string, Record<string, string>>> {
  const byInstance = new Map(instances.map((instance) => [instance.id, instance]));
  const result = new Map<string, Map<string, Record<string, string>>>();
  for (const doc of docs) {
    const instance = byInstance.get(doc.instance);
    if (!instance?.version) continue;
    const plugin = result.get(instance.pluginId) ?? new Map<string, Record<string, string>>();
    result.set(instance.pluginId, plugin);
    const entry = plugin.get(doc.id) ?? {};
    entry[instance.version.name] = href(doc.path);
    plugin.set(doc.id, entry);
  }
  return result;
}

/** front matter `last_update: { date, author }` wins over git, field by field. */
function lastUpdateOf(fromFrontMatter: { date?: string; author?: string } | undefined, fromGit: LastUpdate | undefined): LastUpdate | undefined {
  if (!fromFrontMatter || typeof fromFrontMatter !== 'object') return fromGit;
  const date = fromFrontMatter.date ? Date.parse(fromFrontMatter.date) : NaN;
  const merged = { date: Number.isNaN(date) ? fromGit?.date : date, author: fromFrontMatter.author ?? fromGit?.author };
  return merged.date === undefined ? fromGit : { date: merged.date, ...(merged.author ? { author: merged.author } : {}) };
}

function docRoute(doc: DocSource, tags: TagData[], inputs: InstanceRouteInputs): RouteDefinition {
  const { config, href } = inputs;
  const options = inputs.instance.options;
  const compiled = inputs.compiled.get(doc.absolutePath);
  const fm = doc.frontMatter;
  const inSidebar = inputs.docSidebars.get(doc.absolutePath);
  // displayed_sidebar: another sidebar of the doc's instance (breadcrumbs and neighbours then come from nowhere), or none.
  const displayed = typeof fm.displayed_sidebar === 'string' ? sidebarKeyOf(doc.instance, fm.displayed_sidebar) : fm.displayed_sidebar;
  const sidebar = displayed === undefined ? inSidebar : displayed === null ? undefined : inSidebar?.sidebarId === displayed ? inSidebar : { sidebarId: displayed, breadcrumbs: [] };
  const lastUpdate = lastUpdateOf(fm.last_update, inputs.lastUpdates.get(doc.absolutePath));
  const description = fm.description ?? truncate(compiled?.excerpt, 160);
  const data: DocPageData = {
    kind: 'doc',
    id: doc.id,
    title: doc.title,
    ...(description ? { description } : {}),
    permalink: href(doc.path),
    source: doc.source,
    hasOwnTitle: doc.hasOwnTitle,
    toc: compiled?.toc ?? [],
    hideTableOfContents: fm.hide_table_of_contents === true,
    ...(lastUpdate && (options.showLastUpdateTime || options.showLastUpdateAuthor)
      ? { lastUpdate: { date: lastUpdate.date, ...(options.showLastUpdateAuthor && lastUpdate.author ? { author: lastUpdate.author } : {}) } }
      : {}),
    tags,
    ...(sidebar ? { sidebarId: sidebar.sidebarId } : {}),
    breadcrumbs: sidebar?.breadcrumbs ?? [],
    ...(sidebar?.previous ? { previous: sidebar.previous } : {}),
    ...(sidebar?.next ? { next: sidebar.next } : {}),
    versionLabel: versionLabelOf(inputs.instance),
    ...(inputs.instance.version ? { version: versionDataOf(inputs.instance, inputs.alternates.get(inputs.instance.pluginId)?.get(doc.id) ?? {}) } : {}),
    ...(fm.custom_edit_url !== undefined
      ? fm.custom_edit_url
        ? { editUrl: fm.custom_edit_url }
        : {}
      : options.editUrl
        ? // The original's file, also for a translation (Docusaurus's default: translations are edited elsewhere).
          { editUrl: `${options.editUrl.replace(/\/$/, '')}/${posix.join(options.path, doc.relativePath)}` }
        : {}),
    unlisted: doc.unlisted,
  };
  return {
    path: doc.path,
    chunkName: chunkName(doc.path),
    data,
    contentFile: doc.absolutePath,
    ...(doc.unlisted ? {} : { search: { kind: 'doc', ...(inputs.instance.version ? { version: { pluginId: inputs.instance.pluginId, name: inputs.instance.version.name } } : {}) } }),
    ...(sidebar ? { sidebarId: sidebar.sidebarId } : {}),
    source: doc.source,
    ...(description ? { description } : {}),
    ...(doc.unlisted || inputs.instance.version?.noIndex ? { noindex: true } : {}),
    outputFile: outputFile(doc.path, config.trailingSlash),
    seo: {
      ...(fm.image ? { image: fm.image } : {}),
      ...(fm.keywords?.length ? { keywords: fm.keywords } : {}),
      ...(lastUpdate ? { modifiedTime: lastUpdate.date } : {}),
    },
    ...(lastUpdate ? { lastmod: lastUpdate.date } : {}),
  };
}

/** `/docs/tags` (every tag with its count) and one page per tag listing its docs; none when no doc has tags. */
function docsTagRoutes(inputs: InstanceRouteInputs, tagsBase: string, tagsOf: Map<string, TagDefinition[]>): RouteDefinition[] {
  const { href, config } = inputs;
  const pageString = pageStringsFor(config.i18n.defaultLocale, inputs.themeTranslations);
  const byTag = new Map<string, { tag: TagDefinition; docs: DocSource[] }>();
  for (const doc of inputs.docs) {
    if (doc.unlisted) continue;
    for (const tag of tagsOf.get(doc.id)!) {
      const entry = byTag.get(tag.slug) ?? { tag, docs: [] };
      entry.docs.push(doc);
      byTag.set(tag.slug, entry);
    }
  }
  if (!byTag.size) return [];
  const summaries = [...byTag.values()]
    .map(({ tag, docs }): TagSummary => ({ label: tag.label, permalink: href(`${tagsBase}/${tag.slug}`), count: docs.length, ...(tag.description ? { description: tag.description } : {}) }))
    .sort((a, b) => compareLabels(a.label, b.label));
  const list: DocsTagsPageData = { kind: 'docsTags', title: pageString('Tags'), permalink: href(tagsBase), tags: summaries };
  const routes = [generatedRoute(tagsBase, list, config.trailingSlash, { description: 'Every tag of the documentation, with the number of pages that carry it.' })];
  for (const { tag, docs } of byTag.values()) {
    const path = `${tagsBase}/${tag.slug}`;
    const summary = summaries.find((entry) => entry.permalink === href(path))!;
    const data: DocsTagDocsPageData = {
      kind: 'docsTagDocs',
      title: pageString(docs.length === 1 ? '{count} doc tagged with "{tag}"' : '{count} docs tagged with "{tag}"', { count: docs.length, tag: tag.label }),
      permalink: href(path),
      tag: summary,
      allTagsPath: href(tagsBase),
      docs: docs
        .map((doc) => {
          const description = doc.frontMatter.description ?? truncate(inputs.compiled.get(doc.absolutePath)?.excerpt, 160);
          return { title: doc.title, permalink: href(doc.path), ...(description ? { description } : {}) };
        })
        .sort((a, b) => compareLabels(a.title, b.title)),
    };
    const readsFrom = docs.filter((doc) => doc.frontMatter.description === undefined).map((doc) => doc.absolutePath);
    routes.push(generatedRoute(path, data, config.trailingSlash, { description: tag.description ?? `Documentation pages tagged with "${tag.label}".`, ...(readsFrom.length ? { readsFrom } : {}) }));
  }
  return routes;
}
