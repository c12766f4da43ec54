// What Docusaurus would build from a site's source, counted cheaply from its files: docs (every version a
// docs plugin builds), blog posts, standalone pages, API operations, each times the number of locales. These
// are the "expected" figures `npm run compat` compares docsite's build with. They follow Docusaurus' default include/exclude globs of the content plugins:
// include **/*.{md,mdx} (pages also js/jsx/ts/tsx), exclude **/_*.*, **/_*/**, **/*.test.*, **/__tests__/**;
// and drop drafts (`draft: true` in the front matter), which a production build leaves out.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, isAbsolute, join, relative, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';

const MARKDOWN = new Set(['.md', '.mdx']);
const PAGE_FILES = new Set(['.md', '.mdx', '.js', '.jsx', '.ts', '.tsx']);

function walk(dir, keep, out = []) {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('_') || entry.name === 'node_modules' || entry.name === '__tests__') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, keep, out);
    else if (entry.isFile() && !/\.test\.[jt]sx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && keep(entry.name)) out.push(path);
  }
  return out;
}

function frontMatter(file) {
  const text = readFileSync(file, 'utf8');
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!match) return {};
  try {
    return parseYaml(match[1]) ?? {};
  } catch {
    return {};
  }
}

function countMarkdown(dir) {
  const files = walk(dir, (name) => MARKDOWN.has(extname(name)));
  let drafts = 0;
  for (const file of files) if (frontMatter(file).draft === true) drafts++;
  return { count: files.length - drafts, drafts };
}

function asList(value, fallback) {
  if (value === null) return [];
  if (value === undefined) return [fallback];
  return Array.isArray(value) ? value : [value];
}

/**
 * Operations (path x HTTP method) of an OpenAPI or Swagger document, and its webhooks (OpenAPI 3.1, name x method):
 * each is an API page. Undefined when the document cannot be read.
 */
export function countOperations(file) {
  if (!existsSync(file)) return undefined;
  let doc;
  try {
    const text = readFileSync(file, 'utf8');
    doc = file.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
  } catch {
    return undefined;
  }
  const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
  let count = 0;
  for (const item of [...Object.values(doc?.paths ?? {}), ...Object.values(doc?.webhooks ?? {})]) {
    if (item && typeof item === 'object') count += methods.filter((method) => method in item).length;
  }
  return count;
}

/** The main docs' plugin id: its versions files have no `<id>_` prefix. */
const DEFAULT_DOCS_ID = 'default';

function readJsonList(file) {
  if (!existsSync(file)) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(parsed) ? parsed.filter((name) => typeof name === 'string') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The versions a Docusaurus docs plugin builds, as [name, folder relative to the site folder]: `current` (the
 * docs folder itself) when includeCurrentVersion, then each name of its versions.json (`<id>_versions.json`
 * for a plugin other than the main one) whose folder exists, all filtered by onlyIncludeVersions. Without
 * versions.json, or with disableVersioning, the docs folder alone.
 */
export function docsVersionsOf(siteDir, plugin, currentDir) {
  const prefix = plugin.id === DEFAULT_DOCS_ID ? '' : `${plugin.id}_`;
  const names = plugin.disableVersioning ? [] : (readJsonList(join(siteDir, `${prefix}versions.json`)) ?? []);
  if (!names.length) return [['current', currentDir]];
  const released = names.map((name) => [name, `${prefix}versioned_docs/version-${name}`]).filter(([, dir]) => existsSync(join(siteDir, dir)));
  const all = [...(plugin.includeCurrentVersion === false ? [] : [['current', currentDir]]), ...released];
  return plugin.onlyIncludeVersions ? all.filter(([name]) => plugin.onlyIncludeVersions.includes(name)) : all;
}

/**
 * Expected figures for a site folder (its own copy of the Docusaurus source). `options` are the docs plugins'
 * versions options and the locales (site-config.mjs, read from the migrated config); without them (the config
 * could not be read) the figures are those of the current docs in one locale.
 */
export function expectedCounts(siteDir, site, options) {
  const docsDirs = asList(site.docs, 'docs');
  const blogDirs = asList(site.blog, 'blog');
  const pagesDirs = asList(site.pages, 'src/pages');
  // Pages an OpenAPI plugin generated into the docs (docusaurus-plugin-openapi-docs' outputDir): Docusaurus
  // routes them as docs, docsite replaces them with its own API reference, so they are expected as API pages
  // and left out of the docs, in every version of the docs folder that holds them (at the same place in it).
  const generated = (site.generatedApiDocs ?? []).map((dir) => resolve(siteDir, dir));
  const generatedIn = (versionDir, currentDir) => {
    let n = 0;
    for (const dir of generated) {
      const inside = relative(currentDir, dir);
      if (inside !== '' && !inside.startsWith('..') && !isAbsolute(inside)) n += countMarkdown(join(versionDir, inside)).count;
    }
    return n;
  };
  const plugins = options?.docsPlugins ?? [];
  let drafts = 0;
  let generatedApiDocs = 0;
  let docs = 0;
  let docsCurrent = 0;
  const docsVersions = {};
  for (const dir of docsDirs) {
    const currentDir = resolve(siteDir, dir);
    // The plugin whose folder this is decides its versions; a folder no plugin of the config names is built alone.
    const plugin = plugins.find((p) => resolve(siteDir, p.path) === currentDir);
    const counts = {};
    for (const [name, versionDir] of plugin ? docsVersionsOf(siteDir, plugin, dir) : [['current', dir]]) {
      const counted = countMarkdown(resolve(siteDir, versionDir));
      const left = generatedIn(resolve(siteDir, versionDir), currentDir);
      counts[name] = counted.count - left;
      drafts += counted.drafts;
      generatedApiDocs += left;
      docs += counts[name];
    }
    // The docs folder's own figure, built or not (includeCurrentVersion false): what was expected before versions counted.
    docsCurrent += counts.current ?? countMarkdown(currentDir).count - generatedIn(currentDir, currentDir);
    docsVersions[plugin?.id ?? dir] = counts;
  }
  let posts = 0;
  for (const dir of blogDirs) {
    const counted = countMarkdown(resolve(siteDir, dir));
    posts += counted.count;
    drafts += counted.drafts;
  }
  let pages = 0;
  for (const dir of pagesDirs) {
    const files = walk(resolve(siteDir, dir), (name) => PAGE_FILES.has(extname(name)));
    pages += files.filter((file) => !MARKDOWN.has(extname(file)) || frontMatter(file).draft !== true).length;
  }
  let api;
  for (const spec of site.apiSpecs ?? []) {
    const n = countOperations(resolve(siteDir, spec));
    if (n !== undefined) api = (api ?? 0) + n;
  }
  // Docusaurus builds every locale in full: a file not translated in i18n/<locale>/ is built from the default
  // locale's, so each locale has every doc, post, page and API page.
  const locales = options?.locales ?? [];
  const times = Math.max(1, locales.length);
  const i18nDir = join(siteDir, 'i18n');
  // Context, not compared: the locales with a folder of translations.
  const translatedLocales = existsSync(i18nDir) ? readdirSync(i18nDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name) : [];
  return {
    docs: docs * times,
    posts: posts * times,
    pages: pages * times,
    api: api === undefined ? undefined : api * times,
    docsCurrent,
    docsVersions,
    ...(options?.locales ? { locales: options.locales } : {}),
    ...(generatedApiDocs ? { generatedApiDocs } : {}),
    drafts,
    translatedLocales,
    ...(options?.error ? { configError: options.error } : {}),
  };
}
