import { TabItem, Tabs } from './Tabs';

// Components every MDX page can use without importing them. Add new ones here.
export const mdxComponents = { Tabs, TabItem };
