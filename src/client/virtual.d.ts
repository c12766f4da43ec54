// Modules the build generates for the client bundle (see src/build/virtual-modules.ts).
declare module 'docsite:site' {
  import type { SiteData } from '../shared/types';
  const site: SiteData;
  export default site;
}

declare module '*.css';
