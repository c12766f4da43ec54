// `import Tabs from '@theme/Tabs'` (Docusaurus' way of writing it): docsite's tabs.
export { Tabs as default } from '../Tabs';
