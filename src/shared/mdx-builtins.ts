// Components that MDX content may use without importing them (`<Tabs>` as Docusaurus users write it), and the
// module each one comes from. A page's chunk imports those its content uses, and only those: a page without
// tabs loads no tab code. Add a new global component here (and its `@theme/<Name>` module in templates/mdx/theme).

export const BUILTIN_MDX_COMPONENTS: Record<string, string> = {
  Tabs: '@theme/Tabs',
  TabItem: '@theme/TabItem',
};
