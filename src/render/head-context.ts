import type { SiteConfig } from '../config/schema';
import type { SiteContent } from '../content';
import { feedLinks } from '../routes/feeds';
import { withBase } from '../shared/url';
import { siteLocales } from '../config/locales';
import type { HeadContext } from './render';

/** Site-wide facts for every page's head: locales, the default social card, feeds, the config's headTags and metadata. */
export function headContextOf(config: SiteConfig, content: SiteContent): HeadContext {
  return {
    // Every locale's URL prefix: a page's translations are at the same path under each (hreflang alternates).
    locales: siteLocales(config).map((locale) => ({
      hreflang: locale.htmlLang,
      base: locale.base,
      isDefault: locale.isDefault,
    })),
    ...(config.themeConfig.image ? { defaultImage: config.themeConfig.image } : {}),
    feeds: feedLinks(config, content.posts.some((post) => !post.unlisted)),
    extraTags: [
      ...config.headTags.map((tag) => ({ tagName: tag.tagName, attributes: withBaseOnUrls(config.baseUrl, tag.attributes) })),
      // themeConfig.metadata: Docusaurus's extra <meta> tags, one per attribute record.
      ...config.themeConfig.metadata.map((attributes) => ({ tagName: 'meta' as const, attributes })),
    ],
  };
}

/** `href` and `src` that start at the site root get the base URL, like every other site-absolute link. */
function withBaseOnUrls(base: string, attributes: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(attributes).map(([name, value]) => [name, (name === 'href' || name === 'src') && value.startsWith('/') && !value.startsWith('//') ? withBase(base, value) : value]));
}
