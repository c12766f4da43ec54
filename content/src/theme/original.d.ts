// Types of the docsite originals this site's overrides wrap (see DocItem/Footer/index.tsx).
declare module '@theme-original/DocItem/Footer' {
  import type { ComponentType } from 'react';
  const DocItemFooter: ComponentType<{
    tags: { label: string; permalink: string }[];
    editUrl?: string;
    lastUpdate?: { date: number; author?: string };
  }>;
  export default DocItemFooter;
}
