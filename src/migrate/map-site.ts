import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALE_LABELS } from '../config/schema';
import { aString, aStringList, carry, oneOf, sitePath } from './carry';
import { isRecord } from '../shared/is-record';
import type { WarningList } from './warnings';

// The site-wide keys of a Docusaurus config (title, url, i18n, head tags, ...) -> docsite's.

const ATTRIBUTE_NAME = /^[a-z][a-z0-9:_-]*$/i;

const SITE_REASONS: Record<string, string> = {
  scripts: 'docsite adds no script tags',
  clientModules: 'docsite loads no client modules',
  webpack: 'docsite bundles with esbuild',
  deploymentBranch: 'docsite has no deploy command',
  githubHost: 'docsite has no deploy command',
  githubPort: 'docsite has no deploy command',
  noIndex: 'docsite has no noIndex option',
  onDuplicateRoutes: 'docsite always fails on two pages with one route',
  titleDelimiter: "docsite titles pages 'Page | Site'",
  baseUrlIssueBanner: 'docsite always shows a banner when the site is served from the wrong base URL',
  ssrTemplate: 'docsite has its own HTML shell',
};

const MARKDOWN_REASONS: Record<string, string> = {
  mermaid: 'docsite draws ```mermaid fences on every site: the switch is not needed',
  format: 'docsite reads .md and .mdx files alike, as MDX',
  mdx1Compat: 'docsite reads MDX 3',
  remarkRehypeOptions: 'docsite has its own Markdown pipeline',
  preprocessor: 'docsite has its own Markdown pipeline',
  parseFrontMatter: 'docsite parses front matter itself',
  anchors: 'docsite gives headings github-slugger ids',
};

/** The Docusaurus keys this module and the content and theme mappings deal with. */
export const HANDLED_SITE_KEYS = [
  'title',
  'tagline',
  'url',
  'baseUrl',
  'favicon',
  'trailingSlash',
  'onBrokenLinks',
  'onBrokenAnchors',
  'onBrokenMarkdownLinks',
  'organizationName',
  'projectName',
  'staticDirectories',
  'i18n',
  'headTags',
  'stylesheets',
  'markdown',
  'future',
  'presets',
  'plugins',
  'themes',
  'themeConfig',
  'customFields',
];

export function mapSiteKeys(config: Record<string, unknown>, siteDir: string, warnings: WarningList): Record<string, unknown> {
  const site: Record<string, unknown> = {};
  carry(config, site, 'title', aString, '', warnings);
  carry(config, site, 'tagline', aString, '', warnings);
  carry(config, site, 'url', aString, '', warnings);
  carry(config, site, 'baseUrl', aString, '', warnings);
  carry(config, site, 'favicon', aString, '', warnings);
  const headTags = [...mapHeadTags(config.headTags, warnings), ...mapStylesheets(config.stylesheets, warnings)];
  if (headTags.length) site.headTags = headTags;
  if (typeof config.trailingSlash === 'boolean') site.trailingSlash = config.trailingSlash;
  for (const key of ['onBrokenLinks', 'onBrokenAnchors']) mapBrokenPolicy(config, site, key, warnings);
  noteBrokenMarkdownLinks(config, warnings);
  carry(config, site, 'organizationName', aString, '', warnings);
  carry(config, site, 'projectName', aString, '', warnings);
  if (carry(config, site, 'staticDirectories', aStringList, '', warnings)) {
    site.staticDirectories = (site.staticDirectories as string[]).map((dir) => sitePath(siteDir, dir));
  }
  const storage = mapFuture(config.future, warnings);
  if (storage) site.siteStorage = storage;
  const i18n = mapI18n(config.i18n, siteDir, typeof site.baseUrl === 'string' ? site.baseUrl : '/', warnings);
  if (i18n) site.i18n = i18n;
  noteMarkdown(config.markdown, warnings);
  // Pages read them as `siteConfig.customFields`: carried as data (functions and the like cannot be written out).
  if (isRecord(config.customFields)) {
    const data = JSON.parse(JSON.stringify(config.customFields)) as Record<string, unknown>;
    if (Object.keys(data).length) site.customFields = data;
  } else if (config.customFields !== undefined) warnings.notCarried('customFields', 'docsite takes an object');
  warnings.unhandledKeys(config, HANDLED_SITE_KEYS, '', SITE_REASONS);
  return site;
}

/** docsite has throw, warn and ignore; Docusaurus also has log, which is a quieter warn. */
function mapBrokenPolicy(config: Record<string, unknown>, site: Record<string, unknown>, key: string, warnings: WarningList): void {
  const value = config[key];
  if (value === 'log') {
    site[key] = 'warn';
    warnings.add(`${key} 'log' is written as 'warn' (docsite has throw, warn and ignore)`, key);
    return;
  }
  carry(config, site, key, oneOf('throw', 'warn', 'ignore'), '', warnings);
}

function noteBrokenMarkdownLinks(config: Record<string, unknown>, warnings: WarningList): void {
  const reason = 'docsite checks links to Markdown files with the other links, by onBrokenLinks';
  if (config.onBrokenMarkdownLinks !== undefined) warnings.notCarried('onBrokenMarkdownLinks', reason);
  const hooks = isRecord(config.markdown) ? config.markdown.hooks : undefined;
  if (isRecord(hooks)) {
    if (hooks.onBrokenMarkdownLinks !== undefined) warnings.notCarried('markdown.hooks.onBrokenMarkdownLinks', reason);
    if (hooks.onBrokenMarkdownImages !== undefined) warnings.notCarried('markdown.hooks.onBrokenMarkdownImages', 'docsite checks images with the other links');
    warnings.unhandledKeys(hooks, ['onBrokenMarkdownLinks', 'onBrokenMarkdownImages'], 'markdown.hooks.');
  }
}

function noteMarkdown(markdown: unknown, warnings: WarningList): void {
  if (!isRecord(markdown)) return;
  // `markdown.mermaid: false` and `format: 'mdx'` say what docsite does anyway.
  const meaningful = Object.fromEntries(Object.entries(markdown).filter(([key, value]) => !(key === 'mermaid' && value === false) && !(key === 'format' && value === 'mdx')));
  warnings.unhandledKeys(meaningful, ['hooks'], 'markdown.', MARKDOWN_REASONS);
}

/** Docusaurus keeps the storage choice under `future.experimental_storage`. */
function mapFuture(future: unknown, warnings: WarningList): Record<string, unknown> | undefined {
  if (!isRecord(future)) return undefined;
  let storage: Record<string, unknown> | undefined;
  const experimental = future.experimental_storage;
  if (isRecord(experimental)) {
    const type: Record<string, unknown> = {};
    if (carry(experimental, type, 'type', oneOf('localStorage', 'sessionStorage'), 'future.experimental_storage.', warnings)) storage = type;
    warnings.unhandledKeys(experimental, ['type'], 'future.experimental_storage.', { namespace: 'docsite names its storage keys itself' });
  }
  warnings.unhandledKeys(future, ['experimental_storage'], 'future.', {});
  return storage;
}

/**
 * Docusaurus's i18n -> docsite's, which builds every locale as Docusaurus does: the default at the root, the
 * others under /<locale>/, from the translations in i18n/<locale>/, laid out as Docusaurus lays them out.
 */
function mapI18n(i18n: unknown, siteDir: string, baseUrl: string, warnings: WarningList): Record<string, unknown> | undefined {
  if (!isRecord(i18n)) return undefined;
  const result: Record<string, unknown> = {};
  carry(i18n, result, 'defaultLocale', aString, 'i18n.', warnings);
  const defaultLocale = (result.defaultLocale as string | undefined) ?? 'en';
  let locales = [defaultLocale];
  if (carry(i18n, result, 'locales', aStringList, 'i18n.', warnings)) locales = [...new Set([defaultLocale, ...(result.locales as string[])])];
  // i18n.path is where Docusaurus looks for the translations; docsite looks in i18n/.
  if (i18n.path !== undefined && sitePath(siteDir, String(i18n.path)) !== 'i18n') warnings.notCarried(`i18n.path ('${String(i18n.path)}')`, 'docsite reads translations from i18n/: move them there');
  if (isRecord(i18n.localeConfigs)) {
    const configs: Record<string, Record<string, unknown>> = {};
    for (const [locale, value] of Object.entries(i18n.localeConfigs)) {
      // Docusaurus reads the settings of the locales it builds only, and so does docsite's schema.
      if (!locales.includes(locale) || !isRecord(value)) continue;
      const localeConfig = mapLocaleConfig(locale, value, { isDefault: locale === defaultLocale, baseUrl }, warnings);
      if (Object.keys(localeConfig).length) configs[locale] = localeConfig;
    }
    if (Object.keys(configs).length) result.localeConfigs = configs;
  }
  keepDocusaurusLabels(locales, result);
  noteUntranslatedLocales(locales.filter((locale) => locale !== defaultLocale), result, siteDir, warnings);
  warnings.unhandledKeys(i18n, ['defaultLocale', 'locales', 'localeConfigs', 'path'], 'i18n.');
  return result;
}

const LOCALE_PATH = /^[a-zA-Z0-9_-]+$/;

/** One locale's settings. Docusaurus's `path` names the locale's folder under i18n/; docsite's, its folder and its URL segment. */
function mapLocaleConfig(locale: string, value: Record<string, unknown>, site: { isDefault: boolean; baseUrl: string }, warnings: WarningList): Record<string, unknown> {
  const prefix = `i18n.localeConfigs.${locale}.`;
  const localeConfig: Record<string, unknown> = {};
  carry(value, localeConfig, 'label', aString, prefix, warnings);
  carry(value, localeConfig, 'direction', oneOf('ltr', 'rtl'), prefix, warnings);
  carry(value, localeConfig, 'htmlLang', aString, prefix, warnings);
  const folder = value.path;
  if (typeof folder === 'string' && folder !== locale) {
    if (site.isDefault) {
      // The default locale's pages come from docs/ and blog/ themselves: its folder holds code.json and the like only.
      warnings.notCarried(`${prefix}path`, "docsite reads the default locale's translations from i18n/<locale>/");
    } else if (!LOCALE_PATH.test(folder)) {
      warnings.notCarried(`${prefix}path`, 'docsite takes a folder name of letters, digits, "_" or "-"');
    } else {
      localeConfig.path = folder;
      warnings.add(`${prefix}path '${folder}' names the folder of the translations, as in Docusaurus, and in docsite also the URL segment: the pages of '${locale}' move from /${locale}/ to /${folder}/`, `${prefix}path`);
    }
  } else if (folder !== undefined && typeof folder !== 'string') {
    warnings.notCarried(`${prefix}path`, 'docsite takes a folder name');
  }
  // Docusaurus 3.8's own base URL of a locale: docsite's is the site's base URL, then the locale's path for the others.
  const segment = (localeConfig.path as string | undefined) ?? locale;
  const expected = site.isDefault ? site.baseUrl : `${site.baseUrl.replace(/\/?$/, '/')}${segment}/`;
  if (value.baseUrl !== undefined && value.baseUrl !== expected) warnings.notCarried(`${prefix}baseUrl`, `docsite serves this locale at ${expected}`);
  if (value.url !== undefined) warnings.notCarried(`${prefix}url`, "docsite serves every locale on the site's url");
  if (value.translate === false) warnings.notCarried(`${prefix}translate false`, "docsite reads the locale's translations whenever its folder has them");
  warnings.unhandledKeys(value, ['label', 'direction', 'htmlLang', 'path', 'baseUrl', 'url', 'translate'], prefix, {
    calendar: "docsite writes dates in the locale's own calendar",
  });
  return localeConfig;
}

/**
 * Docusaurus names a locale without a label in its own language (Intl.DisplayNames); docsite knows a few such
 * names and shows the code for the others. The language menu keeps Docusaurus's names when they differ.
 */
function keepDocusaurusLabels(locales: string[], result: Record<string, unknown>): void {
  const configs = (result.localeConfigs ?? {}) as Record<string, Record<string, unknown>>;
  for (const locale of locales) {
    if (configs[locale]?.label !== undefined) continue;
    const name = docusaurusLabel(locale);
    if (name === undefined || name === (LOCALE_LABELS[locale] ?? locale)) continue;
    configs[locale] = { label: name, ...configs[locale] };
  }
  if (Object.keys(configs).length) result.localeConfigs = configs;
}

function docusaurusLabel(locale: string): string | undefined {
  try {
    const name = new Intl.DisplayNames(locale, { type: 'language' }).of(locale);
    return name ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : undefined;
  } catch {
    // Not a language tag Intl knows: Docusaurus fails on it too, docsite shows the code.
    return undefined;
  }
}

/**
 * A locale whose folder holds no translations is built from the default locale's files, by docsite as by
 * Docusaurus: pages in the default language under /<locale>/. Sites that fetch their translations at deploy
 * time (Crowdin) have none in the repository; a note says so, since each such locale is a whole copy of the site.
 */
function noteUntranslatedLocales(others: string[], result: Record<string, unknown>, siteDir: string, warnings: WarningList): void {
  const configs = (result.localeConfigs ?? {}) as Record<string, Record<string, unknown>>;
  const empty = others.filter((locale) => {
    const folder = join(siteDir, 'i18n', (configs[locale]?.path as string | undefined) ?? locale);
    return !existsSync(folder) || readdirSync(folder).length === 0;
  });
  if (!empty.length) return;
  const list = empty.map((locale) => `'${locale}'`).join(', ');
  warnings.add(
    `i18n.locales ${list}: no translations in i18n/ for ${empty.length === 1 ? 'this locale' : 'these locales'}, so docsite builds ${empty.length === 1 ? 'its' : 'their'} pages from the default locale's files, as Docusaurus does (a site that downloads its translations before building, from Crowdin for instance, should do so before docsite build too)`,
    'i18n.locales',
  );
}

/** Attribute values as HTML has them: true is a bare attribute, false and null leave it out. */
function attributes(raw: Record<string, unknown>, where: string, warnings: WarningList): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === false || value === null || value === undefined) continue;
    if (!ATTRIBUTE_NAME.test(name) || !['string', 'number', 'boolean'].includes(typeof value)) {
      warnings.notCarried(`${where}.${name}`, 'docsite takes attributes with names of letters, digits, ":", "_" or "-" and text values');
      continue;
    }
    result[name] = value === true ? '' : String(value);
  }
  return result;
}

function mapHeadTags(value: unknown, warnings: WarningList): Record<string, unknown>[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((tag, index) => {
    const where = `headTags[${index}]`;
    if (!isRecord(tag) || (tag.tagName !== 'link' && tag.tagName !== 'meta')) {
      const name = isRecord(tag) && typeof tag.tagName === 'string' ? ` (<${tag.tagName}>)` : '';
      warnings.notCarried(`${where}${name}`, "docsite's headTags take link and meta tags only");
      return [];
    }
    if (tag.innerHTML !== undefined) warnings.notCarried(`${where}.innerHTML`, 'link and meta tags have no content');
    return [{ tagName: tag.tagName, attributes: attributes(isRecord(tag.attributes) ? tag.attributes : {}, `${where}.attributes`, warnings) }];
  });
}

/** `stylesheets` are `<link rel="stylesheet">` tags, which docsite's headTags can hold. */
function mapStylesheets(value: unknown, warnings: WarningList): Record<string, unknown>[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((sheet, index) => {
    if (typeof sheet === 'string') return [{ tagName: 'link', attributes: { rel: 'stylesheet', href: sheet } }];
    if (isRecord(sheet) && typeof sheet.href === 'string') {
      return [{ tagName: 'link', attributes: { rel: 'stylesheet', ...attributes(sheet, `stylesheets[${index}]`, warnings) } }];
    }
    warnings.notCarried(`stylesheets[${index}]`, 'a stylesheet needs an href');
    return [];
  });
}
