import { defaultDirection, LOCALE_LABELS, type SiteConfig } from './schema';
import { withPluginScopesOf } from './markdown-plugins';
import { DocsiteError } from '../core/errors';

// The site's locales as the build sees them. A translated locale is built as a site of its own whose base URL
// carries the locale's prefix (`/fr/`): every link, asset and route of it follows without another change,
// and what differs (texts, the language, the direction) is read from `localeBuild`.

export interface SiteLocale {
  code: string;
  /** URL segment and folder under i18n/: the code unless `localeConfigs` says otherwise. */
  path: string;
  label: string;
  /** `<html lang>` and hreflang. */
  htmlLang: string;
  direction: 'ltr' | 'rtl';
  isDefault: boolean;
  /** Where its pages are, with the site's base URL: `/` for the default locale, `/fr/` for another. */
  base: string;
}

/** Every locale of the site, the default first; the default locale counts even when `locales` leaves it out. */
export function siteLocales(config: SiteConfig): SiteLocale[] {
  const { defaultLocale, locales, localeConfigs } = config.i18n;
  const codes = [defaultLocale, ...locales.filter((code) => code !== defaultLocale)];
  const siteBase = siteBaseUrlOf(config);
  return codes.map((code) => {
    const own = localeConfigs[code] ?? {};
    const path = own.path ?? code;
    return {
      code,
      path,
      label: own.label ?? LOCALE_LABELS[code] ?? code,
      htmlLang: own.htmlLang ?? code,
      direction: own.direction ?? defaultDirection(code),
      isDefault: code === defaultLocale,
      base: code === defaultLocale ? siteBase : `${siteBase.replace(/\/?$/, '/')}${path}/`,
    };
  });
}

/** A locale of the site named on the command line (`--locale`); an error naming the config file when there is none. */
export function localeNamed(config: SiteConfig, code: string, configFile: string | undefined): SiteLocale {
  const locales = siteLocales(config);
  const locale = locales.find((candidate) => candidate.code === code);
  if (!locale) throw new DocsiteError(`--locale ${code}: the site has no such locale (i18n.locales: ${locales.map((entry) => entry.code).join(', ')})`, configFile ? { file: configFile } : undefined);
  return locale;
}

/** The locale a config's pages are in. */
export function currentLocaleOf(config: SiteConfig): string {
  return config.localeBuild?.locale ?? config.i18n.defaultLocale;
}

/** The site's base URL without any locale prefix. */
function siteBaseUrlOf(config: SiteConfig): string {
  return config.localeBuild?.siteBaseUrl ?? config.baseUrl;
}

/** The config of one locale's build: the default locale's is the config itself. */
export function configForLocale(config: SiteConfig, code: string): SiteConfig {
  const locale = localeNamed(config, code, undefined);
  if (locale.isDefault) return config;
  return withPluginScopesOf({ ...config, baseUrl: locale.base, localeBuild: { locale: code, siteBaseUrl: config.baseUrl } }, config);
}

/** The folder of a locale's translations, relative to the site folder. */
export function translationsDirOf(config: SiteConfig): string | undefined {
  const code = config.localeBuild?.locale;
  if (!code) return undefined;
  return `i18n/${siteLocales(config).find((locale) => locale.code === code)?.path ?? code}`;
}
