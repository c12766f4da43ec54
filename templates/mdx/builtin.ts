import { TabItem, Tabs } from './Tabs';

// The components every MDX page can use without importing them. Add new ones here.
export const builtinMdxComponents = { Tabs, TabItem };
