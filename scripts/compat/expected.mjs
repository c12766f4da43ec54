// What Docusaurus would build from a site's source, counted cheaply from its files: docs (current version),
// blog posts, standalone pages, API operations. These are the "expected" figures `npm run compat` compares
// docsite's build with. They follow Docusaurus' default include/exclude globs of the content plugins:
// include **/*.{md,mdx} (pages also js/jsx/ts/tsx), exclude **/_*.*, **/_*/**, **/*.test.*, **/__tests__/**;
// and drop drafts (`draft: true` in the front matter), which a production build leaves out.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
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

/** Expected figures for a site folder (its own copy of the Docusaurus source, before migrating). */
export function expectedCounts(siteDir, site) {
  const docsDirs = asList(site.docs, 'docs');
  const blogDirs = asList(site.blog, 'blog');
  const pagesDirs = asList(site.pages, 'src/pages');
  let docs = 0;
  let docDrafts = 0;
  for (const dir of docsDirs) {
    const counted = countMarkdown(resolve(siteDir, dir));
    docs += counted.count;
    docDrafts += counted.drafts;
  }
  // Pages an OpenAPI plugin generated into the docs (docusaurus-plugin-openapi-docs' outputDir): Docusaurus
  // routes them as docs, docsite replaces them with its own API reference, so they are expected as API pages.
  let generatedApiDocs = 0;
  for (const dir of site.generatedApiDocs ?? []) generatedApiDocs += countMarkdown(resolve(siteDir, dir)).count;
  docs -= generatedApiDocs;
  let posts = 0;
  let postDrafts = 0;
  for (const dir of blogDirs) {
    const counted = countMarkdown(resolve(siteDir, dir));
    posts += counted.count;
    postDrafts += counted.drafts;
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
  // Context, not compared: how many versioned docs and translations the site also has.
  const versionedDocs = walk(join(siteDir, 'versioned_docs'), (name) => MARKDOWN.has(extname(name))).length;
  const versionsFile = join(siteDir, 'versions.json');
  let versions = 0;
  try {
    if (existsSync(versionsFile)) versions = JSON.parse(readFileSync(versionsFile, 'utf8')).length;
  } catch {
    versions = 0;
  }
  const i18nDir = join(siteDir, 'i18n');
  const locales = existsSync(i18nDir) ? readdirSync(i18nDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name) : [];
  return { docs, posts, pages, api, ...(generatedApiDocs ? { generatedApiDocs } : {}), drafts: docDrafts + postDrafts, versions, versionedDocs, translatedLocales: locales };
}
