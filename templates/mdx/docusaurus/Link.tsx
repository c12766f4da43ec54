// `import Link from '@docusaurus/Link'`: docsite's Link (base URL applied, external targets open safely).
export { Link as default } from '../../client-api';
