// `import useBaseUrl from '@docusaurus/useBaseUrl'`.
export { useBaseUrl as default } from '../../client-api';
