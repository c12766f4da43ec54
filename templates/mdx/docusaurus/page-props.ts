import { useLocation } from './router';
import useDocusaurusContext from './useDocusaurusContext';

// The props Docusaurus gives a page component: `config` (the site config, as v1 pages read it) and `location`.
export function useDocusaurusPageProps() {
  return { config: useDocusaurusContext().siteConfig, location: useLocation() };
}
