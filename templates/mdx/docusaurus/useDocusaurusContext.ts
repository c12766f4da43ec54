import customFields from 'docsite:custom-fields';
import { useSite } from '../../context/site';

// `import useDocusaurusContext from '@docusaurus/useDocusaurusContext'`: the site's settings as `siteConfig`
// (title, tagline, url, baseUrl, organizationName, projectName, the config's customFields, navbar, footer and colour
// mode as themeConfig), which is what pages read from it.
export default function useDocusaurusContext() {
  const site = useSite();
  const siteConfig = { ...site, customFields, themeConfig: { navbar: site.navbar, footer: site.footer, colorMode: site.colorMode } };
  return { siteConfig, siteMetadata: {}, globalData: {}, i18n: { currentLocale: site.locale, defaultLocale: site.locale, locales: [site.locale] } };
}
