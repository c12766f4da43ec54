// The page module and the Root's props are the runtime's and the theme's shared contract (src/shared/theme.ts).
export type { PageModule, RootProps } from '../src/shared/theme';
