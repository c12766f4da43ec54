import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord } from '../shared/is-record';
import { sitePath } from './carry';
import { apiPluginKind, apiSourcesOf, type ApiSource } from './openapi-plugins';
import type { WarningList } from './warnings';

// Docusaurus configures docs, blog, pages and the sitemap through plugins: usually the classic preset
// (`presets: [['classic', { docs, blog, pages, theme, sitemap }]]`), sometimes the plugins given one by one.
// This module finds the options of each, whichever way they were given, and notes every other preset,
// plugin and theme, none of which docsite can run.

export type ContentKind = 'docs' | 'blog' | 'pages' | 'sitemap';

export interface ContentPlugin {
  options: Record<string, unknown>;
  /** Where the options sit in the Docusaurus config, for messages: "presets.classic.docs". */
  where: string;
}

/** A docs plugin instance beside the main docs, with the id navbar items name it by (`docsPluginId`). */
export interface DocsInstancePlugin extends ContentPlugin {
  id: string;
}

/**
 * Per kind: the options, `false` when the site turned it off, absent when nothing configures it. Docs
 * may have more instances: the main one (`docs`, id `docsId`) and the others (`docsInstances`). And the
 * classic theme's `customCss` files (site-relative, those that exist), which docsite loads on every page.
 */
export type SelectedPlugins = Partial<Record<ContentKind, ContentPlugin | false>> & {
  /** The Docusaurus plugin id of the main docs ("default" unless the site names it). */
  docsId?: string;
  docsInstances?: DocsInstancePlugin[];
  /** `@docusaurus/plugin-client-redirects`, which the config's `redirects` takes (redirects.ts). */
  redirects?: ContentPlugin;
  /** The OpenAPI documents of the API presets and plugins, in config order (openapi-plugins.ts maps them). */
  api: ApiSource[];
  customCss?: string[];
};

const PLUGIN_KINDS: Record<string, ContentKind> = {
  'content-docs': 'docs',
  'content-blog': 'blog',
  'content-pages': 'pages',
  sitemap: 'sitemap',
};

const SEARCH_PACKAGES = /search|algolia|lunr/i;
const SEARCH_REASON = 'docsite has built-in local search';
const ANALYTICS_REASON = 'docsite adds no analytics scripts';

interface PluginEntry {
  /** The name as written, or the package it resolved to. */
  name: string | undefined;
  options: Record<string, unknown>;
}

/** A plugin/preset/theme entry: 'name', ['name', options], a function, [function, options], or false/null. */
function readEntry(entry: unknown): PluginEntry | undefined {
  if (entry === false || entry === null || entry === undefined) return undefined;
  const [head, options] = Array.isArray(entry) ? entry : [entry, undefined];
  return { name: typeof head === 'string' ? packageOf(head) : undefined, options: isRecord(options) ? options : {} };
}

/** `require.resolve('@docusaurus/preset-classic')` gives a path inside node_modules: name the package. */
function packageOf(name: string): string {
  const inModules = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(name.replace(/\\/g, '/'));
  return inModules ? inModules[1]! : name;
}

/** Docusaurus's short forms: '@docusaurus/plugin-content-docs', 'content-docs' and 'docusaurus-plugin-x' name the same plugin. */
export function shortName(name: string, kind: 'plugin' | 'preset' | 'theme'): string {
  return name.replace(/^@docusaurus\//, '').replace(new RegExp(`^(docusaurus-)?${kind}-`), '');
}

export function selectContentPlugins(config: Record<string, unknown>, siteDir: string, warnings: WarningList): SelectedPlugins {
  const candidates: Record<ContentKind, { plugin: ContentPlugin | false; id: string }[]> = { docs: [], blog: [], pages: [], sitemap: [] };
  const api: ApiSource[] = [];
  const customCss: string[] = [];
  let redirects: ContentPlugin | undefined;

  asList(config.presets).forEach((raw, index) => {
    const entry = readEntry(raw);
    if (!entry) return;
    const label = entry.name ?? `presets[${index}]`;
    const short = entry.name ? shortName(entry.name, 'preset') : undefined;
    const apiKind = short && apiPluginKind(short, 'preset');
    if (entry.name && short && apiKind === 'redocusaurus') {
      api.push(...apiSourcesOf(entry.name, short, 'preset', entry.options, `presets['${label}']`));
      warnings.unhandledKeys(entry.options, ['specs'], `presets['${label}'].`, { theme: "docsite's API reference has its own theme" });
      return;
    }
    // docusaurus-preset-openapi is the classic preset with an `api` option: its other options are the classic preset's.
    if (!entry.name || !short || (short !== 'classic' && apiKind !== 'openapi')) {
      warnings.notCarried(`presets['${label}']`, 'docsite reads the options of the classic preset (and of docusaurus-preset-openapi) only');
      return;
    }
    const where = short === 'classic' ? 'presets.classic' : `presets['${label}']`;
    if (apiKind === 'openapi') api.push(...apiSourcesOf(entry.name, short, 'preset', entry.options, where));
    for (const kind of ['docs', 'blog', 'pages', 'sitemap'] as const) {
      const options = entry.options[kind];
      candidates[kind].push({ plugin: options === false ? false : { options: isRecord(options) ? options : {}, where: `${where}.${kind}` }, id: pluginId(options) });
    }
    const theme = entry.options.theme;
    if (isRecord(theme)) customCss.push(...themeStylesheets(theme, `${where}.theme`, siteDir, warnings));
    warnings.unhandledKeys(entry.options, ['docs', 'blog', 'pages', 'sitemap', 'theme', ...(apiKind === 'openapi' ? ['api'] : [])], `${where}.`, {
      proxy: 'docsite serves no development proxy',
      gtag: ANALYTICS_REASON,
      googleAnalytics: ANALYTICS_REASON,
      googleTagManager: ANALYTICS_REASON,
      debug: 'docsite has no debug pages',
      svgr: 'docsite imports SVG files as components with fixed options (root attributes as props, markup unchanged)',
    });
  });

  asList(config.plugins).forEach((raw, index) => {
    const entry = readEntry(raw);
    if (!entry) return;
    if (!entry.name) {
      warnings.notCarried(`plugins[${index}]`, 'an inline plugin: docsite runs no Docusaurus plugins');
      return;
    }
    const short = shortName(entry.name, 'plugin');
    if (apiPluginKind(short, 'plugin')) {
      api.push(...apiSourcesOf(entry.name, short, 'plugin', entry.options, `plugins['${entry.name}']`));
      return;
    }
    if (short === 'client-redirects') {
      redirects = { options: entry.options, where: `plugins['${entry.name}']` };
      return;
    }
    const kind = PLUGIN_KINDS[short];
    if (!kind) {
      warnings.notCarried(`plugins['${entry.name}']`, pluginReason(entry.name));
      return;
    }
    const id = pluginId(entry.options);
    candidates[kind].push({ plugin: { options: entry.options, where: `plugins['${entry.name}']` }, id });
  });

  asList(config.themes).forEach((raw, index) => {
    const entry = readEntry(raw);
    if (!entry) return;
    if (entry.name && shortName(entry.name, 'theme') === 'classic') {
      // The classic theme is what docsite's own theme stands in for; only its options need a word.
      customCss.push(...themeStylesheets(entry.options, `themes['${entry.name}']`, siteDir, warnings));
      return;
    }
    const label = entry.name ?? `themes[${index}]`;
    warnings.notCarried(`themes['${label}']`, entry.name && SEARCH_PACKAGES.test(entry.name) ? SEARCH_REASON : entry.name && /openapi/i.test(entry.name) ? "docsite's API reference has its own theme" : entry.name && /theme-mermaid/.test(entry.name) ? 'docsite draws Mermaid diagrams itself' : 'docsite has its own theme');
  });

  const selected: SelectedPlugins = { api, ...(customCss.length ? { customCss: [...new Set(customCss)] } : {}), ...(redirects ? { redirects } : {}) };
  for (const kind of Object.keys(candidates) as ContentKind[]) {
    const list = candidates[kind];
    if (list.length === 0) continue;
    if (kind === 'docs') {
      // docsite's `docs` is the default instance; with the classic preset's docs off, the first docs plugin on.
      const main = list.find((candidate) => candidate.id === 'default' && candidate.plugin !== false) ?? list.find((candidate) => candidate.plugin !== false) ?? list[0]!;
      selected.docs = main.plugin;
      selected.docsId = main.id;
      selected.docsInstances = extraDocsInstances(list, main, warnings);
      continue;
    }
    // docsite builds one blog: the default instance, or else the first one.
    const chosen = list.find((candidate) => candidate.id === 'default') ?? list[0]!;
    selected[kind] = chosen.plugin;
    for (const other of list) {
      if (other === chosen || other.plugin === false) continue;
      warnings.notCarried(`${other.plugin.where} (id '${other.id}')`, `docsite builds one ${kind} per site`);
    }
  }
  return selected;
}

function pluginId(options: unknown): string {
  return isRecord(options) && typeof options.id === 'string' ? options.id : 'default';
}

/** Docs plugins beside the main one become docsite's docsInstances; a second plugin with an id already taken cannot. */
function extraDocsInstances(list: { plugin: ContentPlugin | false; id: string }[], chosen: { id: string }, warnings: WarningList): DocsInstancePlugin[] {
  const taken = new Set([chosen.id]);
  const instances: DocsInstancePlugin[] = [];
  for (const candidate of list) {
    if (candidate === chosen || candidate.plugin === false) continue;
    if (taken.has(candidate.id)) {
      warnings.notCarried(`${candidate.plugin.where} (id '${candidate.id}')`, 'another docs plugin has this id: give each its own');
      continue;
    }
    taken.add(candidate.id);
    instances.push({ ...candidate.plugin, id: candidate.id });
  }
  return instances;
}

/** The theme's `customCss` files that exist (site-relative); the options it has beside them are noted. */
function themeStylesheets(options: Record<string, unknown>, where: string, siteDir: string, warnings: WarningList): string[] {
  const files: string[] = [];
  for (const file of asList(options.customCss)) {
    if (typeof file !== 'string') {
      warnings.notCarried(`${where}.customCss`, 'docsite takes the paths of stylesheets');
      continue;
    }
    // require.resolve('./src/css/custom.css') gives an absolute path: name the file as the site does.
    const path = sitePath(siteDir, file);
    if (existsSync(join(siteDir, path))) files.push(path);
    else warnings.notCarried(`${where}.customCss ('${path}')`, 'no such file');
  }
  warnings.unhandledKeys(options, ['customCss'], `${where}.`);
  return files;
}

function pluginReason(name: string): string {
  if (SEARCH_PACKAGES.test(name)) return SEARCH_REASON;
  if (/gtag|analytics|tag-manager/i.test(name)) return ANALYTICS_REASON;
  return 'docsite runs no Docusaurus plugins';
}

function asList(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}
