import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { isRecord } from '../shared/is-record';
import { sitePath as sitePathOf } from './carry';
import type { WarningList } from './warnings';

// Docusaurus sites get an API reference from one of four packages: docusaurus-preset-openapi (the classic
// preset plus an `api` option), docusaurus-plugin-openapi (the same `api` options as a plugin),
// docusaurus-plugin-openapi-docs (generates MDX docs from `config.<id>.specPath` into `outputDir`) and
// redocusaurus (`specs: [{ spec, route }]`). docsite has one `api`, generated from one document: this module
// reads every one of those, carries the first document docsite can read into `api`, and notes the rest.

/** One OpenAPI document a Docusaurus plugin builds pages from. */
export interface ApiSource {
  /** The package, for messages: "docusaurus-plugin-openapi-docs". */
  plugin: string;
  /** Where its options sit in the Docusaurus config, for messages. */
  where: string;
  /** The document as the config gives it: a path (relative to the site folder, or absolute) or a URL. */
  spec: string | undefined;
  /** The route the Docusaurus site used, when the options say it directly. */
  routeBasePath?: string;
  /** docusaurus-plugin-openapi-docs: the docs folder its MDX pages are generated into (as written). */
  outputDir?: string;
}

/** The docs folder docsite builds, as far as the API routes need it. */
export interface DocsInstance {
  path: string;
  routeBasePath: string;
}

export interface ApiMapping {
  /** docsite's `api`, when a document could be carried. */
  api?: Record<string, unknown>;
  /**
   * Site-relative folders holding pages or sidebars an OpenAPI plugin generates (outputDir): a sidebars
   * file importing from one gets docsite's API reference instead. `replaced` is set for the folder of the
   * carried document, whose pages docsite's own API pages stand for.
   */
  generatedDirs: { dir: string; replaced: boolean }[];
}

/** Docusaurus's defaults for docusaurus-plugin-openapi (and the preset's `api`). */
const OPENAPI_DEFAULT_PATH = 'openapi.json';
const OPENAPI_DEFAULT_ROUTE = 'api';

/**
 * Which API package a preset or plugin is, by its short name (content-plugins.ts `shortName`:
 * "docusaurus-preset-openapi" -> "openapi").
 */
export function apiPluginKind(short: string, kind: 'preset' | 'plugin'): 'openapi' | 'openapi-docs' | 'redocusaurus' | undefined {
  if (short === 'redocusaurus' && kind === 'preset') return 'redocusaurus';
  if (short === 'openapi') return 'openapi';
  if (short === 'openapi-docs' && kind === 'plugin') return 'openapi-docs';
  return undefined;
}

/** The documents of one API preset or plugin entry (`short`: its short name). */
export function apiSourcesOf(name: string, short: string, kind: 'preset' | 'plugin', options: Record<string, unknown>, where: string): ApiSource[] {
  switch (apiPluginKind(short, kind)) {
    case 'openapi':
      // The preset holds the plugin's options under `api`; the plugin takes them directly.
      return [openapiSource(name, kind === 'preset' ? (isRecord(options.api) ? options.api : {}) : options, kind === 'preset' ? `${where}.api` : where)];
    case 'openapi-docs':
      return Object.entries(isRecord(options.config) ? options.config : {}).map(([id, entry]) => {
        const spec = isRecord(entry) ? entry : {};
        return {
          plugin: name,
          where: `${where}.config.${id}`,
          spec: typeof spec.specPath === 'string' ? spec.specPath : undefined,
          ...(typeof spec.outputDir === 'string' ? { outputDir: spec.outputDir } : {}),
        };
      });
    case 'redocusaurus':
      return (Array.isArray(options.specs) ? options.specs : []).map((entry, index) => {
        const spec = isRecord(entry) ? entry : {};
        const document = typeof spec.spec === 'string' ? spec.spec : typeof spec.url === 'string' ? spec.url : undefined;
        return { plugin: name, where: `${where}.specs[${index}]`, spec: document, ...(typeof spec.route === 'string' ? { routeBasePath: spec.route } : {}) };
      });
    default:
      return [];
  }
}

function openapiSource(plugin: string, options: Record<string, unknown>, where: string): ApiSource {
  // Early versions named the document `openapiPath`.
  const spec = typeof options.path === 'string' ? options.path : typeof options.openapiPath === 'string' ? options.openapiPath : OPENAPI_DEFAULT_PATH;
  return { plugin, where, spec, routeBasePath: typeof options.routeBasePath === 'string' ? options.routeBasePath : OPENAPI_DEFAULT_ROUTE };
}

export function mapApi(sources: ApiSource[], docs: DocsInstance | undefined, siteDir: string, warnings: WarningList): ApiMapping {
  const generatedDirs: ApiMapping['generatedDirs'] = [];
  let api: Record<string, unknown> | undefined;
  let carried: ApiSource | undefined;
  for (const source of sources) {
    const outputDir = source.outputDir === undefined ? undefined : sitePathOf(siteDir, source.outputDir);
    const candidate = api ? undefined : apiOf(source, docs, siteDir, warnings);
    if (candidate) {
      api = candidate;
      carried = source;
    } else if (api && carried) {
      warnings.notCarried(`${source.where} (${source.spec ?? 'no spec'})`, `docsite builds one API reference per site: the first one, ${carried.where} (${carried.spec}), is carried over`);
    }
    if (outputDir) generatedDirs.push({ dir: outputDir, replaced: candidate !== undefined });
  }
  return { ...(api ? { api } : {}), generatedDirs };
}

/** docsite's `api` for one document, or undefined (with a note) when docsite cannot build it. */
function apiOf(source: ApiSource, docs: DocsInstance | undefined, siteDir: string, warnings: WarningList): Record<string, unknown> | undefined {
  const spec = source.spec;
  if (spec === undefined) {
    warnings.notCarried(source.where, `${source.plugin} names no OpenAPI document here`);
    return undefined;
  }
  if (/^https?:\/\//i.test(spec)) {
    warnings.notCarried(`${source.where} (${spec})`, 'docsite builds the API reference from a file of the site, not a URL: download the document and set api.spec');
    return undefined;
  }
  // As Node resolves it: absolute as it is, relative from the site folder (which may mean outside it).
  const file = resolve(siteDir, spec);
  if (!existsSync(file) || !statSync(file).isFile()) {
    warnings.notCarried(`${source.where} (${spec})`, existsSync(file) ? 'it is a folder: docsite builds the API reference from one OpenAPI document' : 'no such file');
    return undefined;
  }
  const routeBasePath = routeOf(source, docs, siteDir, warnings);
  if (routeBasePath === undefined) return undefined;
  if (source.outputDir !== undefined) {
    warnings.add(
      `${source.where}: the MDX pages ${source.plugin} generates into ${source.outputDir} are not built: docsite builds its own API reference from ${sitePathOf(siteDir, spec)} at /${routeBasePath}`,
      `${source.where}.outputDir`,
    );
  }
  return { spec: sitePathOf(siteDir, spec), routeBasePath };
}

/** The route the API had on the Docusaurus site: given, or where its generated pages sat among the docs. */
function routeOf(source: ApiSource, docs: DocsInstance | undefined, siteDir: string, warnings: WarningList): string | undefined {
  if (source.routeBasePath !== undefined) return trimSlashes(source.routeBasePath) || OPENAPI_DEFAULT_ROUTE;
  if (source.outputDir === undefined) {
    warnings.notCarried(source.where, 'it has no route: docsite puts the API reference at /docs/api');
    return 'docs/api';
  }
  const outputDir = sitePathOf(siteDir, source.outputDir);
  const docsPath = docs ? sitePathOf(siteDir, docs.path) : 'docs';
  const inside = posix.relative(docsPath, outputDir);
  if (inside === '' || inside.startsWith('..')) {
    warnings.notCarried(`${source.where}.outputDir (${source.outputDir})`, `it is not inside the docs folder ${docsPath}: docsite cannot tell its route`);
    return undefined;
  }
  // Docusaurus strips number prefixes ("02-api") from folder names in routes.
  const folders = inside.split('/').map((part) => part.replace(/^\d+[-_.]\s*/, ''));
  return trimSlashes(posix.join(docs?.routeBasePath ?? 'docs', ...folders));
}

/**
 * The pages an OpenAPI plugin generated into the docs folder (committed, as some sites do) stand for the
 * API reference docsite now builds: left out of the docs, through docs.include, so that their routes do
 * not collide with the API's and their Docusaurus-only components are not built.
 */
export function leaveOutGeneratedPages(docs: Record<string, unknown> | undefined, mapping: ApiMapping, siteDir: string, warnings: WarningList): void {
  if (!docs || !mapping.api) return;
  const docsPath = typeof docs.path === 'string' ? docs.path : 'docs';
  for (const { dir, replaced } of mapping.generatedDirs) {
    if (!replaced || !existsSync(join(siteDir, dir))) continue;
    if (docs.include !== undefined) {
      warnings.add(`${dir} holds pages generated for the API reference, but docs.include is set: add patterns that leave ${dir} out, or its pages are built as docs too`);
      continue;
    }
    const include = includeAllBut(siteDir, docsPath, dir);
    if (!include) {
      warnings.add(`${dir} holds pages generated for the API reference and docsite cannot leave it out of the docs folder ${docsPath}: its pages are built as docs too`);
      continue;
    }
    docs.include = include;
    warnings.add(`${dir} (pages generated from the OpenAPI document) is left out of the docs: docs.include lists the other files and folders of ${docsPath} as they are now; add a folder you create later to it`);
  }
}

/**
 * docs.include patterns for every file of the docs folder outside `excluded` (a folder inside it): its
 * siblings' subtrees and the Markdown files beside it, at each level down to it. docsite's patterns cannot
 * negate, so the folders are listed as they are now; undefined when there is nothing to list.
 */
export function includeAllBut(siteDir: string, docsPath: string, excluded: string): string[] | undefined {
  const inside = posix.relative(docsPath, excluded);
  if (inside === '' || inside.startsWith('..') || !existsSync(join(siteDir, excluded))) return undefined;
  const patterns: string[] = [];
  let prefix = '';
  for (const part of inside.split('/')) {
    const entries = readdirSync(join(siteDir, docsPath, prefix), { withFileTypes: true });
    const folders = entries.filter((entry) => entry.isDirectory() && entry.name !== part && !/^[_.]/.test(entry.name)).map((entry) => entry.name);
    if (entries.some((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))) patterns.push(`${prefix}*.{md,mdx}`);
    if (folders.length === 1) patterns.push(`${prefix}${folders[0]}/**/*.{md,mdx}`);
    else if (folders.length > 1) patterns.push(`${prefix}{${folders.join(',')}}/**/*.{md,mdx}`);
    prefix += `${part}/`;
  }
  return patterns;
}

function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}
