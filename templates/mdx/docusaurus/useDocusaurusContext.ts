import { useSite } from '../../context/site';

// `import useDocusaurusContext from '@docusaurus/useDocusaurusContext'`: the site's settings as
// `siteConfig` (title, tagline, url, baseUrl), which is what pages read from it.
export default function useDocusaurusContext() {
  const site = useSite();
  return { siteConfig: { ...site, customFields: {} } };
}
