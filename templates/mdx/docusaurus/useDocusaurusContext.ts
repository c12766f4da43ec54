import { useSite } from '../../context/site';

// `import useDocusaurusContext from '@docusaurus/useDocusaurusContext'`: the site's settings as `siteConfig`
// (title, tagline, url, baseUrl, organizationName, projectName, navbar and footer as themeConfig), which is what
// pages read from it. docsite has no custom fields: `customFields` is empty.
export default function useDocusaurusContext() {
  const site = useSite();
  const siteConfig = { ...site, customFields: {} as Record<string, unknown>, themeConfig: { navbar: site.navbar, footer: site.footer, colorMode: site.colorMode } };
  return { siteConfig, siteMetadata: {}, globalData: {}, i18n: { currentLocale: site.locale, defaultLocale: site.locale, locales: [site.locale] } };
}
