// `import TabItem from '@theme/TabItem'`.
export { TabItem as default } from '../Tabs';
