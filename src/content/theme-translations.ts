import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { positionAt } from '../config/locate';
import { DocsiteError } from '../core/errors';
import { isRecord } from '../shared/is-record';
import type { SiteConfig } from '../config/schema';
import type { ChromeMessages } from '../config/site-data';
import { withPluginScopesOf } from '../config/markdown-plugins';
import { configForLocale, translationsDirOf } from '../config/locales';

// A Docusaurus site's translation files, `{ "<id>": { "message": "…" } }` (what `docusaurus write-translations`
// makes): `i18n/<locale>/code.json` for theme strings (docsite gives the theme the messages of the ids it knows,
// config/theme-strings.ts), and `docusaurus-theme-classic/navbar.json` and `footer.json` for the navbar's and
// footer's labels. A missing file is no translation.

/** What a locale's folder translates of the site's chrome, by Docusaurus's ids. */
export interface ChromeTranslations extends ChromeMessages {
  /** code.json: the theme's strings. */
  theme: Record<string, string>;
}

/** The translations of a locale's folder (`i18n/<locale>`, relative to the site folder). */
export async function loadChromeTranslations(siteDir: string, localeDir: string): Promise<ChromeTranslations> {
  const [theme, navbar, footer] = await Promise.all([
    readTranslationMessages(siteDir, posix.join(localeDir, 'code.json')),
    readTranslationMessages(siteDir, posix.join(localeDir, 'docusaurus-theme-classic', 'navbar.json')),
    readTranslationMessages(siteDir, posix.join(localeDir, 'docusaurus-theme-classic', 'footer.json')),
  ]);
  return { theme, navbar, footer };
}

/** The messages of the default locale's `code.json`, by id; empty when the site has none. */
export async function loadThemeTranslations(siteDir: string, locale: string): Promise<Record<string, string>> {
  return readTranslationMessages(siteDir, posix.join('i18n', locale, 'code.json'));
}

/** The messages of one translation file (`source`, relative to the site folder), by id; empty when it does not exist. */
export async function readTranslationMessages(siteDir: string, source: string): Promise<Record<string, string>> {
  let text: string;
  try {
    text = await readFile(join(siteDir, source), 'utf8');
  } catch {
    return {};
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    // V8 names the offset of the mistake ("... in JSON at position 52"): reported as its line and column.
    const offset = /position (\d+)/.exec((error as Error).message)?.[1];
    throw new DocsiteError(`invalid JSON: ${(error as Error).message.replace(/ in JSON at position \d+.*$/, '')}`, { file: source, ...(offset === undefined ? {} : positionAt(text, Number(offset))) }, { cause: error });
  }
  if (!isRecord(parsed)) throw new DocsiteError('expected an object of translations: { "<id>": { "message": "…" } }', { file: source });
  const messages: Record<string, string> = {};
  for (const [id, entry] of Object.entries(parsed)) {
    // Docusaurus writes `{ message, description }`; a bare string is taken as the message too.
    const message = typeof entry === 'string' ? entry : isRecord(entry) && typeof entry.message === 'string' ? entry.message : undefined;
    if (message === undefined) throw new DocsiteError(`"${id}": expected { "message": "…" }`, { file: source });
    messages[id] = message;
  }
  return messages;
}

/**
 * A translated locale's config: the blog's title, description and sidebar heading from its
 * `docusaurus-plugin-content-blog/options.json` (`title`, `description`, `sidebar.title`), over the config's.
 */
export async function withTranslatedOptions(siteDir: string, config: SiteConfig, localeDir: string | undefined): Promise<SiteConfig> {
  if (!localeDir) return config;
  const blog = await readTranslationMessages(siteDir, posix.join(localeDir, 'docusaurus-plugin-content-blog', 'options.json'));
  if (!Object.keys(blog).length) return config;
  return withPluginScopesOf({
    ...config,
    blog: {
      ...config.blog,
      blogTitle: blog.title ?? config.blog.blogTitle,
      blogDescription: blog.description ?? config.blog.blogDescription,
      blogSidebarTitle: blog['sidebar.title'] ?? config.blog.blogSidebarTitle,
    },
  }, config);
}

/** The config one locale is built with: its base URL and `localeBuild` (config/locales.ts), and its translated options. */
export async function localeSiteConfig(siteDir: string, config: SiteConfig, code: string): Promise<SiteConfig> {
  const localized = configForLocale(config, code);
  return withTranslatedOptions(siteDir, localized, translationsDirOf(localized));
}
