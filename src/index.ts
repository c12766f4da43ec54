// The public module: what a site's docsite.config.ts imports as `docsite`.
export { defineConfig } from './config/define';
export type { UserConfig } from './config/define';
