import { join, resolve } from 'node:path';
import { currentVersionLabel, type SiteConfig } from '../../config/schema';
import { getHighlighter } from '../../highlight/highlighter';
import { createApiHighlighter } from './highlight-later';
import type { ApiIntroPageData, ApiOperationPageData, ApiOperationSummary, ApiSchemaPageData } from '../../shared/api';
import type { Breadcrumb, NavLinkData, SidebarItem, TocItem } from '../../shared/types';
import { HighlightCache } from '../../highlight/highlight-cache';
import { checkMemory } from '../../core/memory-guard';
import { log } from '../../core/log';
import { ExpansionBudget, ExpansionLimitReached } from './budget';
import { loadSpec, type LoadedSpec } from './load-spec';
import { createMarkdownRenderer, plainText } from './markdown';
import { collectOperations, groupByTag } from './operations';
import { describeScheme, operationPage, optional } from './operation-page';
import { componentHrefs, componentSchemaPages, componentSchemaTree, INLINE_COMPONENTS, type ComponentSchemaPage } from './schema-pages';
import { deref } from './refs';
import { kebabCase } from './slug';
import type { SchemaObject } from './types';

// The API reference stage: the OpenAPI document -> an introduction page, one page per operation,
// the API sidebar (operations grouped by tag, each with its method badge) and the file to publish
// for download. All plain data; the route table and the theme take it from here.

export interface ApiReference {
  /** Route of the introduction, e.g. "/docs/api". */
  basePath: string;
  sidebarId: string;
  sidebar: SidebarItem[];
  intro: { data: ApiIntroPageData; source: string };
  operations: { path: string; data: ApiOperationPageData; searchText: string }[];
  /** A page per shared schema with structure (schema-pages.ts), which operation pages link to. */
  schemas: { path: string; data: ApiSchemaPageData; searchText: string }[];
  /** The document as published for download, relative to the output folder. */
  specFile: { path: string; contents: string };
  /** The Markdown shown on the introduction page, when the config names one. */
  introduction?: { absolutePath: string; source: string };
}

export const API_SIDEBAR_ID = 'api';

export async function loadApiReference(siteDir: string, config: SiteConfig, href: (path: string) => string, loadOptions: { cache?: boolean } = {}): Promise<ApiReference | undefined> {
  const options = config.api;
  if (!options) return undefined;
  // As Node resolves a path: an absolute one as it is, a relative one from the site folder (it may lie outside it).
  const spec = await loadSpec(resolve(siteDir, options.spec), siteDir, { strict: options.strict });
  const { document } = spec;
  const warn = (pointer: string, message: string) => {
    const at = spec.locate(pointer);
    log.warn(`${spec.source}${at ? `:${at.line}:${at.column}` : ''}: ${message}`);
  };
  for (const warning of spec.warnings) warn(warning.pointer, warning.message);
  const basePath = `/${options.routeBasePath.replace(/^\/+|\/+$/g, '')}`;
  const markdown = createMarkdownRenderer(href);
  const [highlighter, highlighted] = await Promise.all([getHighlighter(), HighlightCache.open(siteDir, loadOptions.cache ?? true)]);

  const entries = collectOperations(document, spec.fail, options.strict ? spec.fail : (pointer, message) => warn(pointer, `${message} (at ${pointer}); the page shows it as it is, as api.strict is not set`));
  const groups = groupByTag(document, entries);
  // Three request samples per operation: in worker threads while the pages are made, when there are many.
  const codeHighlighter = createApiHighlighter(highlighter, highlighted, entries.length * 3);
  const { highlight } = codeHighlighter;
  const specPath = `${basePath.replace(/^\//, '')}/openapi.${spec.format}`;
  const specUrl = href(`/${specPath}`);
  const routeOf = (slug: string) => `${basePath}/${slug}`;
  const summaryOf = (entry: (typeof entries)[number]): ApiOperationSummary => ({
    method: entry.method,
    path: entry.path,
    title: entry.operation.summary?.trim() || entry.operation.operationId || `${entry.method.toUpperCase()} ${entry.path}`,
    permalink: href(routeOf(entry.slug)),
    deprecated: entry.operation.deprecated === true,
    ...(entry.webhook ? { webhook: true } : {}),
  });
  const webhooks = entries.filter((entry) => entry.webhook);
  const sidebarLink = (entry: (typeof entries)[number]): SidebarItem => {
    const summary = summaryOf(entry);
    return { type: 'link', label: summary.title, href: summary.permalink, badge: entry.method === 'delete' ? 'DEL' : entry.method.toUpperCase(), ...(summary.deprecated ? { className: 'deprecated' } : {}) };
  };

  // Schema pages for the component schemas some page links to (past the levels it expands inline), and only those:
  // a schema no page shows by link needs no page of its own. Links are recorded as the trees are built.
  const schemaCandidates = componentSchemaPages(document);
  const schemaRouteOf = (page: ComponentSchemaPage) => `${basePath}/schemas/${page.slug}`;
  const linkedSchemas = new Set<ComponentSchemaPage>();
  const hrefOfSchema = componentHrefs(schemaCandidates, (page) => {
    linkedSchemas.add(page);
    return href(schemaRouteOf(page));
  });
  const components = { ...INLINE_COMPONENTS, componentHref: hrefOfSchema };

  // Reading order: the introduction, then operations tag by tag (an operation under two tags is read once), then webhooks.
  const ordered = [...new Set(groups.flatMap((group) => group.entries)), ...webhooks];
  const versionLabel = currentVersionLabel(config.docs);
  const introTitle = document.info.title;
  const introCrumb: Breadcrumb = { label: 'API', href: href(basePath) };
  const navOf = (index: number): NavLinkData | undefined => {
    if (index === -1) return { title: options.sidebarLabel, permalink: href(basePath) };
    const entry = ordered[index];
    return entry && { title: summaryOf(entry).title, permalink: href(routeOf(entry.slug)) };
  };

  const makeOperationPage = (entry: (typeof ordered)[number], index: number) => {
    const name = operationName(entry);
    // A safe point: the pages made so far are held until the build ends, and each may be large.
    checkMemory('the API reference', `expanding ${name}`, { file: spec.source, ...spec.locate(entry.pointer) });
    const budget = new ExpansionBudget();
    let core: ReturnType<typeof operationPage>;
    try {
      core = operationPage(entry, { document, markdown, highlight, budget, components });
    } catch (error) {
      if (error instanceof ExpansionLimitReached) tooLarge(spec, entry.pointer, name, error);
      throw error;
    }
    const tag = entry.tags[0];
    const previous = navOf(index - 1);
    const next = navOf(index + 1);
    const data: ApiOperationPageData = {
      ...core,
      permalink: href(routeOf(entry.slug)),
      specUrl,
      breadcrumbs: [introCrumb, ...(entry.webhook ? [{ label: 'Webhooks' }] : tag ? [{ label: tag }] : [])],
      ...(previous ? { previous } : {}),
      ...(next ? { next } : {}),
      versionLabel,
    };
    const searchText = [
      `${entry.webhook ? 'Webhook ' : ''}${entry.method.toUpperCase()} ${entry.path}`,
      entry.operation.operationId,
      plainText(entry.operation.description),
      core.parameters.length ? `Parameters: ${core.parameters.map((parameter) => parameter.name).join(', ')}` : undefined,
    ]
      .filter(Boolean)
      .join('. ');
    return { path: routeOf(entry.slug), data, searchText };
  };
  let operations: ApiReference['operations'];
  try {
    operations = ordered.map(makeOperationPage);
    await codeHighlighter.settle(operations.map((operation) => operation.data));
  } finally {
    await codeHighlighter.close();
  }

  const schemaCrumbs: Breadcrumb[] = [introCrumb, { label: 'Schemas' }];
  const schemaPageOf = (page: ComponentSchemaPage) => {
    const budget = new ExpansionBudget();
    budget.part = `the schema ${page.name}`;
    let schema: ApiSchemaPageData['schema'];
    try {
      schema = componentSchemaTree(page, { document, markdown, budget, componentHref: components.componentHref });
    } catch (error) {
      if (error instanceof ExpansionLimitReached) tooLarge(spec, page.pointer, `the schema ${page.name}`, error);
      throw error;
    }
    const description = plainText(deref<SchemaObject>(document, { $ref: page.pointer }).value?.description);
    const data: ApiSchemaPageData = {
      kind: 'apiSchema',
      title: page.name,
      ...(description ? { description } : {}),
      permalink: href(schemaRouteOf(page)),
      schema,
      specUrl,
      toc: [],
      breadcrumbs: schemaCrumbs,
      versionLabel,
    };
    const propertyNames = (schema.properties ?? []).map((property) => property.name).join(', ');
    const searchText = [`Schema ${page.name}`, description, propertyNames ? `Properties: ${propertyNames}` : undefined].filter(Boolean).join('. ');
    return { path: schemaRouteOf(page), data, searchText };
  };
  // A schema page may link to further schemas: pages are made until no new one is linked, then put in the document's order.
  const madeSchemas = new Map<ComponentSchemaPage, ReturnType<typeof schemaPageOf>>();
  while (madeSchemas.size < linkedSchemas.size) {
    for (const page of [...linkedSchemas]) if (!madeSchemas.has(page)) madeSchemas.set(page, schemaPageOf(page));
  }
  const schemaPages = schemaCandidates.filter((page) => madeSchemas.has(page));
  const schemas = schemaPages.map((page) => madeSchemas.get(page)!);

  const introLink: SidebarItem = { type: 'link', label: options.sidebarLabel, href: href(basePath) };
  const sidebar: SidebarItem[] = [
    introLink,
    ...groups.map((group): SidebarItem => ({
      type: 'category',
      label: group.name,
      collapsed: true,
      collapsible: true,
      items: group.entries.map(sidebarLink),
    })),
    ...(webhooks.length ? [{ type: 'category', label: 'Webhooks', collapsed: true, collapsible: true, items: webhooks.map(sidebarLink) } satisfies SidebarItem] : []),
    ...(schemaPages.length
      ? [{ type: 'category', label: 'Schemas', collapsed: true, collapsible: true, items: schemaPages.map((page): SidebarItem => ({ type: 'link', label: page.name, href: href(schemaRouteOf(page)) })) } satisfies SidebarItem]
      : []),
  ];

  const tags = groups.map((group) => ({ name: group.name, id: `tag-${kebabCase(group.name) || 'operations'}`, ...optional('descriptionHtml', markdown(group.description)), operations: group.entries.map(summaryOf) }));
  const securitySection = Object.keys(document.components?.securitySchemes ?? {}).length ? { id: 'authentication', title: 'Authentication' } : undefined;
  const toc: TocItem[] = [
    ...(document.servers?.length ? [{ id: 'servers', value: 'Servers', level: 2 }] : []),
    ...(securitySection ? [{ id: securitySection.id, value: securitySection.title, level: 2 }] : []),
    ...(tags.length ? [{ id: 'operations', value: 'Operations', level: 2 }] : []),
    ...tags.map((tag) => ({ id: tag.id, value: tag.name, level: 3 })),
    ...(webhooks.length ? [{ id: 'webhooks', value: 'Webhooks', level: 2 }] : []),
  ];
  const description = plainText(document.info.summary) ?? plainText(document.info.description);
  const firstOperation = navOf(0);
  const intro: ApiIntroPageData = {
    kind: 'apiIntro',
    title: introTitle,
    ...(description ? { description } : {}),
    permalink: href(basePath),
    version: document.info.version,
    openapiVersion: document.openapi,
    ...optional('descriptionHtml', markdown(document.info.description)),
    servers: (document.servers ?? []).map((server) => ({
      url: server.url,
      ...optional('descriptionHtml', markdown(server.description)),
      variables: Object.entries(server.variables ?? {}).map(([name, variable]) => ({ name, default: variable.default, ...(variable.enum ? { enum: variable.enum } : {}), ...(variable.description ? { description: variable.description } : {}) })),
    })),
    securitySchemes: Object.entries(document.components?.securitySchemes ?? {}).map(([key, scheme]) => describeScheme(key, scheme, markdown)),
    ...(securitySection ? { securitySection } : {}),
    ...(document.info.contact ? { contact: document.info.contact } : {}),
    ...(document.info.license ? { license: licenseOf(document.info.license) } : {}),
    ...(document.info.summary?.trim() ? { summary: document.info.summary.trim() } : {}),
    webhooks: webhooks.map(summaryOf),
    ...(document.info.termsOfService ? { termsOfService: document.info.termsOfService } : {}),
    tags,
    specUrl,
    toc,
    breadcrumbs: [{ label: 'API' }],
    ...(firstOperation ? { next: firstOperation } : {}),
    versionLabel,
  };
  await highlighted.save();
  return {
    basePath,
    sidebarId: API_SIDEBAR_ID,
    sidebar,
    intro: { data: intro, source: spec.source },
    operations,
    schemas,
    specFile: { path: specPath, contents: spec.publishedText },
    ...(options.introduction ? { introduction: { absolutePath: join(siteDir, options.introduction), source: options.introduction } } : {}),
  };
}

/** A license as the introduction links it: by its `url`, or by its SPDX `identifier` (3.1) on spdx.org. */
function licenseOf(license: { name: string; url?: string; identifier?: string }): NonNullable<ApiIntroPageData['license']> {
  const identifier = license.identifier?.trim();
  const url = license.url ?? (identifier ? `https://spdx.org/licenses/${encodeURIComponent(identifier)}.html` : undefined);
  return { name: license.name, ...(url ? { url } : {}), ...(identifier ? { identifier } : {}) };
}

/** "GET /albums (listAlbums)" */
function operationName(entry: { method: string; path: string; operation: { operationId?: string } }): string {
  return `${entry.method.toUpperCase()} ${entry.path}${entry.operation.operationId ? ` (${entry.operation.operationId})` : ''}`;
}

/** The error for an operation whose expansion ran past its budget: at the operation, naming the part and the schemas. */
function tooLarge(spec: LoadedSpec, pointer: string, name: string, reached: ExpansionLimitReached): never {
  const { refs } = reached;
  // The schema the operation names, and the one being expanded when the budget ran out (with the line of each).
  const named = (ref: string) => {
    const at = ref.startsWith('#') ? spec.locate(ref) : undefined;
    return `${ref}${at ? ` (line ${at.line})` : ''}`;
  };
  const through = refs.length === 0 ? '' : refs.length === 1 ? `, expanding ${named(refs[0]!)}` : `, expanding ${named(refs[0]!)} down to ${named(refs.at(-1)!)} (${refs.length} schemas deep)`;
  const limit = reached.limit.toLocaleString('en-US');
  const problem =
    reached.work === 'schema'
      ? `the schema of ${reached.part} expands to more than ${limit} nodes${through}; schemas that each use other schemas several times grow exponentially when expanded: share fewer of them, or nest them less deeply`
      : `the example generated for ${reached.part} takes more than ${limit} values${through}; give the schema an \`example\` (the page then shows it instead of generating one), or make it smaller: fewer schemas used several times over, smaller \`minItems\``;
  spec.fail(pointer, `the API reference of ${name} is too large: ${problem}`);
}
